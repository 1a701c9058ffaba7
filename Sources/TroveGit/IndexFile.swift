import Crypto
import Foundation

/// A direct reader and splicing writer for git's index file (format v2/v3).
///
/// libgit2 parses the whole index into objects to read it and serialises
/// every entry to write it: with 100,000 records that is hundreds of
/// milliseconds per command. This keeps the file as bytes, finds entries by
/// binary search, and writes an update by copying the unchanged runs around
/// the changed entries. Indexes it does not handle (v4, split, sparse, merge
/// conflicts) make `init` return `nil`, and callers fall back to `GitIndex`.
public struct IndexFile {
    private let storage: Storage
    private var bytes: UnsafeBufferPointer<UInt8> { storage.bytes }
    private let version: UInt32
    /// Byte ranges of each entry and of its path, in index order.
    private var entries: [(start: Int, end: Int, pathStart: Int, pathEnd: Int)] = []
    private let entriesEnd: Int

    /// One staged file: the blob and the stat data of its checked-out copy.
    public struct Entry {
        public var path: String
        public var blob: ObjectID
        public var fileStat: stat

        public init(path: String, blob: ObjectID, fileStat: stat) {
            self.path = path
            self.blob = blob
            self.fileStat = fileStat
        }
    }

    /// What the index remembers of a checked-out file (seconds and nanoseconds are truncated to 32 bits, as git does).
    public struct RecordedStat {
        public var ctime: (seconds: Int, nanoseconds: Int)
        public var mtime: (seconds: Int, nanoseconds: Int)
        public var inode: UInt32
        public var mode: UInt32
        public var size: UInt32
    }

    static let headerSize = 12
    static let trailerSize = 20

    /// Reads `<gitDirectory>/index`; an absent file is an empty index. `nil` means "use libgit2".
    public init?(gitDirectory: String) {
        let path = gitDirectory + "index"
        if let mapped = Storage(mapping: path) {
            storage = mapped
        } else if access(path, F_OK) != 0 {
            storage = Storage(copying: Array("DIRC".utf8) + [0, 0, 0, 2, 0, 0, 0, 0])
        } else {
            return nil
        }
        let bytes = storage.bytes
        guard bytes.count >= Self.headerSize, bytes.starts(with: Array("DIRC".utf8)) else { return nil }
        version = Self.uint32(bytes, 4)
        guard version == 2 || version == 3 else { return nil }
        let count = Int(Self.uint32(bytes, 8))
        var offset = Self.headerSize
        let end = max(Self.headerSize, bytes.count - Self.trailerSize)
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard offset + 62 <= end else { return nil }
            let flags = Self.uint16(bytes, offset + 60)
            guard flags & 0x3000 == 0 else { return nil }  // a merge stage: leave it to libgit2
            let extended = flags & 0x4000 != 0
            guard !extended || version == 3 else { return nil }
            let pathStart = offset + 62 + (extended ? 2 : 0)
            var pathEnd = pathStart + Int(flags & 0xFFF)
            if flags & 0xFFF == 0xFFF {
                guard let nul = bytes[pathStart..<end].firstIndex(of: 0) else { return nil }
                pathEnd = nul
            }
            let length = pathEnd - offset
            let entryEnd = offset + (length + 8) & ~7
            guard entryEnd <= end else { return nil }
            entries.append((offset, entryEnd, pathStart, pathEnd))
            offset = entryEnd
        }
        entriesEnd = offset
        // Extensions: optional ones (upper-case signature) are caches we may drop; any other is beyond us.
        while offset + 8 <= end {
            guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[offset]) else { return nil }
            offset += 8 + Int(Self.uint32(bytes, offset + 4))
        }
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The SHA-1 trailer that ends the file: it changes whenever the index does.
    public var checksum: [UInt8] {
        bytes.count >= Self.headerSize + Self.trailerSize ? Array(bytes[(bytes.count - Self.trailerSize)...]) : []
    }

    /// The stat data git recorded for entry `position` when it was staged.
    public func recorded(_ position: Int) -> RecordedStat {
        let start = entries[position].start
        return RecordedStat(
            ctime: (Int(Self.uint32(bytes, start)), Int(Self.uint32(bytes, start + 4))),
            mtime: (Int(Self.uint32(bytes, start + 8)), Int(Self.uint32(bytes, start + 12))),
            inode: Self.uint32(bytes, start + 20), mode: Self.uint32(bytes, start + 24),
            size: Self.uint32(bytes, start + 36))
    }

    /// The blob staged at entry `position`.
    public func blob(_ position: Int) -> ObjectID {
        let start = entries[position].start + 40
        return ObjectID(bytes: Array(bytes[start..<start + 20]))
    }

    /// The checksum as 40 hex digits, or "" for an index that has none yet.
    public var checksumHex: String { checksum.count == 20 ? ObjectID(bytes: checksum).hex : "" }

    /// Calls `body` with the path bytes of entry `position` (not NUL-terminated).
    public func withPath<T>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let entry = entries[position]
        return try body(UnsafeBufferPointer(rebasing: bytes[entry.pathStart..<entry.pathEnd]))
    }

    /// Whether a file is staged at `path`.
    public func contains(_ path: String) -> Bool { find(Array(path.utf8)).found != nil }

    /// The blob staged at `path`, or `nil`.
    public func entryID(atPath path: String) -> ObjectID? {
        find(Array(path.utf8)).found.map(blob)
    }

    /// Writes the index with `upserts` staged and `removals` unstaged, through `index.lock`.
    ///
    /// Unchanged runs of entries are written straight from the mapped old file
    /// and hashed as they go: no second copy of a large index is built.
    public func write(gitDirectory: String, upserts: [Entry], removals: [String]) throws {
        var changes: [([UInt8], Entry?)] = upserts.map { (Array($0.path.utf8), $0) } + removals.map { (Array($0.utf8), nil) }
        changes.sort { $0.0.lexicographicallyPrecedes($1.0) }
        // The new count first: it is in the header, which is hashed.
        var count = entries.count
        for (path, entry) in changes {
            let found = find(path).found != nil
            count += (entry == nil ? 0 : 1) - (found ? 1 : 0)
        }
        let writer = try IndexWriter(path: gitDirectory + "index")
        var header = Array(bytes[0..<8])
        withUnsafeBytes(of: UInt32(count).bigEndian) { header.append(contentsOf: $0) }
        try writer.append(header)
        var next = 0  // the first existing entry not yet written
        for (path, entry) in changes {
            let (position, found) = find(path, from: next)
            if position > next { try writer.append(UnsafeBufferPointer(rebasing: bytes[entries[next].start..<entries[position - 1].end])) }
            next = found == nil ? position : position + 1
            if let entry {
                var encoded: [UInt8] = []
                Self.append(entry, path: path, to: &encoded)
                try writer.append(encoded)
            }
        }
        if next < entries.count { try writer.append(UnsafeBufferPointer(rebasing: bytes[entries[next].start..<entriesEnd])) }
        try writer.commit()
    }

    /// Binary search from `low`: the position of `path`, or where it would be inserted.
    private func find(_ path: [UInt8], from low: Int = 0) -> (position: Int, found: Int?) {
        var low = low, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            let order = path.withUnsafeBufferPointer { key in
                Self.compare(UnsafeBufferPointer(rebasing: bytes[entry.pathStart..<entry.pathEnd]), key)
            }
            if order == 0 { return (middle, middle) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, nil)
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    private static func append(_ entry: Entry, path: [UInt8], to out: inout [UInt8]) {
        let start = out.count
        let info = entry.fileStat
        for value in [
            UInt32(truncatingIfNeeded: info.st_ctim.tv_sec), UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec),
            UInt32(truncatingIfNeeded: info.st_mtim.tv_sec), UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec),
            UInt32(truncatingIfNeeded: info.st_dev), UInt32(truncatingIfNeeded: info.st_ino), 0o100644,
            info.st_uid, info.st_gid, UInt32(truncatingIfNeeded: info.st_size),
        ] {
            withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: entry.blob.bytes)
        withUnsafeBytes(of: UInt16(min(path.count, 0xFFF)).bigEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: path)
        let length = out.count - start
        out.append(contentsOf: repeatElement(0, count: (length + 8) & ~7 - length))
    }

    private static func uint32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func uint16(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }
}

