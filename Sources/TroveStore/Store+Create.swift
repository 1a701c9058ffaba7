import Foundation
import TroveGit
import TroveJSON
import TroveSchema
import TroveSystem

extension Store {
    /// Creates a store at `path`, which must not exist or be an empty folder.
    ///
    /// The store is built in a hidden sibling folder and renamed into place,
    /// so a crash never leaves a half-made store at `path`.
    @discardableResult
    public static func create(at path: String, kind: StoreKind = .personal, formats: FormatCatalog = .bundled) throws -> Store {
        _ = durable
        let path = normalized(path)
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            do {
                _ = try open(at: path, formats: formats)
                throw StoreError.alreadyAStore(path: path)
            } catch let error as StoreError where error != .notAStore(path: path) {
                throw error  // a store already, perhaps a damaged one: never made over
            } catch {}
            guard isFolder.boolValue, (try? files.contentsOfDirectory(atPath: path).isEmpty) == true else {
                throw StoreError.folderNotEmpty(path: path)
            }
        }
        let parent = FilePath.folder(of: path)
        try files.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = parent + "/.trove-init-\(getpid())-" + (path as NSString).lastPathComponent
        try? files.removeItem(atPath: staging)
        do {
            try populate(Repository.create(at: staging), kind: kind, formats: formats)
            guard rename(staging, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? files.removeItem(atPath: staging)
            throw error
        }
        return try open(at: path, formats: formats)
    }

    private static func populate(_ repository: Repository, kind: StoreKind, formats: FormatCatalog) throws {
        let store = try Store(path: String(repository.workdir!.dropLast()), repository: repository, formats: formats)
        let metadata: JSONValue = [
            "format": .integer(StoreLayout.formatVersion),
            "storeId": .string(RecordID.make()),
            "kind": .string(kind.rawValue),
        ]
        try store.transaction(message: "Create store") { transaction in
            transaction.write(path: StoreLayout.metadataFile, bytes: CanonicalJSON.encode(metadata), madeByTrove: true)
            transaction.write(path: StoreLayout.attributesFile, bytes: Array(StoreLayout.attributes.utf8), madeByTrove: true)
        }
        // libgit2 reads attributes from the work tree and info/, not from unchecked-out commits.
        try configureGit(repository)
    }
}

/// Whose a store is: one person's, or a group's that several members sync.
public enum StoreKind: String, Sendable {
    case personal
    /// Synced by members through a hub; what arrives counts only when a member signed it (see `IncomingReview`).
    case shared
}
