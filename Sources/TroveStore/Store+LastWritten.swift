import TroveGit
import TroveJSON

extension Store {
    /// Each record of `ids` (of one of `types`) as the latest commit whose summary starts with `summaryPrefix`
    /// wrote it, found by walking the first-parent history back from HEAD; a record no such commit wrote is left out.
    ///
    /// A re-import with no local note of what it imported last takes its merge base from here: the version its
    /// source's last import committed (exact for imports that wrote the file's form as it was, as every one did
    /// before re-imports merged).
    public func lastWritten(ids: some Sequence<String>, types: [String], byCommitsStartingWith summaryPrefix: String) throws -> [String: JSONValue] {
        let collections = types.compactMap { formats.format(for: $0)?.collection }
        var wanted: [String: String] = [:]  // path → record id
        for id in ids where RecordID.isValid(id) {
            for path in collections.map({ StoreLayout.recordPath(collection: $0, id: id) }) { wanted[path] = id }
        }
        var found: [String: JSONValue] = [:]
        var next = try repository.headCommitID()
        while let id = next, !wanted.isEmpty {
            let commit = try repository.commit(id)
            next = commit.parentIDs.first
            guard commit.summary.hasPrefix(summaryPrefix) else { continue }
            let parentTree = try next.map { try repository.tree(ofCommit: $0) }
            for delta in try repository.diff(from: parentTree, to: repository.tree(commit.treeID)) {
                guard let recordID = wanted[delta.path] else { continue }
                for collection in collections { wanted[StoreLayout.recordPath(collection: collection, id: recordID)] = nil }
                if let blob = delta.newID, let value = try? JSONValue(parsing: repository.blob(blob)) { found[recordID] = value }
            }
        }
        return found
    }
}
