import Foundation

/// A direct reader and writer for git's index file (format v2/v3).
///
/// libgit2 parses the whole index into objects to read it and serialises
/// every entry to write it: with 100,000 records that is hundreds of
/// milliseconds per command. This keeps the file as mapped bytes and finds
/// entries by binary search. The files it writes are plain indexes that every
/// git tool reads, ended by git's entry offset table (`EntryOffsetTable`), so
/// that a lookup or a commit's write need not parse them. A split index (git's
/// `link` extension, which libgit2 and dulwich cannot read) is read whole and
/// written plain (`GitIndexFile+SplitIndex.swift`). Indexes it does not handle
/// (v4, sparse, merge conflicts) make `init` return `nil`, and callers fall back to `GitIndex`.
public struct GitIndexFile {
    /// The index file, then the shared index when it is split.
    let storages: [Storage]
    let version: UInt32
    /// Every entry, in path order, with a shared index already applied; empty when `table` is set.
    let entries: [EntryReference]
    /// The offset table of a file read lazily: lookups search it in place.
    let table: EntryOffsetTable?
    /// Whether the file is split over a shared index (`GitIndexFile+SplitIndex.swift`).
    public let isSplit: Bool

    /// One staged file: the blob and the stat data of its checked-out copy.
    public struct Entry {
        public var path: String
        public var blob: ObjectID
        /// The file's stat data as the index keeps it: 36 bytes, not `stat`'s 144 (a large import stages a
        /// hundred thousand of these, twice over).
        var statData: StatData

        public init(path: String, blob: ObjectID, fileStat: stat) {
            self.path = path
            self.blob = blob
            statData = StatData(fileStat)
        }

        init(path: String, blob: ObjectID, statData: StatData) {
            self.path = path
            self.blob = blob
            self.statData = statData
        }

        /// The stat data as a `stat`, with the fields the index keeps (each cut to 32 bits, as git cuts them).
        public var fileStat: stat {
            var info = stat()
            info.st_ctim.tv_sec = Int(statData.ctimeSeconds)
            info.st_ctim.tv_nsec = Int(statData.ctimeNanoseconds)
            info.st_mtim.tv_sec = Int(statData.mtimeSeconds)
            info.st_mtim.tv_nsec = Int(statData.mtimeNanoseconds)
            info.st_dev = UInt(statData.device)
            info.st_ino = UInt(statData.inode)
            info.st_uid = statData.user
            info.st_gid = statData.group
            info.st_size = Int(statData.size)
            return info
        }
    }

    /// The fields of `stat` an index entry holds, in its order (the mode, always a regular file's, aside).
    struct StatData {
        var ctimeSeconds, ctimeNanoseconds, mtimeSeconds, mtimeNanoseconds, device, inode, user, group, size: UInt32

        init(ctimeSeconds: UInt32, ctimeNanoseconds: UInt32, mtimeSeconds: UInt32, mtimeNanoseconds: UInt32, device: UInt32,
             inode: UInt32, user: UInt32, group: UInt32, size: UInt32) {
            (self.ctimeSeconds, self.ctimeNanoseconds, self.mtimeSeconds, self.mtimeNanoseconds) = (ctimeSeconds, ctimeNanoseconds, mtimeSeconds, mtimeNanoseconds)
            (self.device, self.inode, self.user, self.group, self.size) = (device, inode, user, group, size)
        }

