import Foundation
import TroveParallel

/// Writing the index: a plain file every git tool reads, ended by the entry offset table.
///
/// A commit changes a few entries of an index that may hold 100,000. The
/// offset table splits the entries into blocks; a write parses only the blocks
/// its changes fall in, copies every other block's bytes as they are, and lays
/// out the changed blocks afresh in blocks of `EntryOffsetTable.blockSize`.
/// What is left is copying and hashing the file: about 12 MB at 100,000
/// records, 10 ms on this machine's SHA-1 instructions.
extension GitIndexFile {
    /// A path to stage (`entry`) or to unstage (`nil`).
    struct Change {
        var path: [UInt8]
        var entry: Entry?
    }

    /// One entry of a block being laid out afresh: one the index has, or the change at a position of `changes`.
    enum Item {
        case kept(EntryReference)
        case staged(Int)
    }

    /// A stretch of the new file: blocks copied as they are, or entries laid out afresh.
    enum Segment {
        case copied(offset: Int, length: Int, blocks: ArraySlice<EntryOffsetTable.Block>)
        case laidOut([Item])
    }

    /// Writes the index with `upserts` staged and `removals` unstaged, through `index.lock`.
    ///
    /// The index is read again once the lock is held, so that what another writer staged meanwhile is kept.
    public static func write(gitDirectory: String, upserts: [Entry], removals: [String]) throws {
        try write(gitDirectory: gitDirectory, upserts: upserts, removals: removals, ahead: nil)
    }

    /// Like `write(gitDirectory:upserts:removals:)`, going on from what `ahead` wrote when the changes are the ones it began with.
    static func write(gitDirectory: String, upserts: [Entry], removals: [String], ahead: WriteAhead?) throws {
        let changes = Self.changes(upserts, removals)
        var ahead = ahead
        var segments: [Segment] = []
        if let started = ahead {
            segments = started.current.segments(applying: changes)
            if !started.matches(changes) || Self.count(of: segments) != started.count || !segments.startsWith(blocks: started.blocks) {
                // Not what it began with: its lock goes, and the index is written afresh.
                started.writer.abandon()
                ahead = nil
            }
        }
        let writer = try ahead?.writer ?? GitIndexFileWriter(lock: gitDirectory + "index.lock", patience: 5)
        guard let current = ahead?.current ?? GitIndexFile(gitDirectory: gitDirectory, lazily: true) else {
            throw GitError(operation: "write index", code: -1, message: "cannot read \(gitDirectory)index")
        }
        if ahead == nil { segments = current.segments(applying: changes) }
        try current.write(segments, changes: changes, to: writer, headerAndFirstWritten: ahead != nil)
        try writer.commit(to: gitDirectory + "index")
        if current.isSplit { Self.removeSharedIndexes(gitDirectory) }
        // The old file is gone from the folder: whoever lets go of it last frees its 12 MB (at 100,000
        // records, 2 ms on this machine), which the command need not wait for.
        releaseLater(current)
    }

    /// The new file's entries as segments: untouched blocks to copy, and the changed ones laid out afresh.
    func segments(applying changes: [Change]) -> [Segment] {
        guard let table, let start = mainBytes.baseAddress, !table.blocks.isEmpty else {
            return [.laidOut(Self.merge(entries[...], with: changes, changes.indices))]
        }
        // The block each change falls in; changes are in path order, so blocks come in order too.
        var changesByBlock: [(block: Int, changes: Range<Int>)] = []
        for (position, change) in changes.enumerated() {
            let block = change.path.withUnsafeBufferPointer { table.block(for: $0, in: start) } ?? 0
            if let last = changesByBlock.last, last.block == block {
                changesByBlock[changesByBlock.count - 1].changes = last.changes.lowerBound..<position + 1
            } else {
                changesByBlock.append((block, position..<position + 1))
            }
        }
        var segments: [Segment] = []
        var nextBlock = 0
        func copy(upTo end: Int) {
            guard nextBlock < end else { return }
            let offset = table.blocks[nextBlock].offset
            let endOffset = end < table.blocks.count ? table.blocks[end].offset : table.entriesEnd
            segments.append(.copied(offset: offset, length: endOffset - offset, blocks: table.blocks[nextBlock..<end]))
        }
        for (block, range) in changesByBlock {
            copy(upTo: block)
            segments.append(.laidOut(Self.merge(entries(of: table.blocks[block], table: table, start: start)[...], with: changes, range)))
            nextBlock = block + 1
        }
        copy(upTo: table.blocks.count)
        return segments
    }

