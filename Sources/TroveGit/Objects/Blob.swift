import CGit2

extension Repository {
    /// Stores `bytes` as a blob and returns its id.
    public func writeBlob(_ bytes: [UInt8]) throws -> ObjectID {
        if let (id, inMemory) = try writeBlobToBatch(bytes) {
            if inMemory { logWrite(id) }
            return id
        }
        var oid = git_oid()
        _ = try bytes.withUnsafeBytes { buffer in
            try check(git_blob_create_from_buffer(&oid, pointer, buffer.baseAddress, buffer.count), "write blob")
        }
        logWrite(ObjectID(oid))
        return ObjectID(oid)
    }

    /// The contents of the blob `id`.
    public func blob(_ id: ObjectID) throws -> [UInt8] {
        var raw = id.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &raw), "read blob \(id.short)")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// The size of the blob `id` in bytes, from its header, without reading it whole.
    public func blobSize(_ id: ObjectID) throws -> Int {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open the object database")
        defer { git_odb_free(odb) }
        var raw = id.raw
        var size = 0
        var type = GIT_OBJECT_INVALID
        try check(git_odb_read_header(&size, &type, odb, &raw), "read blob \(id.short)")
        return size
    }

    /// The id `bytes` would have as a blob, without storing it.
    public static func blobID(of bytes: [UInt8]) throws -> ObjectID {
        _ = Git.initialized
        var oid = git_oid()
        _ = try bytes.withUnsafeBytes { buffer in
            try check(git_odb_hash(&oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB), "hash blob")
        }
        return ObjectID(oid)
    }

    /// Whether the object database holds `id`.
    public func contains(_ id: ObjectID) -> Bool {
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, pointer) == 0 else { return false }
        defer { git_odb_free(odb) }
        var raw = id.raw
        return git_odb_exists(odb, &raw) == 1
    }
}