        init(_ info: stat) {
            ctimeSeconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_sec)
            ctimeNanoseconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec)
            mtimeSeconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_sec)
            mtimeNanoseconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec)
            device = UInt32(truncatingIfNeeded: info.st_dev)
            inode = UInt32(truncatingIfNeeded: info.st_ino)
            user = info.st_uid
            group = info.st_gid
            size = UInt32(truncatingIfNeeded: info.st_size)
        }
    }

    /// Where one entry's bytes are: its fixed part (and usually its path) in one of the mapped files.
    struct EntryReference {
        /// The fixed part: stat data, blob id, flags.
        var data: UnsafePointer<UInt8>
        /// The path, which a split index may keep apart from `data`.
        var path: UnsafePointer<UInt8>
        var pathLength: Int32

        var flags: UInt16 { UInt16(data[60]) << 8 | UInt16(data[61]) }
        /// The fixed part's length: 62 bytes, 64 with extended flags.
        var fixedLength: Int { flags & 0x4000 != 0 ? 64 : 62 }
        /// Whether the path follows the fixed part, so the entry can be copied as it is.
        var isContiguous: Bool { path == data + fixedLength }
        var onDiskLength: Int { (fixedLength + Int(pathLength) + 8) & ~7 }
        var pathBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: path, count: Int(pathLength)) }
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
    ///
    /// Read `lazily`, a file with an offset table is not parsed: lookups by path
    /// search it in place. Only lookups by path, `count` and `write` serve such
    /// a reading, not positions.
    public init?(gitDirectory: String, lazily: Bool = false) {
        // A shared index can vanish between reading a split index and opening it, when a writer has just
        // replaced the pair with a plain index; reading again then finds that.
        for _ in 0..<3 {
            switch Self.read(gitDirectory: gitDirectory, lazily: lazily) {
            case .read(let read): self = read; return
            case .unreadable: return nil
            case .sharedMissing: continue
            }
        }
        return nil
    }

    enum Attempt { case read(GitIndexFile), unreadable, sharedMissing }

    private static func read(gitDirectory: String, lazily: Bool) -> Attempt {
        let path = gitDirectory + "index"
        let main: Storage
        if let mapped = Storage(mapping: path, populate: !lazily) {
            main = mapped
        } else if access(path, F_OK) != 0 {
            main = Storage(copying: Array("DIRC".utf8) + [0, 0, 0, 2, 0, 0, 0, 0])
        } else {
            return .unreadable
        }
        if lazily, let table = EntryOffsetTable(main.bytes) {
            return .read(GitIndexFile(storages: [main], version: table.version, entries: [], table: table, isSplit: false))
        }
        main.populate()
        guard let parsed = parse(main.bytes) else { return .unreadable }
        guard let link = parsed.link else {
            return .read(GitIndexFile(storages: [main], version: parsed.version, entries: parsed.entries, table: nil, isSplit: false))
        }
        return readSplit(main: main, parsed: parsed, link: link, gitDirectory: gitDirectory)
    }

    init(storages: [Storage], version: UInt32, entries: [EntryReference], table: EntryOffsetTable?, isSplit: Bool) {
        self.storages = storages
        self.version = version
        self.entries = entries
        self.table = table
        self.isSplit = isSplit
    }

    /// The number of entries.
    public var count: Int { table?.count ?? entries.count }

    var mainBytes: UnsafeBufferPointer<UInt8> { storages[0].bytes }

    /// The SHA-1 trailer that ends the file: it changes whenever the index does.
    public var checksum: [UInt8] {
        mainBytes.count >= Self.headerSize + Self.trailerSize ? Array(mainBytes[(mainBytes.count - Self.trailerSize)...]) : []
    }

    /// The checksum as 40 hex digits, or "" for an index that has none yet.
    public var checksumHex: String { checksum.count == 20 ? ObjectID(bytes: checksum).hex : "" }

    /// The checksum of `<gitDirectory>/index` without reading the rest: "" when there is none.
    public static func checksumHex(gitDirectory: String) -> String {
        let descriptor = open(gitDirectory + "index", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= headerSize + trailerSize else { return "" }
        var trailer = [UInt8](repeating: 0, count: trailerSize)
        guard pread(descriptor, &trailer, trailerSize, off_t(info.st_size) - off_t(trailerSize)) == trailerSize else { return "" }
        return ObjectID(bytes: trailer).hex
    }

    /// The stat data git recorded for entry `position` when it was staged.
    public func recorded(_ position: Int) -> RecordedStat { Self.recorded(entries[position].data) }

    /// The blob staged at entry `position`.
    public func blob(_ position: Int) -> ObjectID { Self.blob(entries[position].data) }

    /// The stat data in an entry's fixed part.
    static func recorded(_ data: UnsafePointer<UInt8>) -> RecordedStat {
        RecordedStat(
            ctime: (Int(Self.uint32(data, 0)), Int(Self.uint32(data, 4))),
            mtime: (Int(Self.uint32(data, 8)), Int(Self.uint32(data, 12))),
            inode: Self.uint32(data, 20), mode: Self.uint32(data, 24),
            size: Self.uint32(data, 36))
    }

    /// The blob id in an entry's fixed part.
    static func blob(_ data: UnsafePointer<UInt8>) -> ObjectID {
        ObjectID(bytes: Array(UnsafeBufferPointer(start: data + 40, count: 20)))
    }

    /// Calls `body` with the path bytes of entry `position` (not NUL-terminated).
    public func withPath<T>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let entry = entries[position]
        return try body(UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength)))
    }

    /// Whether a file is staged at `path`.
    public func contains(_ path: String) -> Bool { entryID(atPath: path) != nil }

    /// The blob staged at `path`, or `nil`.
    public func entryID(atPath path: String) -> ObjectID? {
        let key = Array(path.utf8)
        if let table, let start = mainBytes.baseAddress {
            return key.withUnsafeBufferPointer { table.find($0, in: start) }.map { Self.blob($0.data) }
        }
        return find(key).found.map(blob)
    }

    /// Binary search from `low`: the position of `path`, or where it would be inserted.
    func find(_ path: [UInt8], from low: Int = 0) -> (position: Int, found: Int?) {
        path.withUnsafeBufferPointer { key in
            var low = low, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                let order = Self.compare(entries[middle].pathBytes, key)
                if order == 0 { return (middle, middle) }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return (low, nil)
        }
    }

    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    static func uint32(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

// MARK: - Parsing

extension GitIndexFile {
    /// The entries and extensions of one index file; `nil` for a form this reader leaves to libgit2.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (version: UInt32, entries: [EntryReference], link: Link?)? {
        guard bytes.count >= headerSize, bytes.starts(with: Array("DIRC".utf8)), let start = bytes.baseAddress else { return nil }
        let version = uint32(start, 4)
        guard version == 2 || version == 3 else { return nil }
        let count = Int(uint32(start, 8))
        let end = max(headerSize, bytes.count - trailerSize)
        var entries: [EntryReference] = []
        entries.reserveCapacity(count)
        var offset = headerSize
        for _ in 0..<count {
            guard let (entry, next) = entry(at: offset, in: start, end: end, version: version) else { return nil }
            entries.append(entry)
            offset = next
        }
        // Extensions: optional ones (upper-case signature) are caches we may drop; `link` makes it split; any other is beyond us.
        var link: Link?
        while offset + 8 <= end {
            let size = Int(uint32(start, offset + 4))
            guard offset + 8 + size <= end else { return nil }
            if bytes[offset..<offset + 4].elementsEqual("link".utf8) {
                guard size >= 20, let found = parseLink(UnsafeBufferPointer(start: start + offset + 8, count: size)) else { return nil }
                link = found
            } else if !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[offset]) {
                return nil
            }
            offset += 8 + size
        }
        if let checksum = link?.checksum, checksum.allSatisfy({ $0 == 0 }) { link = nil }
        return (version, entries, link)
    }

    /// The entry starting at `offset`, and where the next one starts; `nil` if it overruns `end` or is a form left to libgit2.
    static func entry(at offset: Int, in start: UnsafePointer<UInt8>, end: Int, version: UInt32) -> (EntryReference, next: Int)? {
        guard offset + 62 <= end else { return nil }
        let flags = UInt16(start[offset + 60]) << 8 | UInt16(start[offset + 61])
        guard flags & 0x3000 == 0 else { return nil }  // a merge stage: leave it to libgit2
        let extended = flags & 0x4000 != 0
        guard !extended || version == 3 else { return nil }
        let pathStart = offset + 62 + (extended ? 2 : 0)
        guard pathStart <= end else { return nil }
        var pathEnd = pathStart + Int(flags & 0xFFF)
        if flags & 0xFFF == 0xFFF {
            guard let nul = memchr(start + pathStart, 0, end - pathStart) else { return nil }
            pathEnd = UnsafePointer(nul.assumingMemoryBound(to: UInt8.self)) - start
        }
        let entryEnd = offset + (pathEnd - offset + 8) & ~7
        guard entryEnd <= end else { return nil }
        let entry = EntryReference(data: start + offset, path: start + pathStart, pathLength: Int32(pathEnd - pathStart))
        return (entry, entryEnd)
    }
}