    /// The entries of one block, parsed.
    func entries(of block: EntryOffsetTable.Block, table: EntryOffsetTable, start: UnsafePointer<UInt8>) -> [EntryReference] {
        var found: [EntryReference] = []
        found.reserveCapacity(block.count)
        var offset = block.offset
        for _ in 0..<block.count {
            guard let (entry, next) = Self.entry(at: offset, in: start, end: table.entriesEnd, version: table.version) else { break }
            found.append(entry)
            offset = next
        }
        return found
    }

    /// `entries` (in path order) with `changes[range]` (in path order) applied.
    private static func merge(_ entries: ArraySlice<EntryReference>, with changes: [Change], _ range: Range<Int>) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(entries.count + range.count)
        var next = entries.startIndex
        for position in range {
            let change = changes[position]
            var order = 1
            while next < entries.endIndex {
                order = change.path.withUnsafeBufferPointer { compare(entries[next].pathBytes, $0) }
                if order >= 0 { break }
                items.append(.kept(entries[next]))
                next += 1
            }
            if order == 0 { next += 1 }
            if change.entry != nil { items.append(.staged(position)) }
        }
        items.append(contentsOf: entries[next...].lazy.map(Item.kept))
        return items
    }

    /// How many entries the segments hold.
    private static func count(of segments: [Segment]) -> Int {
        var count = 0
        for segment in segments {
            switch segment {
            case .copied(_, _, let blocks): count += blocks.reduce(0) { $0 + $1.count }
            case .laidOut(let items): count += items.count
            }
        }
        return count
    }

    /// Header, the segments' entries, the offset table; `headerAndFirstWritten`: the header and the first segment
    /// (blocks copied) were written ahead (`WriteAhead`).
    private func write(_ segments: [Segment], changes: [Change], to writer: GitIndexFileWriter, headerAndFirstWritten: Bool = false) throws {
        if !headerAndFirstWritten { writer.append(header(count: Self.count(of: segments))) }
        var blocks: [(offset: Int, count: Int)] = []
        var offset = Self.headerSize
        // Runs of entries lying one after another in the mapped file are copied in one piece.
        var run: (start: UnsafePointer<UInt8>, length: Int)?
        func extendRun(_ start: UnsafePointer<UInt8>, _ length: Int) throws {
            if let current = run, current.start + current.length == start {
                run = (current.start, current.length + length)
            } else {
                try flushRun()
                run = (start, length)
            }
        }
        func flushRun() throws {
            if let current = run { writer.append(borrowing: UnsafeBufferPointer(start: current.start, count: current.length)) }
            run = nil
        }
        var scratch: [UInt8] = []
        for (number, segment) in segments.enumerated() {
            switch segment {
            case .copied(let from, let length, let copied):
                let shift = offset - from
                blocks.append(contentsOf: copied.map { ($0.offset + shift, $0.count) })
                if number == 0 && headerAndFirstWritten {
                    offset += length
                    continue
                }
                try flushRun()
                writer.append(UnsafeBufferPointer(start: mainBytes.baseAddress! + from, count: length), fromFile: storages[0].descriptor, at: from)
                offset += length
            case .laidOut(let items):
                for (number, item) in items.enumerated() {
                    if number % EntryOffsetTable.blockSize == 0 {
                        blocks.append((offset, min(EntryOffsetTable.blockSize, items.count - number)))
                    }
                    switch item {
                    case .kept(let entry) where entry.isContiguous:
                        try extendRun(entry.data, entry.onDiskLength)
                        offset += entry.onDiskLength
                    case .kept(let entry):
                        try flushRun()
                        scratch.removeAll(keepingCapacity: true)
                        Self.encode(entry, into: &scratch)
                        offset += scratch.count
                        writer.append(scratch)
                    case .staged(let position):
                        try flushRun()
                        scratch.removeAll(keepingCapacity: true)
                        Self.encode(changes[position].entry!, path: changes[position].path, into: &scratch)
                        offset += scratch.count
                        writer.append(scratch)
                    }
                }
            }
        }
        try flushRun()
        writer.append(EntryOffsetTable.extensions(blocks: blocks, entriesEnd: offset))
    }

    func header(count: Int) -> [UInt8] {
        var header = Array("DIRC".utf8)
        withUnsafeBytes(of: version.bigEndian) { header.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(count).bigEndian) { header.append(contentsOf: $0) }
        return header
    }

    /// Appends an entry whose path lies apart from its fixed part (a split index's) as git stores it.
    static func encode(_ entry: EntryReference, into out: inout [UInt8]) {
        let start = out.count
        let fixed = UnsafeBufferPointer(start: entry.data, count: entry.fixedLength)
        let pathLength = Int(entry.pathLength)
        out.append(contentsOf: fixed[0..<60])
        let flags = entry.flags & ~0xFFF | UInt16(min(pathLength, 0xFFF))
        withUnsafeBytes(of: flags.bigEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: fixed[62...])
        out.append(contentsOf: entry.pathBytes)
        pad(&out, from: start)
    }

    /// Appends a staged file's entry as git stores it: stat data, mode, blob, flags, path, NUL padding.
    static func encode(_ entry: Entry, path: [UInt8], into out: inout [UInt8]) {
        let start = out.count
        let info = entry.statData
        for value in [
            info.ctimeSeconds, info.ctimeNanoseconds, info.mtimeSeconds, info.mtimeNanoseconds,
            info.device, info.inode, 0o100644, info.user, info.group, info.size,
        ] {
            withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: entry.blob.bytes)
        withUnsafeBytes(of: UInt16(min(path.count, 0xFFF)).bigEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: path)
        pad(&out, from: start)
    }

    /// NUL bytes after an entry up to a multiple of 8, at least one.
    private static func pad(_ out: inout [UInt8], from start: Int) {
        let length = out.count - start
        out.append(contentsOf: repeatElement(0, count: (length + 8) & ~7 - length))
    }

    /// Deletes the shared indexes a split index named, once a plain one has replaced it. A reader that found
    /// the split index but not its shared one reads again and finds the plain one.
    static func removeSharedIndexes(_ gitDirectory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: gitDirectory) else { return }
        for name in names where name.hasPrefix("sharedindex.") { unlink(gitDirectory + name) }
    }

    /// The changes in path order; a path both staged and removed is removed.
    static func changes(_ upserts: [Entry], _ removals: [String]) -> [Change] {
        // A commit stages its files in path order: then they are the changes as they are (sorting a bulk
        // import's 10,000 through a dictionary took 20 ms).
        if removals.isEmpty {
            let changes = upserts.map { Change(path: Array($0.path.utf8), entry: $0) }
            if zip(changes, changes.dropFirst()).allSatisfy({ $0.path.lexicographicallyPrecedes($1.path) }) { return changes }
        }
        var byPath: [[UInt8]: Entry?] = [:]
        for entry in upserts { byPath[Array(entry.path.utf8)] = entry }
        for path in removals { byPath[Array(path.utf8)] = .some(nil) }
        return byPath.map { Change(path: $0.key, entry: $0.value) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
    }
}

extension Repository {
    /// Whether `.git/index` is gone or cannot be read. An absent index reads as an empty one,
    /// which would make every checked-out file look like a change; a damaged one fails every status.
    public var indexIsLost: Bool { indexCondition == .lost }

    /// What state `.git/index` is in, as a store opening it needs to know.
    public enum IndexCondition { case usable, lost, split }

    /// Whether `.git/index` can be used as it is, is lost, or is split (which libgit2 cannot read).
    public var indexCondition: IndexCondition {
        guard access(gitDirectory + "index", F_OK) == 0, let index = GitIndexFile(gitDirectory: gitDirectory, lazily: true) else {
            return .lost
        }
        return index.isSplit ? .split : .usable
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
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: entries, removals: [])
    }
}

extension Array where Element == GitIndexFile.Segment {
    /// Whether the first segment copies exactly the first `blocks` blocks, from the entries' start (what `WriteAhead` wrote).
    func startsWith(blocks: Int) -> Bool {
        guard case .copied(let offset, _, let copied)? = first else { return false }
        return offset == GitIndexFile.headerSize && copied.startIndex == 0 && copied.count == blocks
    }
}
