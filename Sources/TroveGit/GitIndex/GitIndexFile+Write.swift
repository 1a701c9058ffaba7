import Foundation

/// Writing the index: plain for small ones, split for large ones.
///
/// A split index (git's `link` extension) names a shared index file,
/// `sharedindex.<checksum>`, and lists only what changed since: entries that
/// replace shared ones (their names stripped, as git requires), entries added,
/// and EWAH bitmaps of the shared positions replaced and deleted. A commit then
/// hashes and writes a few kilobytes instead of the whole index. When the
/// changes outgrow a tenth of the shared index, everything goes into a new one.
extension GitIndexFile {
    /// Indexes with at least this many entries are written split; `TROVE_INDEX_SPLIT_AT` lets tests split small ones.
    public static let defaultSplitThreshold = ProcessInfo.processInfo.environment["TROVE_INDEX_SPLIT_AT"].flatMap(Int.init) ?? 10_000
    /// A split index is rebased on a new shared index once its changes pass this percentage of the shared one.
    static let resplitPercent = 10
    /// Unreferenced shared indexes younger than this are kept, for readers that have just read the index naming them.
    static let sharedIndexGrace: TimeInterval = 60

    /// One entry of the index being written: an existing one, or a file just staged.
    enum Pending {
        case kept(EntryReference)
        case staged(Entry, path: [UInt8], basePosition: Int32)

        var basePosition: Int32 {
            switch self {
            case .kept(let entry): entry.basePosition
            case .staged(_, _, let position): position
            }
        }

        /// Whether the split index must list it: it replaces a shared entry or adds one.
        var isChange: Bool {
            switch self {
            case .kept(let entry): entry.inMainFile
            case .staged: true
            }
        }
    }

    /// Writes the index with `upserts` staged and `removals` unstaged, through `index.lock`.
    public func write(gitDirectory: String, upserts: [Entry], removals: [String], splitThreshold: Int = defaultSplitThreshold) throws {
        let writer = try GitIndexFileWriter(lock: gitDirectory + "index.lock")
        let changes = Self.changes(upserts, removals)
        guard let delta, let base else {
            return try write(applying(changes), gitDirectory: gitDirectory, splitThreshold: splitThreshold, writer: writer)
        }
        if let lists = delta.applying(changes, splitThreshold: splitThreshold) {
            try writeSplit(lists, over: base, to: writer)
            try writer.commit(to: gitDirectory + "index")
            Self.keepSharedIndex(gitDirectory, base.checksum)
            return
        }
        // A new shared index or a plain one needs every entry: read them all, now under the lock.
        guard let whole = GitIndexFile(gitDirectory: gitDirectory) else {
            throw GitError(operation: "write index", code: -1, message: "cannot read \(gitDirectory)index")
        }
        try whole.write(whole.applying(changes), gitDirectory: gitDirectory, splitThreshold: splitThreshold, writer: writer)
    }

    /// Rewrites a split index as one plain file. It is read again under the lock, so no concurrent write is undone.
    static func unsplit(gitDirectory: String) throws {
        let writer = try GitIndexFileWriter(lock: gitDirectory + "index.lock", patience: 5)
        guard let index = GitIndexFile(gitDirectory: gitDirectory), index.isSplit else { return }
        try index.writePlain(index.entries.map(Pending.kept), to: writer)
        try writer.commit(to: gitDirectory + "index")
        removeStaleSharedIndexes(gitDirectory, keeping: nil)
    }

    /// Every entry after `changes` (in path order).
    private func applying(_ changes: [Change]) -> [Pending] {
        var pending: [Pending] = []
        pending.reserveCapacity(entries.count + changes.count)
        var next = 0
        for change in changes {
            let (position, found) = find(change.path, from: next)
            pending.append(contentsOf: entries[next..<position].lazy.map(Pending.kept))
            next = found == nil ? position : position + 1
            if let entry = change.entry {
                pending.append(.staged(entry, path: change.path, basePosition: found.map { entries[$0].basePosition } ?? -1))
            }
        }
        pending.append(contentsOf: entries[next...].lazy.map(Pending.kept))
        return pending
    }

