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
    private let bytes: [UInt8]
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

    static let headerSize = 12
    static let trailerSize = 20

    /// Reads `<gitDirectory>/index`; an absent file is an empty index. `nil` means "use libgit2".
    public init?(gitDirectory: String) {
        let path = gitDirectory + "index"
        if let contents = Self.readFile(path) {
            bytes = contents
        } else if access(path, F_OK) != 0 {
            bytes = Array("DIRC".utf8) + [0, 0, 0, 2, 0, 0, 0, 0]
        } else {
            return nil
        }
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

    /// The blob staged at `path`, or `nil`.
    public func entryID(atPath path: String) -> ObjectID? {
        guard let position = find(Array(path.utf8)).found else { return nil }
        let start = entries[position].start + 40
        return ObjectID(bytes: Array(bytes[start..<start + 20]))
    }

    /// Writes the index with `upserts` staged and `removals` unstaged, through `index.lock`.
    public func write(gitDirectory: String, upserts: [Entry], removals: [String]) throws {
        var changes: [([UInt8], Entry?)] = upserts.map { (Array($0.path.utf8), $0) } + removals.map { (Array($0.utf8), nil) }
        changes.sort { $0.0.lexicographicallyPrecedes($1.0) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + changes.count * 128)
        out.append(contentsOf: bytes[0..<8])
        out.append(contentsOf: [0, 0, 0, 0])  // count, filled in below
        var count = 0
        var next = 0  // the first existing entry not yet copied
        for (path, entry) in changes {
            let (position, found) = find(path, from: next)
            if position > next {
                out.append(contentsOf: bytes[entries[next].start..<entries[position - 1].end])
                count += position - next
            }
            next = found == nil ? position : position + 1
            if let entry {
                Self.append(entry, path: path, to: &out)
                count += 1
            }
        }
        if next < entries.count {
            out.append(contentsOf: bytes[entries[next].start..<entriesEnd])
            count += entries.count - next
        }
        withUnsafeBytes(of: UInt32(count).bigEndian) { out.replaceSubrange(8..<12, with: $0) }
        out.append(contentsOf: Insecure.SHA1.hash(data: out))
        try Self.replace(gitDirectory + "index", with: out)
    }

    /// Binary search from `low`: the position of `path`, or where it would be inserted.
    private func find(_ path: [UInt8], from low: Int = 0) -> (position: Int, found: Int?) {
        var low = low, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            let order = bytes.withUnsafeBufferPointer { buffer in
                path.withUnsafeBufferPointer { key in
                    Self.compare(UnsafeBufferPointer(rebasing: buffer[entry.pathStart..<entry.pathEnd]), key)
                }
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

    /// Replaces a file the way git does: write `<file>.lock` exclusively, then rename it over the file.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let lock = path + ".lock"
        let descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw GitError(operation: "write index", code: -14, message: "cannot create \(lock): \(String(cString: strerror(errno)))")
        }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                unlink(lock)
                throw GitError(operation: "write index", code: -1, message: String(cString: strerror(errno)))
            }
            written += result
        }
        close(descriptor)
        guard rename(lock, path) == 0 else {
            unlink(lock)
            throw GitError(operation: "write index", code: -1, message: String(cString: strerror(errno)))
        }
    }

    /// The whole file in one read, or `nil` if it cannot be opened.
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let contents = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let result = read(descriptor, buffer.baseAddress! + done, size - done)
                if result < 0 && errno == EINTR { continue }
                if result <= 0 { failed = result < 0; break }
                done += result
            }
            count = done
        }
        return failed || contents.count != size ? nil : contents
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }
}
