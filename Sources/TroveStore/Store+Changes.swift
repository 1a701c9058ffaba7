import TroveGit
import TroveJSON

/// One record file that differs between two commits: what a cache needs to catch up.
public struct RecordChange: Sendable {
    /// The record's id, from its file name.
    public var id: String
    /// The record type its collection holds.
    public var type: String
    /// The blob id (40 hex digits) after the change, `nil` when the record was deleted.
    public var blob: String?
    /// The record file's path in the store.
    public var path: String

    public init(id: String, type: String, blob: String?, path: String) {
        self.id = id
        self.type = type
        self.blob = blob
        self.path = path
    }

    /// The change to the record file at `path`, or `nil` when `path` is not a record file; `types` is
    /// `Store.recordTypesByCollection`.
    public init?(path: String, blob: String?, types: [String: String]) {
        guard let (collection, id) = StoreLayout.parseRecordPath(path), let type = types[collection] else { return nil }
        self.init(id: id, type: type, blob: blob, path: path)
    }
}

extension Store {
    /// The local, never-synced folder `.git/trove`, where caches such as the index live.
    public var localFolder: String { local.folder }

    /// The record type each collection of one file per record holds (log collections are not records), by collection.
    public var recordTypesByCollection: [String: String] {
        Dictionary(formats.recordFormats.map { ($0.collection, $0.type) }) { first, _ in first }
    }

    /// The record files that differ between commit `old` (`nil` = the empty store) and commit `new`.
    ///
    /// Unchanged subtrees are skipped whole, so the cost grows with the change, not the store.
    /// Throws `StoreError.unknownCommit` when either commit is not in the repository.
    public func recordChanges(from old: String?, to new: String) throws -> [RecordChange] {
        var changes: [RecordChange] = []
        try recordChanges(from: old, to: new, batch: .max) { changes = $0 }
        return changes
    }

    /// The same changes, in path order, handed to `body` `batch` at a time: an import's 1,000,000 need not be
    /// held at once. Nothing is handed over when nothing changed.
    public func recordChanges(from old: String?, to new: String, batch: Int, _ body: ([RecordChange]) throws -> Void) throws {
        let oldTree = try old.map { try tree(ofCommitHex: $0) }
        let newTree = try tree(ofCommitHex: new)
        let types = recordTypesByCollection
        var changes: [RecordChange] = []
        try repository.diff(from: oldTree, to: newTree) { delta in
            guard let change = RecordChange(path: delta.path, blob: delta.newID?.hex, types: types) else { return }
            changes.append(change)
            if changes.count >= batch {
                try body(changes)
                changes.removeAll(keepingCapacity: true)
            }
        }
        if !changes.isEmpty { try body(changes) }
    }

    /// Every record file at commit `hex`, as its id and blob id; of an id with files in two collections, the first.
    public func recordBlobs(at hex: String) throws -> [String: String] {
        var blobs: [String: String] = [:]
        for change in try recordChanges(from: nil, to: hex) where blobs[change.id] == nil { blobs[change.id] = change.blob }
        return blobs
    }

    /// The files of record `id` at commit `hex`, one per collection that has one, in path order: the first is
    /// the one `record(id:)` reads.
    public func recordFiles(id: String, at hex: String) throws -> [RecordChange] {
        let tree = try tree(ofCommitHex: hex)
        let shard = StoreLayout.fanout(id)
        return recordCollections.compactMap { collection in
            let path = StoreLayout.recordPath(collection: collection, shard: shard, id: id)
            guard let entry = tree.entry(atPath: path), let format = formats.format(forCollection: collection) else { return nil }
            return RecordChange(id: id, type: format.type, blob: entry.id.hex, path: path)
        }
    }

    /// The bytes of blob `hex` (a record file's canonical JSON), or `nil` when there is no such blob.
    public func blobBytes(_ hex: String) -> [UInt8]? {
        guard let id = ObjectID(hex: hex) else { return nil }
        return try? repository.blob(id)
    }

    /// HEAD's commit id as 40 hex digits, `nil` before the first commit.
    public func headHex() throws -> String? { try repository.headCommitID()?.hex }

    private func tree(ofCommitHex hex: String) throws -> Tree {
        guard let id = ObjectID(hex: hex), let tree = try? repository.tree(ofCommit: id) else {
            throw StoreError.unknownCommit(hex)
        }
        return tree
    }
}
