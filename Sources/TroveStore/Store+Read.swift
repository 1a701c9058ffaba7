import TroveGit
import TroveJSON
import TroveSchema

extension Store {
    /// The record `id` at HEAD, or at `commit` when given.
    public func record(id: String, at commit: ObjectID? = nil) throws -> Record? {
        guard RecordID.isValid(id) else { return nil }
        let tree = try commit.map { try repository.tree(ofCommit: $0) } ?? headTree()
        guard let tree, let path = recordPath(id: id, in: tree), let entry = tree.entry(atPath: path) else { return nil }
        let bytes = try repository.blob(entry.id)
        do {
            return Record(try JSONValue(parsing: bytes))
        } catch {
            throw StoreError.invalidJSON(source: path, error: error)
        }
    }

    /// The path of record `id` in `tree`, whatever its collection: the first in path order if it has two.
    func recordPath(id: String, in tree: Tree) -> String? {
        let shard = StoreLayout.fanout(id)
        for collection in recordCollections {
            let path = StoreLayout.recordPath(collection: collection, shard: shard, id: id)
            if tree.entry(atPath: path) != nil { return path }
        }
        return nil
    }

    /// Every record of `type` at HEAD, in id (creation) order. Unreadable files are skipped; `check` names them.
    public func records(ofType type: String) throws -> [Record] {
        // Only the folder is needed: compiling the type's schema cost each search 0.5 ms (its groups' list).
        guard let summary = formats.summary(for: type), !summary.isLog else {
            throw StoreError.unknownType(type, known: formats.recordTypes)
        }
        guard let tree = try headTree() else { return [] }
        var records: [Record] = []
        try repository.walkFiles(in: tree, under: summary.collection) { _, blob in
            if let value = try? JSONValue(parsing: repository.blob(blob)) { records.append(Record(value)) }
        }
        return records.sorted { $0.id < $1.id }
    }

    /// The format of record type `type`; throws `unknownType`, listing the known ones, for anything else.
    @discardableResult
    public func recordFormat(_ type: String) throws -> RecordFormat {
        guard let format = formats.format(for: type), !format.isLog else {
            throw StoreError.unknownType(type, known: formats.recordTypes)
        }
        return format
    }

    /// The number of record files per type at HEAD.
    public func recordCounts() throws -> [(type: String, count: Int)] {
        guard let tree = try headTree() else { return [] }
        return try formats.recordFormats.compactMap { format in
            var count = 0
            try repository.walkFiles(in: tree, under: format.collection) { _, _ in count += 1 }
            return count > 0 ? (format.type, count) : nil
        }
    }

    /// The bytes of a media file by its SHA-256 digest, if stored.
    public func media(sha256: String) throws -> [UInt8]? {
        guard let tree = try headTree() else { return nil }
        for kind in MediaKind.allCases {
            if let entry = tree.entry(atPath: StoreLayout.mediaPath(sha256: sha256, fileExtension: kind.rawValue)) {
                return try repository.blob(entry.id)
            }
        }
        return nil
    }

    /// The hashes of the stored media files whose hash starts with `prefix` (2 hex digits or more), for
    /// the short hashes listings print.
    public func mediaHashes(startingWith prefix: String) throws -> [String] {
        let prefix = prefix.lowercased()
        guard prefix.count >= 2, let tree = try headTree(),
              let folder = tree.entry(atPath: StoreLayout.mediaFolder + "/" + prefix.prefix(2)), folder.kind == .tree
        else { return [] }
        return try repository.tree(folder.id).entries.compactMap { entry in
            let hash = String(entry.name.prefix { $0 != "." })
            return hash.hasPrefix(prefix) ? hash : nil
        }
    }

    /// The kind of a stored media file (which gives its extension), without reading it.
    public func mediaKind(sha256: String) throws -> MediaKind? {
        guard let tree = try headTree() else { return nil }
        return MediaKind.allCases.first { tree.entry(atPath: StoreLayout.mediaPath(sha256: sha256, fileExtension: $0.rawValue)) != nil }
    }

    /// The configured remotes and their URLs.
    public func remotes() throws -> [(name: String, url: String)] {
        try repository.localConfig().entries(matching: #"^remote\..*\.url$"#).map { entry in
            (String(entry.name.dropFirst("remote.".count).dropLast(".url".count)), entry.value)
        }
    }
}
