import CGit2
import Crypto
import Glibc

/// The ids of the objects written through a batch repository, in order, and its in-memory store.
final class BatchLog {
    var ids: [ObjectID] = []
    /// The mempack backend: blobs are written to it directly (see `Repository.writeBlob`).
    var memory: UnsafeMutablePointer<git_odb_backend>?
    /// A loose-object writer with the fastest compression, for blobs above `Repository.bigObjectSize`.
    var loose: UnsafeMutablePointer<git_odb_backend>?
    /// The objects written loose, not yet synced.
    var looseIDs: [ObjectID] = []
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
        let batch = try Repository(pointer: raw!)
        batch.batchLog = BatchLog()
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, batch.pointer), "open object database")
        defer { git_odb_free(odb) }
        var mempack: UnsafeMutablePointer<git_odb_backend>?
        try check(git_mempack_new(&mempack), "make in-memory object store")
        // The odb owns the backend from here on; priority above loose and packed.
        try check(git_odb_add_backend(odb, mempack, 1000), "add in-memory object store")
        batch.batchLog?.memory = mempack
        var loose: UnsafeMutablePointer<git_odb_backend>?
        // The fastest level: photos and videos are compressed already. (Level 0 writes objects libgit2 cannot read.)
        // No fsync as each is written: they are synced together below, before the caller commits to them.
        try check(git_odb_backend_loose(&loose, gitDirectory + "objects", 1, 0, 0, 0), "open loose object writer")
        defer { loose?.pointee.free?(loose) }
        batch.batchLog?.loose = loose
        let result = try body(batch)
        try batch.writePack(of: batch.batchLog!.ids)
        try syncLooseObjects(batch.batchLog!.looseIDs)
        return result
    }

    /// Makes the loose objects a batch wrote durable: each file, then each folder that gained one.
    ///
    /// Only these: syncing the whole file system would also wait for every other program's writes.
    private func syncLooseObjects(_ ids: [ObjectID]) throws {
        var folders = Set<String>()
        for id in ids {
            let folder = gitDirectory + "objects/" + id.hex.prefix(2)
            try sync(folder + "/" + id.hex.dropFirst(2), flags: O_RDONLY)
            folders.insert(folder)
        }
        for folder in folders { try sync(folder, flags: O_RDONLY | O_DIRECTORY) }
    }

    private func sync(_ path: String, flags: Int32) throws {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let error = GitError(operation: "sync \(path)", code: -1, message: String(cString: strerror(errno)))
            if descriptor >= 0 { close(descriptor) }
            throw error
        }
        close(descriptor)
    }

    /// Packs exactly `ids`, read back from the batch's in-memory store (git_mempack_dump would pack
    /// all that its commits reach, old objects included).
    private func writePack(of ids: [ObjectID]) throws {
        guard !ids.isEmpty else { return }
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open object database")
        defer { git_odb_free(odb) }
        var seen = Set<ObjectID>()
        let unique = ids.filter { seen.insert($0).inserted }
        var writer = PackWriter(count: unique.count)
        // 4,096 at a time: read (libgit2, one thread), then deflated on every core while they are held open.
        for start in stride(from: 0, to: unique.count, by: 4_096) {
            var opened: [OpaquePointer] = []
            defer { opened.forEach(git_odb_object_free) }
            var objects: [PackWriter.Object] = []
            for id in unique[start..<min(unique.count, start + 4_096)] {
                var raw = id.raw
                var object: OpaquePointer?
                try check(git_odb_read(&object, odb, &raw), "read \(id.short) to pack")
                guard let object else { throw GitError(operation: "read \(id.short) to pack", code: -1, message: "libgit2 gave no object") }
                opened.append(object)
                let data = UnsafeRawBufferPointer(start: git_odb_object_data(object), count: git_odb_object_size(object))
                objects.append(.init(id: id, type: git_odb_object_type(object), data: data))
            }
            try writer.append(contentsOf: objects)
        }
        _ = try writer.write(into: gitDirectory + "objects/pack")
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
    ///
    /// A big blob (a photo, a video) goes to disk at once as a loose object, quickly compressed
    /// instead: its bytes are compressed already, so packing them only costs time (and memory).
    ///
    /// - Returns: the blob's id, and whether it still has to be packed; `nil` when this is no batch.
    func writeBlobToBatch(_ bytes: [UInt8]) throws -> (id: ObjectID, inMemory: Bool)? {
        guard let memory = batchLog?.memory else { return nil }
        let big = bytes.count > Repository.bigObjectSize
        guard let backend = big ? batchLog?.loose : memory, let write = backend.pointee.write else { return nil }
        // The id with BoringSSL's SHA-1: libgit2's collision-detecting one cost a bulk import a twentieth of its time.
        var oid = Self.blobID(bytes).raw
        try bytes.withUnsafeBytes { buffer in
            try check(write(backend, &oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB), "write blob")
        }
        if big { batchLog?.looseIDs.append(ObjectID(oid)) }
        return (ObjectID(oid), !big)
    }

    /// Blobs above this size are photos and videos: packed without a delta search, and written loose by a batch.
    public static let bigObjectSize = 65_536
}
