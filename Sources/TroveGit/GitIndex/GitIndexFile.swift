import Foundation

/// A direct reader and writer for git's index file (format v2/v3, plain or split).
///
/// libgit2 parses the whole index into objects to read it and serialises
/// every entry to write it: with 100,000 records that is hundreds of
/// milliseconds per command. This keeps the file as mapped bytes and finds
/// entries by binary search. Large indexes are written split, as
/// `git update-index --split-index` does: most entries stay in a shared file
/// written now and then, and each commit rewrites only the small index that
/// lists what changed since (see `GitIndexFile+Write.swift`). Indexes it does not
/// handle (v4, sparse, merge conflicts) make `init` return `nil`, and callers
/// fall back to `GitIndex`, after `Repository.ensurePlainIndex()`.
public struct GitIndexFile {
    /// The index file, then the shared index when it is split.
    private let storages: [Storage]
    let version: UInt32
    /// Every entry, in path order, with the shared index already applied; empty when `delta` is set.
    let entries: [EntryReference]
    /// The shared index this one is split over: its checksum and entry count.
    let base: (checksum: [UInt8], count: Int)?
    /// A split index read lazily: its own lists, and the shared index to search.
    let delta: SplitDelta?

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

    /// Where one entry's bytes are: its fixed part (and usually its path) in one of the mapped files.
    struct EntryReference {
        /// The fixed part: stat data, blob id, flags.
        var data: UnsafePointer<UInt8>
        /// The path, which a split index may keep apart from `data`.
        var path: UnsafePointer<UInt8>
        var pathLength: Int32
        /// The entry's position in the shared index, or -1.
        var basePosition: Int32
        /// Whether `data` is in the split index itself rather than in the shared one.
        var inMainFile: Bool

        var flags: UInt16 { UInt16(data[60]) << 8 | UInt16(data[61]) }
        /// The fixed part's length: 62 bytes, 64 with extended flags.
        var fixedLength: Int { flags & 0x4000 != 0 ? 64 : 62 }
        /// Whether the path follows the fixed part, so the entry can be copied as it is.
        var isContiguous: Bool { path == data + fixedLength }
        var onDiskLength: Int { (fixedLength + Int(pathLength) + 8) & ~7 }
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
    /// Read `lazily`, a split index whose shared index has an offset table is
    /// not merged with it: lookups by path search the shared index in place,
    /// and `write` rewrites only the small index. Only lookups by path,
    /// `count`, `isSplit` and `write` serve such a reading, not positions.
    public init?(gitDirectory: String, lazily: Bool = false) {
        // A shared index can vanish between reading the index and opening it, when a writer has just
        // replaced both; reading again then finds the new pair.
        for _ in 0..<3 {
            switch Self.read(gitDirectory: gitDirectory, lazily: lazily) {
            case .read(let read): self = read; return
            case .unreadable: return nil
            case .sharedMissing: continue
            }
        }
        return nil
    }

    private enum Attempt { case read(GitIndexFile), unreadable, sharedMissing }

    private static func read(gitDirectory: String, lazily: Bool) -> Attempt {
        let path = gitDirectory + "index"
        let main: Storage
        if let mapped = Storage(mapping: path) {
            main = mapped
        } else if access(path, F_OK) != 0 {
            main = Storage(copying: Array("DIRC".utf8) + [0, 0, 0, 2, 0, 0, 0, 0])
        } else {
            return .unreadable
        }
        guard let parsed = parse(main.bytes) else { return .unreadable }
        guard let link = parsed.link else {
            return .read(GitIndexFile(storages: [main], version: parsed.version, entries: parsed.entries, base: nil, delta: nil))
        }
        guard let storage = Storage(mapping: sharedIndexPath(gitDirectory, link.checksum), populate: false) else { return .sharedMissing }
        guard let shared = GitSharedIndex(storage),
              (link.replaced.last ?? -1) < shared.count, (link.deleted.last ?? -1) < shared.count, link.replaced.count <= parsed.entries.count
        else { return .unreadable }
        let version = max(parsed.version, shared.version), base = (link.checksum, shared.count)
        if lazily, shared.blocks != nil {
            let delta = SplitDelta(shared: shared, link: link, main: parsed.entries)
            return .read(GitIndexFile(storages: [main, storage], version: version, entries: [], base: base, delta: delta))
        }
        guard let sharedEntries = shared.entries(),
              let merged = merge(sharedEntries, with: parsed.entries, deleted: link.deleted, replaced: link.replaced)
        else { return .unreadable }
        return .read(GitIndexFile(storages: [main, storage], version: version, entries: merged, base: base, delta: nil))
    }