/// The bytes of an index file: mapped read-only, or a small copy.
private final class Storage {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: Bool

    /// Maps the file read-only; `nil` if it cannot be opened. The mapping stays valid after the file is replaced.
    init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
        // MAP_POPULATE: one prefault of the whole file beats thousands of page faults during the scan.
        guard let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
        mapped = true
    }

    init(copying contents: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: contents.count)
        _ = buffer.initialize(from: contents)
        bytes = UnsafeBufferPointer(buffer)
        mapped = false
    }

    deinit {
        if mapped { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
        else { bytes.deallocate() }
    }
}

/// Writes a new index the way git does: to `index.lock`, created exclusively, then renamed over `index`.
private final class IndexWriter {
    private let path: String
    private let lock: String
    private var descriptor: Int32
    private var hasher = Insecure.SHA1()
    private var buffer: [UInt8] = []

    init(path: String) throws {
        self.path = path
        lock = path + ".lock"
        descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw GitError(operation: "write index", code: -14, message: "cannot create \(lock): \(String(cString: strerror(errno)))")
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(lock)
        }
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try append($0) }
    }

    /// Hashes and writes; small pieces are gathered so that each write system call carries a lot.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
        if bytes.count < 4096 {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { try flush() }
            return
        }
        try flush()
        try writeAll(bytes)
    }

    func commit() throws {
        let digest = Array(hasher.finalize())
        buffer.append(contentsOf: digest)
        try flush()
        close(descriptor)
        descriptor = -1
        guard rename(lock, path) == 0 else {
            unlink(lock)
            throw GitError(operation: "write index", code: -1, message: String(cString: strerror(errno)))
        }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw GitError(operation: "write index", code: -1, message: String(cString: strerror(errno)))
            }
            written += result
        }
    }
}