    private func write(_ pending: [Pending], gitDirectory: String, splitThreshold: Int, writer: GitIndexFileWriter) throws {
        let indexPath = gitDirectory + "index"
        guard pending.count >= splitThreshold else {
            try writePlain(pending, to: writer)
            try writer.commit(to: indexPath)
            if isSplit { Self.removeStaleSharedIndexes(gitDirectory, keeping: nil) }
            return
        }
        if let base {
            let lists = Self.splitLists(pending, sharedCount: base.count)
            if lists.size * 100 <= base.count * Self.resplitPercent {
                try writeSplit(lists, over: base, to: writer)
                try writer.commit(to: indexPath)
                Self.keepSharedIndex(gitDirectory, base.checksum)
                return
            }
        }
        // Everything into a new shared index, synced before the index that names it, which then changes nothing.
        let sharedLock = gitDirectory + "sharedindex.lock"
        unlink(sharedLock)  // only a killed writer leaves one: we hold index.lock
        let sharedWriter = try GitIndexFileWriter(lock: sharedLock)
        try writePlain(pending, to: sharedWriter, offsetTable: true)
        let checksum = try sharedWriter.commit(sync: true) { Self.sharedIndexPath(gitDirectory, $0) }
        try writeSplit(SplitLists(replaced: [], added: [], deleted: []), over: (checksum, pending.count), to: writer)
        try writer.commit(to: indexPath)
        Self.removeStaleSharedIndexes(gitDirectory, keeping: checksum)
    }

    /// git deletes shared indexes left untouched for two weeks; using one keeps it.
    private static func keepSharedIndex(_ gitDirectory: String, _ checksum: [UInt8]) {
        utimensat(AT_FDCWD, sharedIndexPath(gitDirectory, checksum), nil, 0)
    }

    /// Header, every entry with its path, and, for a shared index, the offset table that lets lookups skip parsing it.
    func writePlain(_ pending: [Pending], to writer: GitIndexFileWriter, offsetTable: Bool = false) throws {
        try writer.append(header(count: pending.count))
        // Runs of entries lying one after another in a mapped file are copied in one piece.
        var run: (start: UnsafePointer<UInt8>, length: Int)?
        var scratch: [UInt8] = []
        var offset = Self.headerSize
        var blockOffsets: [Int] = []
        for (position, item) in pending.enumerated() {
            if offsetTable, position % GitSharedIndex.blockSize == 0 { blockOffsets.append(offset) }
            if case .kept(let entry) = item, entry.isContiguous {
                offset += entry.onDiskLength
                if let current = run, current.start + current.length == entry.data {
                    run = (current.start, current.length + entry.onDiskLength)
                } else {
                    if let current = run { try writer.append(UnsafeBufferPointer(start: current.start, count: current.length)) }
                    run = (entry.data, entry.onDiskLength)
                }
                continue
            }
            if let current = run { try writer.append(UnsafeBufferPointer(start: current.start, count: current.length)) }
            run = nil
            scratch.removeAll(keepingCapacity: true)
            Self.encode(item, withPath: true, into: &scratch)
            offset += scratch.count
            try writer.append(scratch)
        }
        if let current = run { try writer.append(UnsafeBufferPointer(start: current.start, count: current.length)) }
        if offsetTable {
            try writer.append(GitSharedIndex.offsetTableExtensions(blockOffsets: blockOffsets, count: pending.count, extensionsStart: offset))
        }
    }

    /// What a split index over a shared one of `sharedCount` entries must list to give `pending`.
    private static func splitLists(_ pending: [Pending], sharedCount: Int) -> SplitLists {
        var lists = SplitLists(replaced: [], added: [], deleted: [])
        var present = [Bool](repeating: false, count: sharedCount)
        for item in pending {
            let position = Int(item.basePosition)
            if position < 0 {
                lists.added.append(item)
                continue
            }
            present[position] = true
            if item.isChange { lists.replaced.append((position, item)) }
        }
        lists.deleted = present.indices.filter { !present[$0] }
        return lists
    }

    /// Header, the entries replacing shared ones (nameless), the added ones, and the `link` extension.
    private func writeSplit(_ lists: SplitLists, over base: (checksum: [UInt8], count: Int), to writer: GitIndexFileWriter) throws {
        try writer.append(header(count: lists.replaced.count + lists.added.count))
        var scratch: [UInt8] = []
        for (_, item) in lists.replaced { Self.encode(item, withPath: false, into: &scratch) }
        for item in lists.added { Self.encode(item, withPath: true, into: &scratch) }
        try writer.append(scratch)
        let link = base.checksum + Ewah.encode(lists.deleted) + Ewah.encode(lists.replaced.map(\.position))
        var extensionHeader = Array("link".utf8)
        withUnsafeBytes(of: UInt32(link.count).bigEndian) { extensionHeader.append(contentsOf: $0) }
        try writer.append(extensionHeader + link)
    }