    private init(storages: [Storage], version: UInt32, entries: [EntryReference], base: (checksum: [UInt8], count: Int)?, delta: SplitDelta?) {
        self.storages = storages
        self.version = version
        self.entries = entries
        self.base = base
        self.delta = delta
    }

    /// Where the shared index with `checksum` lives.
    static func sharedIndexPath(_ gitDirectory: String, _ checksum: [UInt8]) -> String {
        gitDirectory + "sharedindex." + ObjectID(bytes: checksum).hex
    }

    /// The number of entries.
    public var count: Int { delta?.count ?? entries.count }

    /// Whether most entries are kept in a shared index file, which libgit2 cannot read.
    public var isSplit: Bool { base != nil }

    private var mainBytes: UnsafeBufferPointer<UInt8> { storages[0].bytes }

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
        if let delta {
            return key.withUnsafeBufferPointer(delta.entry).map { Self.blob($0.data) }
        }
        return find(key).found.map(blob)
    }

    /// Binary search from `low`: the position of `path`, or where it would be inserted.
    func find(_ path: [UInt8], from low: Int = 0) -> (position: Int, found: Int?) {
        path.withUnsafeBufferPointer { key in
            var low = low, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                let entry = entries[middle]
                let order = Self.compare(UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength)), key)
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
    /// What a split index's `link` extension says: the shared index and how this file changes it.
    struct Link {
        var checksum: [UInt8]
        var deleted: [Int]
        var replaced: [Int]
    }

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
        let entry = EntryReference(
            data: start + offset, path: start + pathStart, pathLength: Int32(pathEnd - pathStart), basePosition: -1, inMainFile: true)
        return (entry, entryEnd)
    }

    private static func parseLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Link? {
        let checksum = Array(bytes[0..<20])
        guard bytes.count > 20 else { return Link(checksum: checksum, deleted: [], replaced: []) }
        let rest = UnsafeBufferPointer(rebasing: bytes[20...])
        guard let deleted = Ewah.decode(rest),
              let replaced = Ewah.decode(UnsafeBufferPointer(rebasing: rest[deleted.length...]))
        else { return nil }
        return Link(checksum: checksum, deleted: deleted.positions, replaced: replaced.positions)
    }

    /// The entries of a split index: the shared ones, less the deleted, with the replaced ones swapped, and the added ones merged in.
    static func merge(_ shared: [EntryReference], with main: [EntryReference], deleted: [Int], replaced: [Int]) -> [EntryReference]? {
        guard replaced.count <= main.count, (replaced.last ?? -1) < shared.count, (deleted.last ?? -1) < shared.count else { return nil }
        var isDeleted = [Bool](repeating: false, count: shared.count)
        for position in deleted { isDeleted[position] = true }
        var kept: [EntryReference] = []
        kept.reserveCapacity(shared.count + main.count - replaced.count - deleted.count)
        var nextReplacement = 0
        for (position, entry) in shared.enumerated() {
            var entry = entry
            entry.basePosition = Int32(position)
            entry.inMainFile = false
            if nextReplacement < replaced.count, replaced[nextReplacement] == position {
                let replacement = main[nextReplacement]
                nextReplacement += 1
                entry.data = replacement.data
                entry.inMainFile = true
                // git strips the names of replacing entries; one that kept its name may rename it.
                if replacement.pathLength > 0 { entry.path = replacement.path; entry.pathLength = replacement.pathLength }
            }
            if !isDeleted[position] { kept.append(entry) }
        }
        let added = main[replaced.count...]
        guard !added.isEmpty else { return kept }
        // Added entries are sorted too; where one names a kept path, it takes that entry's place.
        var merged: [EntryReference] = []
        merged.reserveCapacity(kept.count + added.count)
        var next = 0
        for var entry in added {
            let path = UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength))
            while next < kept.count {
                let order = compare(UnsafeBufferPointer(start: kept[next].path, count: Int(kept[next].pathLength)), path)
                if order > 0 { break }
                if order == 0 { entry.basePosition = kept[next].basePosition; next += 1; break }
                merged.append(kept[next])
                next += 1
            }
            merged.append(entry)
        }
        merged.append(contentsOf: kept[next...])
        return merged
    }
}
