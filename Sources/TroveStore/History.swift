import Foundation
import TroveGit

/// One commit in a store's history, as people read it.
public struct HistoryEntry: Sendable, Equatable {
    public var commit: ObjectID
    public var parents: [ObjectID]
    public var summary: String
    public var message: String
    public var author: String
    public var email: String
    public var date: Date
}

extension Store {
    /// Commits newest first; only those that changed record `id` when given.
    public func history(id: String? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
        guard let head = try repository.headCommitID() else { return [] }
        var path: String?
        if let id {
            path = try locateInHistory(id: id, from: head)
            guard path != nil else { throw StoreError.recordNotFound(id: id) }
        }
        return try repository.log(from: head, path: path, limit: limit).map(HistoryEntry.init)
    }

    /// Resolves a full or abbreviated commit id, or an expression like `HEAD~2`.
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        do { return try repository.resolveCommit(revision) } catch { throw StoreError.unknownCommit(revision) }
    }

    /// The path record `id` has, found at HEAD or, for a deleted record, in the latest commit that had it.
    private func locateInHistory(id: String, from head: ObjectID) throws -> String? {
        guard RecordID.isValid(id) else { return nil }
        if let tree = try headTree(), let path = recordPath(id: id, in: tree) { return path }
        // Paths depend only on the id, so the candidate paths are known; find one that ever existed.
        for format in formats.recordFormats {
            let path = StoreLayout.recordPath(collection: format.collection, id: id)
            if try !repository.log(from: head, path: path, limit: 1).isEmpty { return path }
        }
        return nil
    }
}

extension HistoryEntry {
    init(_ commit: Commit) {
        let author = commit.author
        self.init(
            commit: commit.id, parents: commit.parentIDs, summary: commit.summary, message: commit.message,
            author: author.name, email: author.email, date: author.time)
    }
}
