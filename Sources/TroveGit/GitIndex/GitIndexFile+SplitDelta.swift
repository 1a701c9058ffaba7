import Foundation

extension GitIndexFile {
    /// A split index read without merging in its shared index: lookups and changes cost the size of the small index.
    ///
    /// The small index lists entries replacing shared ones (by position),
    /// entries added (by path) and shared positions deleted. A lookup checks the
    /// added entries, then finds the path in the shared index and applies the
    /// lists to that one position. A write merges the changes into the lists.
    struct SplitDelta {
        let shared: GitSharedIndex
        let link: Link
        /// The entries replacing shared ones, one for each position in `link.replaced`.
        let replacing: ArraySlice<EntryReference>
        /// The entries added, in path order.
        let added: ArraySlice<EntryReference>

        init(shared: GitSharedIndex, link: Link, main: [EntryReference]) {
            self.shared = shared
            self.link = link
            replacing = main[..<link.replaced.count]
            added = main[link.replaced.count...]
        }

        var count: Int { shared.count - link.deleted.count + added.count }

        /// The entry staged at `path`, as a merged reading would give it.
        func entry(_ path: UnsafeBufferPointer<UInt8>) -> EntryReference? {
            if let found = Self.search(added, path) { return added[found] }
            guard let (position, entry) = shared.find(path), Self.search(link.deleted, position) == nil else { return nil }
            guard let replacement = Self.search(link.replaced, position) else { return entry }
            var replaced = entry
            replaced.data = replacing[replacing.startIndex + replacement].data
            return replaced
        }

        /// The small index's lists once `changes` (in path order) are staged, or `nil` when they call for a whole
        /// rewrite: the index falls below `splitThreshold`, or the lists outgrow a tenth of the shared index.
        func applying(_ changes: [Change], splitThreshold: Int) -> SplitLists? {
            var addedChanges: [Change] = []
            var sharedChanges: [(position: Int, change: Change)] = []
            for change in changes {
                let sharedPosition = change.path.withUnsafeBufferPointer { path in
                    Self.search(added, path) == nil ? shared.find(path)?.position : nil
                }
                if let sharedPosition { sharedChanges.append((sharedPosition, change)) } else { addedChanges.append(change) }
            }
            var lists = SplitLists(replaced: [], added: [], deleted: [])
            // Three merges of sorted lists with sorted changes: added entries by path, replaced and deleted by position.
            var next = added.startIndex
            for change in addedChanges {
                while next < added.endIndex, Self.compare(added[next], change.path) < 0 { lists.added.append(.kept(added[next])); next += 1 }
                if next < added.endIndex, Self.compare(added[next], change.path) == 0 { next += 1 }
                if let entry = change.entry { lists.added.append(.staged(entry, path: change.path, basePosition: -1)) }
            }
            lists.added += added[next...].map(Pending.kept)
            var replacement = 0
            for (position, change) in sharedChanges {
                while replacement < link.replaced.count, link.replaced[replacement] < position {
                    lists.replaced.append((link.replaced[replacement], .kept(replacing[replacing.startIndex + replacement])))
                    replacement += 1
                }
                if replacement < link.replaced.count, link.replaced[replacement] == position { replacement += 1 }
                if let entry = change.entry { lists.replaced.append((position, .staged(entry, path: change.path, basePosition: Int32(position)))) }
            }
            for rest in replacement..<link.replaced.count {
                lists.replaced.append((link.replaced[rest], .kept(replacing[replacing.startIndex + rest])))
            }
            var deletion = 0
            for (position, change) in sharedChanges {
                while deletion < link.deleted.count, link.deleted[deletion] < position { lists.deleted.append(link.deleted[deletion]); deletion += 1 }
                if deletion < link.deleted.count, link.deleted[deletion] == position { deletion += 1 }
                if change.entry == nil { lists.deleted.append(position) }
            }
            lists.deleted += link.deleted[deletion...]
            guard shared.count - lists.deleted.count + lists.added.count >= splitThreshold,
                  lists.size * 100 <= shared.count * resplitPercent
            else { return nil }
            return lists
        }

        private static func compare(_ entry: EntryReference, _ path: [UInt8]) -> Int {
            path.withUnsafeBufferPointer { GitIndexFile.compare(UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength)), $0) }
        }

        /// Binary search of entries in path order.
        private static func search(_ entries: ArraySlice<EntryReference>, _ path: UnsafeBufferPointer<UInt8>) -> Int? {
            var low = entries.startIndex, high = entries.endIndex
            while low < high {
                let middle = (low + high) / 2
                let order = GitIndexFile.compare(UnsafeBufferPointer(start: entries[middle].path, count: Int(entries[middle].pathLength)), path)
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }

        /// Binary search of ascending positions: the index of `position`, if listed.
        private static func search(_ positions: [Int], _ position: Int) -> Int? {
            var low = 0, high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] == position { return middle }
                if positions[middle] < position { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// What a split index lists beside its shared index.
    struct SplitLists {
        /// Shared positions whose entries are replaced, ascending, with their replacements.
        var replaced: [(position: Int, item: Pending)]
        /// Entries not in the shared index, in path order.
        var added: [Pending]
        /// Shared positions deleted, ascending.
        var deleted: [Int]

        /// How much the small index lists: once it passes a tenth of the shared index, a new shared index is due.
        var size: Int { replaced.count + added.count + deleted.count }
    }

    /// A path to stage (`entry`) or to unstage (`nil`).
    struct Change {
        var path: [UInt8]
        var entry: Entry?
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
