import Foundation

extension GitIndexFile {
    /// The first part of an index write, begun while a commit writes its objects and syncs them.
    ///
    /// A commit knows which paths it stages and unstages before it has written a file, so it knows the new
    /// entry count and which of the offset table's blocks stay as they are. The header and the blocks before
    /// the first changed one (most of a 12 MB index, when a new record's path sorts near the end of its folder)
    /// are copied and hashed on two other threads while the commit waits for its fsyncs; `write` goes on from
    /// there once the files' stat data is known. It holds `index.lock` from the start.
    final class WriteAhead {
        let writer: GitIndexFileWriter
        let current: GitIndexFile
        let upserting: Set<String>
        let removing: Set<String>
        /// The entry count written in the header.
        let count: Int
        /// How many of the offset table's blocks were written ahead.
        let blocks: Int

        /// Writing ahead is worth a thread from this many bytes.
        static let worthFrom = 1 << 20

        /// Starts the write; `nil` when it is not worth it or the index has no offset table to go by.
        init?(gitDirectory: String, upserting: [String], removing: [String], worthFrom: Int = WriteAhead.worthFrom) throws {
            guard !upserting.isEmpty || !removing.isEmpty else { return nil }
            let writer = try GitIndexFileWriter(lock: gitDirectory + "index.lock", patience: 5)
            guard let current = GitIndexFile(gitDirectory: gitDirectory, lazily: true), let table = current.table,
                  let start = current.mainBytes.baseAddress, let first = (upserting + removing).min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            else { return nil }
            let firstBlock = Array(first.utf8).withUnsafeBufferPointer { table.block(for: $0, in: start) } ?? 0
            let prefixEnd = table.blocks[firstBlock].offset
            guard prefixEnd - Self.headerOffset >= max(worthFrom, 1) else { return nil }
            // A path both staged and removed is removed, as `GitIndexFile.changes` has it.
            let removing = Set(removing), upserting = Set(upserting).subtracting(removing)
            var count = current.count
            for path in upserting where current.entryID(atPath: path) == nil { count += 1 }
            for path in removing where current.entryID(atPath: path) != nil { count -= 1 }
            self.writer = writer
            self.current = current
            self.upserting = upserting
            self.removing = removing
            self.count = count
            blocks = firstBlock
            writer.writeAhead(header: current.header(count: count), UnsafeBufferPointer(start: start + Self.headerOffset, count: prefixEnd - Self.headerOffset),
                              fromFile: current.storages[0].descriptor, at: Self.headerOffset)
        }

        private static let headerOffset = GitIndexFile.headerSize

        /// A write given up (a commit that failed after beginning it) waits here for its threads, which read
        /// `current`'s mapped bytes and use `writer`: released while they ran, the mapping went and a thread read
        /// freed memory (seen once, in the whole suite). After `commit`, there is nothing to wait for.
        deinit { writer.abandon() }

        /// Whether the changes staged are the ones this write began with.
        func matches(_ changes: [Change]) -> Bool {
            var upserts = 0, removals = 0
            for change in changes {
                let path = String(decoding: change.path, as: UTF8.self)
                if change.entry != nil {
                    guard upserting.contains(path) else { return false }
                    upserts += 1
                } else {
                    guard removing.contains(path) else { return false }
                    removals += 1
                }
            }
            return upserts == upserting.count && removals == removing.count
        }
    }
}