    private func header(count: Int) -> [UInt8] {
        var header = Array("DIRC".utf8)
        withUnsafeBytes(of: version.bigEndian) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(count).bigEndian) { header.append(contentsOf: $0) }
        return header
    }

    /// Appends one entry as git stores it: the fixed part, the path (none for an entry replacing a shared one), NUL padding.
    private static func encode(_ item: Pending, withPath: Bool, into out: inout [UInt8]) {
        let start = out.count
        let pathLength: Int
        switch item {
        case .kept(let entry):
            let fixed = UnsafeBufferPointer(start: entry.data, count: entry.fixedLength)
            pathLength = withPath ? Int(entry.pathLength) : 0
            out.append(contentsOf: fixed[0..<60])
            let flags = entry.flags & ~0xFFF | UInt16(min(pathLength, 0xFFF))
            withUnsafeBytes(of: flags.bigEndian) { out.append(contentsOf: $0) }
            out.append(contentsOf: fixed[62...])
            if withPath { out.append(contentsOf: UnsafeBufferPointer(start: entry.path, count: pathLength)) }
        case .staged(let entry, let path, _):
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
            pathLength = withPath ? path.count : 0
            withUnsafeBytes(of: UInt16(min(pathLength, 0xFFF)).bigEndian) { out.append(contentsOf: $0) }
            if withPath { out.append(contentsOf: path) }
        }
        let length = out.count - start
        out.append(contentsOf: repeatElement(0, count: (length + 8) & ~7 - length))
    }

    /// Deletes shared indexes other than `keeping` that no index can still be about to read.
    static func removeStaleSharedIndexes(_ gitDirectory: String, keeping checksum: [UInt8]?) {
        let keep = checksum.map { "sharedindex." + ObjectID(bytes: $0).hex }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: gitDirectory) else { return }
        let cutoff = Date().timeIntervalSince1970 - sharedIndexGrace
        for name in names where name.hasPrefix("sharedindex.") && name != keep && name != "sharedindex.lock" {
            var info = stat()
            let path = gitDirectory + name
            if stat(path, &info) == 0, TimeInterval(info.st_mtim.tv_sec) < cutoff { unlink(path) }
        }
    }
}

extension Repository {
    /// Rewrites a split index as one file, before libgit2 reads it: libgit2 reads no split index.
    public func ensurePlainIndex() throws {
        guard GitIndexFile(gitDirectory: gitDirectory, lazily: true)?.isSplit == true else { return }
        try GitIndexFile.unsplit(gitDirectory: gitDirectory)
    }
}

extension Repository {
    /// Whether `.git/index` is gone or cannot be read. An absent index reads as an empty one,
    /// which would make every checked-out file look like a change; a damaged one fails every status.
    public var indexIsLost: Bool {
        access(gitDirectory + "index", F_OK) != 0 || GitIndexFile(gitDirectory: gitDirectory, lazily: true) == nil
    }

    /// Writes the index afresh from `tree`: the index is a cache of what is checked out, and HEAD's
    /// tree is what should be. A file that still holds its entry's blob lends it its stat data, so that
    /// status need not hash it again; any other (a hand edit, a deleted file) shows as the change it is.
    public func rebuildIndex(from tree: Tree) throws {
        guard let workdir else { return }
        var entries: [GitIndexFile.Entry] = []
        try walkFiles(in: tree) { path, blob in
            var info = stat()
            if lstat(workdir + path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG || (try? hashCheckedOut(path: path)) != blob {
                info = stat()
            }
            entries.append(GitIndexFile.Entry(path: path, blob: blob, fileStat: info))
        }
        // The old file is unreadable or absent: nothing in it can be kept.
        unlink(gitDirectory + "index")
        guard let empty = GitIndexFile(gitDirectory: gitDirectory) else {
            throw GitError(operation: "rebuild index", code: -1, message: "cannot start a new \(gitDirectory)index")
        }
        try empty.write(gitDirectory: gitDirectory, upserts: entries, removals: [])
    }
}
