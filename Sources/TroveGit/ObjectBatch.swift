import CGit2

/// The ids of the objects written through a batch repository, in order, and its in-memory store.
final class BatchLog {
    var ids: [ObjectID] = []
    /// The mempack backend: blobs are written to it directly (see `Repository.writeBlob`).
    var memory: UnsafeMutablePointer<git_odb_backend>?
}

extension Repository {
    /// Runs `body` with a second handle on this repository whose new objects are
    /// kept in memory, then writes exactly those objects as one pack file.
    ///
    /// libgit2 writes one loose file per object; a bulk import of 10,000
    /// records would otherwise create tens of thousands of files. Ids returned
    /// by `body` are valid in this repository once the pack is written. An
    /// empty batch writes nothing.
    public func batchingObjectWrites<T>(_ body: (Repository) throws -> T) throws -> T {
        var raw: OpaquePointer?
        try check(
            git_repository_open_ext(&raw, gitDirectory, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "open repository for a batch")
        let batch = Repository(pointer: raw!)
        batch.batchLog = BatchLog()
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, batch.pointer), "open object database")
        defer { git_odb_free(odb) }
        var mempack: UnsafeMutablePointer<git_odb_backend>?
        try check(git_mempack_new(&mempack), "make in-memory object store")
        // The odb owns the backend from here on; priority above loose and packed.
        try check(git_odb_add_backend(odb, mempack, 1000), "add in-memory object store")
        batch.batchLog?.memory = mempack
        let result = try body(batch)
        try batch.writePack(of: batch.batchLog!.ids)
        return result
    }

    /// Packs exactly `ids` (git_mempack_dump would pack all that its commits reach, old objects included).
    private func writePack(of ids: [ObjectID]) throws {
        guard !ids.isEmpty else { return }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "start pack")
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 0)
        var seen = Set<ObjectID>()
        for id in ids where seen.insert(id).inserted {
            var raw = id.raw
            try check(git_packbuilder_insert(builder, &raw, nil), "add \(id.short) to pack")
        }
        try check(git_packbuilder_write(builder, nil, 0, nil, nil), "write pack")
    }

    /// Notes an object written through this handle, when it is a batch.
    func logWrite(_ id: ObjectID) {
        batchLog?.ids.append(id)
    }
}

extension Repository {
    /// Writes a blob straight into a batch's in-memory store, when this handle is a batch.
    ///
    /// Through the object database, every new object makes libgit2 look for it on disk and then
    /// rescan the pack folder (`git_odb_refresh`): in a 10,000-record import that rescan, once per
    /// object, cost more than everything else. A batch only ever adds objects, so it skips the search.
    func writeBlobToBatch(_ bytes: [UInt8]) throws -> ObjectID? {
        guard let memory = batchLog?.memory, let write = memory.pointee.write else { return nil }
        var oid = git_oid()
        try bytes.withUnsafeBytes { buffer in
            try check(git_odb_hash(&oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB), "hash blob")
            try check(write(memory, &oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB), "write blob to memory")
        }
        return ObjectID(oid)
    }
}
