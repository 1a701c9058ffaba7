import CGit2
import CTroveZlib
import Crypto
import Foundation

/// A pack written a batch of blobs at a time while a transaction runs, then finished once (its object count,
/// checksum and index) before the commit names its objects, or removed if the transaction is given up.
///
/// A large import holds one batch of records at a time and still ends as one pack: one pack per batch had left
/// a 100,000-entry import 7 packs, and every later read looks through each pack's index in turn.
///
/// Until `finish`, libgit2 cannot see these objects: `read` inflates them from the file itself (and goes on doing so
/// after, without mapping the pack, for the commit's checkout). The pack has no
/// deltas, so each entry is its header and its deflated bytes (Documentation/gitformat-pack.txt).
public final class PackStream {
    private let folder: String
    private let temporary: String
    private var descriptor: Int32
    /// Where the next entry goes: after the 12-byte header and the entries so far.
    private var end: UInt64 = 12
    private var entries: [(id: ObjectID, offset: UInt64, crc: UInt32)] = []
    /// Each object's position in `entries`.
    private var positions: [ObjectID: Int] = [:]
    /// The finished pack's path without its extension, once finished.
    public private(set) var finished: String?
    /// A finished pack's index once `releaseIndex` let go of the one in memory: its index file, read with `pread`.
    private var releasedIndex: PackIndexFile?

