import TroveGit
import TroveJSON

extension Store {
    /// Each record of `ids` (of one of `types`) as the latest commit whose summary starts with `summaryPrefix`
    /// wrote it, found by walking the first-parent history back from HEAD; a record no such commit wrote is left
    /// out, and so are commits an undo reverted, and a record a commit names in its trailer `except` (ids
    /// separated by spaces): for it an earlier commit counts.
    ///
    /// A re-import with no local note of what it imported last takes its merge base from here: the version its
    /// source's last import committed in the source's form (an import that merged a record with edits made in
    /// the store names it in the trailer).
    public func lastWritten(ids: some Sequence<String>, types: [String], byCommitsStartingWith summaryPrefix: String,
                            except trailer: String? = nil) throws -> [String: JSONValue] {
        let collections = types.compactMap { formats.format(for: $0)?.collection }
        func paths(_ id: String) -> [String] { collections.map { StoreLayout.recordPath(collection: $0, id: id) } }
        var wanted: [String: String] = [:]  // path → record id
        for id in ids where RecordID.isValid(id) {
            for path in paths(id) { wanted[path] = id }
        }
        var found: [String: JSONValue] = [:]
        var undone = Set<String>()
        var next = try repository.headCommitID()
        while let id = next, !wanted.isEmpty {
            let commit = try repository.commit(id)
            next = commit.parentIDs.first
            if let target = Self.undoTarget(of: commit) { undone.insert(target) }
            guard commit.summary.hasPrefix(summaryPrefix), !undone.contains(id.hex) else { continue }
            let excepted = Set(trailer.flatMap { Self.trailer($0, of: commit) }?.split(separator: " ").map(String.init) ?? [])
            let parentTree = try next.map { try repository.tree(ofCommit: $0) }
            for delta in try repository.diff(from: parentTree, to: repository.tree(commit.treeID)) {
                guard let recordID = wanted[delta.path], !excepted.contains(recordID) else { continue }
                for path in paths(recordID) { wanted[path] = nil }
                if let blob = delta.newID, let value = try? JSONValue(parsing: repository.blob(blob)) { found[recordID] = value }
            }
        }
        return found
    }

    /// Whether commit `hex` is on HEAD's first-parent chain with no undo since: so what a clone noted when its
    /// HEAD was `hex` (like what an import read) still describes the history. False when it is not found.
    public func isCurrentWithoutUndo(since hex: String) throws -> Bool {
        var next = try repository.headCommitID()
        while let id = next {
            if id.hex == hex { return true }
            let commit = try repository.commit(id)
            if Self.undoTarget(of: commit) != nil { return false }
            next = commit.parentIDs.first
        }
        return false
    }

    /// The commit an undo commit reverted (its `Undoes:` trailer), or nil for any other commit.
    static func undoTarget(of commit: Commit) -> String? { trailer(undoTrailer, of: commit) }

    /// The value of the first line of `commit`'s message that starts with `name`, or nil.
    static func trailer(_ name: String, of commit: Commit) -> String? {
        commit.message.split(separator: "\n").first { $0.hasPrefix(name) }.map { String($0.dropFirst(name.count)) }
    }
}
