import Foundation
import TroveParallel

/// Writing the index of a large checkout: the old entries and the staged changes, both in path order, merged as
/// they are read, and the new file written as it is made. Memory stays a few MB whatever the number of entries
/// (issue 25); `write(gitDirectory:upserts:removals:)` remains the way for a commit of a few changes, which it
/// writes by copying the blocks they miss.
extension GitIndexFile {
    /// Writes `<gitDirectory>index` with `run`'s changes applied, through `index.lock`, the old file read again
    /// once the lock is held.
    static func writeMerging(gitDirectory: String, run: StagedChangeRun) throws {
        let writer = try GitIndexFileWriter(lock: gitDirectory + "index.lock", patience: 5)
        guard let current = GitIndexFile(gitDirectory: gitDirectory, lazily: true) else {
            writer.abandon()
            throw GitError(operation: "write index", code: -1, message: "cannot read \(gitDirectory)index")
        }
        var changes = try run.reader()
        var change = try changes.next()
        var count = 0, offset = headerSize
        var blocks: [(offset: Int, count: Int)] = []
        var scratch: [UInt8] = []
        // A placeholder: the count is known at the end.
        writer.append(current.header(count: 0))
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            if count % EntryOffsetTable.blockSize == 0 { blocks.append((offset, 0)) }
            blocks[blocks.count - 1].count += 1
            writer.append(Array(bytes))
            offset += bytes.count
            count += 1
            if writer.gatheredBytes >= 1 << 20 { try writer.flush() }
        }
        func emitStaged(_ path: [UInt8], _ entry: Entry) throws {
            scratch.removeAll(keepingCapacity: true)
            encode(entry, path: path, into: &scratch)
            try scratch.withUnsafeBufferPointer(emit)
        }
        try current.forEachEntry { old in
            var order = 1
            while let next = change {
                order = next.path.withUnsafeBufferPointer { compare($0, old.pathBytes) }
                guard order < 0 else { break }
                if let entry = next.entry { try emitStaged(next.path, entry) }
                change = try changes.next()
            }
            if order == 0, let next = change {
                // Staged anew or unstaged: the old entry goes either way.
                if let entry = next.entry { try emitStaged(next.path, entry) }
                change = try changes.next()
                return
            }
            if old.isContiguous {
                try emit(UnsafeBufferPointer(start: old.data, count: old.onDiskLength))
            } else {
                scratch.removeAll(keepingCapacity: true)
                encode(old, into: &scratch)
                try scratch.withUnsafeBufferPointer(emit)
            }
        }
        while let next = change {
            if let entry = next.entry { try emitStaged(next.path, entry) }
            change = try changes.next()
        }
        writer.append(EntryOffsetTable.extensions(blocks: blocks, entriesEnd: offset))
        try writer.commitRehashing(to: gitDirectory + "index", header: current.header(count: count))
        if current.isSplit { removeSharedIndexes(gitDirectory) }
        releaseLater(current)
    }

    /// Calls `body` with every entry in path order, a block at a time when the file has an offset table.
    func forEachEntry(_ body: (EntryReference) throws -> Void) throws {
        guard let table, let start = mainBytes.baseAddress else {
            for entry in entries { try body(entry) }
            return
        }
        var released = 0
        for block in table.blocks {
            for entry in entries(of: block, table: table, start: start) { try body(entry) }
            // The pages read so far go back to the kernel: a 110 MB index read through would otherwise all count
            // as the process's memory.
            let page = Int(getpagesize()), done = (block.offset - released) / page * page
            if done >= 4 << 20 {
                _ = madvise(UnsafeMutableRawPointer(mutating: start + released), done, MADV_DONTNEED)
                released += done
            }
        }
    }
}