    /// Starts a pack in `repository`'s pack folder, as a temporary file git ignores.
    ///
    /// The caller holds the store's writer lock: an unfinished pack of a process that is gone (an import killed
    /// midway) is removed first, as nothing can finish it.
    public init(in repository: Repository) throws {
        folder = repository.gitDirectory + "objects/pack"
        Self.removeAbandoned(in: folder)
        temporary = folder + "/\(Self.prefix)\(getpid())_\(UUID().uuidString.prefix(8))"
        descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
        guard descriptor >= 0 else { throw Self.failure("start a pack", temporary) }
        // The count is written when the pack is finished.
        try write(Array("PACK".utf8) + PackWriter.bigEndian(UInt32(2)) + PackWriter.bigEndian(UInt32(0)), at: 0)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Whether `finish` has run: the pack takes no more objects.
    public var isFinished: Bool { finished != nil }

    /// How many objects the pack holds.
    public var count: Int { entries.count }

    /// Appends `blobs` (deflated on every core), skipping any already here, and returns their ids in order.
    public func append(_ blobs: [[UInt8]]) throws -> [ObjectID] {
        try append(blobs, ids: Repository.blobIDs(blobs), type: GIT_OBJECT_BLOB)
    }

    /// Appends one tree object (`TreeWriter`'s bytes) and returns its id.
    func appendTree(_ bytes: [UInt8]) throws -> ObjectID {
        let id = Repository.objectID(bytes, kind: "tree")
        _ = try append([bytes], ids: [id], type: GIT_OBJECT_TREE)
        return id
    }

    private func append(_ blobs: [[UInt8]], ids: [ObjectID], type: git_object_t) throws -> [ObjectID] {
        precondition(finished == nil, "a finished pack takes no more objects")
        var objects: [PackWriter.Object] = []
        var seen = Set<ObjectID>()
        // Each array's storage stays where it is while `blobs` lives unchanged, so its address outlives the closure.
        try withExtendedLifetime(blobs) {
            for (blob, id) in zip(blobs, ids) where positions[id] == nil && seen.insert(id).inserted {
                objects.append(.init(id: id, type: type, data: blob.withUnsafeBytes { $0 }))
            }
            // Written a megabyte at a time: a write per entry was 100,000 system calls for an import of that many,
            // and one buffer for the whole batch, grown by appending, was 32 MB of a 300,000-entry import's 109 MB
            // heap peak (heaptrack).
            var chunk: [UInt8] = []
            chunk.reserveCapacity(Self.chunkBytes)
            var chunkStart = end
            var offset = end
            for (object, entry) in zip(objects, try PackWriter.entries(objects)) {
                if !chunk.isEmpty && chunk.count + entry.bytes.count > Self.chunkBytes {
                    try write(chunk, at: chunkStart)
                    chunkStart += UInt64(chunk.count)
                    chunk.removeAll(keepingCapacity: true)
                }
                chunk += entry.bytes
                positions[object.id] = entries.count
                entries.append((object.id, offset, entry.crc))
                offset += UInt64(entry.bytes.count)
            }
            try write(chunk, at: chunkStart)
            end = offset
        }
        return ids
    }

    /// The bytes of blob `id` if this pack holds it, else `nil`.
    public func read(_ id: ObjectID) throws -> [UInt8]? {
        let start: UInt64, stop: UInt64, foundOnDisk: Bool
        if let position = positions[id] {
            start = entries[position].offset
            stop = position + 1 < entries.count ? entries[position + 1].offset : end
            foundOnDisk = false
        } else if let span = try releasedIndex?.span(of: id, packEnd: end) {
            (start, stop) = span
            foundOnDisk = true
        } else {
            return nil
        }
        var entry = [UInt8](repeating: 0, count: Int(stop - start))
        let got = entry.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard got == entry.count else { throw Self.failure("read \(id.short) back", temporary) }
        // The file lies in the store's folder, where anyone may have changed it: its header is checked, and a size
        // no deflated entry of this length could hold is refused before anything is allocated for it.
        guard let header = PackWriter.readEntryHeader(entry), header.type == Int(GIT_OBJECT_BLOB.rawValue),
              header.size <= (entry.count - header.length) * 1_032 + 64
        else { throw GitError(operation: "read \(id.short) back from \(temporary)", code: -1, message: "the entry is damaged") }
        var content = [UInt8](repeating: 0, count: header.size)
        var length = uLong(header.size)
        let result = content.withUnsafeMutableBufferPointer { output in
            entry.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &length, input.baseAddress! + header.length, uLong(input.count - header.length))
            }
        }
        guard result == Z_OK, Int(length) == header.size else {
            throw GitError(operation: "read \(id.short) back from \(temporary)", code: result, message: "zlib error \(result)")
        }
        // An index file read from disk could send the id to another entry, which would check out other bytes.
        if foundOnDisk, Repository.objectID(content, kind: "blob") != id {
            throw GitError(operation: "read \(id.short) back from \(finished ?? temporary)", code: -1, message: "the index names another object")
        }
        return content
    }

    /// Writes the object count, the checksum and the index, syncs both and gives them their names; returns the
    /// pack's path without its extension. From then on the objects are the repository's like any others.
    @discardableResult
    public func finish() throws -> String {
        if let finished { return finished }
        try write(PackWriter.bigEndian(UInt32(entries.count)), at: 8)
        // The checksum covers the whole file, read back a MB at a time.
        var hasher = Insecure.SHA1()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: UInt64 = 0
        while offset < end {
            let wanted = Int(min(UInt64(buffer.count), end - offset))
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
            guard got == wanted else { throw Self.failure("read back", temporary) }
            hasher.update(data: buffer[..<wanted])
            offset += UInt64(wanted)
        }
        let checksum = Array(hasher.finalize())
        try write(checksum, at: end)
        guard fsync(descriptor) == 0 else { throw Self.failure("sync", temporary) }
        // The descriptor stays open for `read`: the file is the same after its rename.
        let name = folder + "/pack-" + checksum.map { String(format: "%02x", $0) }.joined()
        // The pack first: git finds a pack by its index, so an index never names a missing pack.
        guard rename(temporary, name + ".pack") == 0 else { throw Self.failure("name", name + ".pack") }
        try PackWriter.writeFile(PackWriter.index(of: entries, packChecksum: checksum), to: name + ".idx")
        finished = name
        return name
    }

    /// Lets go of the index held in memory for a finished pack (about 100 bytes an object: 13 MB for 131,072); `read`
    /// then finds objects through the pack's own index file, read where each lookup lands, and keeps only the
    /// entries' offsets (8 bytes an object, for where each one ends).
    ///
    /// An import of 1,000,000 records finishes eight packs, and held 100 MB of their indexes until it committed.
    /// Read through libgit2 instead, which maps each index file whole and the packs in windows, the commit's
    /// checkout of those records held 27 MB of the eight index files and 17 to 23 MB of pack windows (`smaps`).
    public func releaseIndex() throws {
        guard let finished else { preconditionFailure("only a finished pack's index can be let go") }
        releasedIndex = try PackIndexFile(path: finished + ".idx", count: entries.count,
                                          offsetsInPackOrder: entries.map(\.offset))
        entries = []
        positions = [:]
    }

    /// Removes the pack, finished or not: for a transaction that commits nothing, whose objects nothing names.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporary)
        if let finished {
            unlink(finished + ".idx")
            unlink(finished + ".pack")
        }
    }

    /// The most bytes `append` gathers for one write (an entry larger than this is written alone).
    public static let chunkBytes = 1 << 20

    /// The start of an unfinished pack's name, before its writer's process id.
    static let prefix = "tmp_pack_trove_"

    /// Removes the unfinished packs in `folder` whose writer's process no longer runs.
    static func removeAbandoned(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "_" }), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    private func write(_ bytes: [UInt8], at offset: UInt64) throws {
        var written = 0
        while written < bytes.count {
            let step = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(offset) + off_t(written)) }
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { throw Self.failure("write", temporary) }
            written += step
        }
    }

    private static func failure(_ doing: String, _ path: String) -> GitError {
        GitError(operation: "\(doing) \(path)", code: -1, message: String(cString: strerror(errno)))
    }
}
