import Foundation

/// Split indexes, read so that they can be written plain.
///
/// A split index (`git update-index --split-index`, and Trove 0.1 for
/// stores of 10,000 records or more) names a shared index file,
/// `sharedindex.<checksum>`, and lists only what changed since: entries that
/// replace shared ones (their names stripped), entries added, and EWAH bitmaps
/// of the shared positions replaced and deleted. libgit2, dulwich, JGit and
/// go-git cannot read one (libgit2 issue #6132), so Trove writes none: it reads
/// one whole, and a store opened with one has it rewritten plain at once
/// (`Repository.rewriteSplitIndex`).
extension GitIndexFile {
    /// What a split index's `link` extension says: the shared index and how this file changes it.
    struct Link {
        var checksum: [UInt8]
        var deleted: [Int]
        var replaced: [Int]
    }

    /// Where the shared index with `checksum` lives.
    static func sharedIndexPath(_ gitDirectory: String, _ checksum: [UInt8]) -> String {
        gitDirectory + "sharedindex." + ObjectID(bytes: checksum).hex
    }

    /// A split index with its shared index merged in.
    static func readSplit(main: Storage, parsed: (version: UInt32, entries: [EntryReference], link: Link?), link: Link,
                          gitDirectory: String) -> Attempt {
        guard let shared = Storage(mapping: sharedIndexPath(gitDirectory, link.checksum)) else { return .sharedMissing }
        guard let sharedParsed = parse(shared.bytes), sharedParsed.link == nil,
              let merged = merge(sharedParsed.entries, with: parsed.entries, deleted: link.deleted, replaced: link.replaced)
        else { return .unreadable }
        let version = max(parsed.version, sharedParsed.version)
        return .read(GitIndexFile(storages: [main, shared], version: version, entries: merged, table: nil, isSplit: true))
    }

    static func parseLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Link? {
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
            if nextReplacement < replaced.count, replaced[nextReplacement] == position {
                let replacement = main[nextReplacement]
                nextReplacement += 1
                entry.data = replacement.data
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
        for entry in added {
            let path = UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength))
            while next < kept.count {
                let order = compare(UnsafeBufferPointer(start: kept[next].path, count: Int(kept[next].pathLength)), path)
                if order > 0 { break }
                if order == 0 { next += 1; break }
                merged.append(kept[next])
                next += 1
            }
            merged.append(entry)
        }
        merged.append(contentsOf: kept[next...])
        return merged
    }
}

extension Repository {
    /// Rewrites a split index as a plain one, which every git tool reads, and deletes the shared indexes.
    ///
    /// Run when a store is opened, before libgit2 reads the index. The index is read again under its lock,
    /// so no concurrent write is undone. Cheap when the index is Trove's own: its offset table says it is plain.
    public func rewriteSplitIndex() throws {
        guard workdir != nil, GitIndexFile(gitDirectory: gitDirectory, lazily: true)?.isSplit == true else { return }
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: [], removals: [])
    }
}
