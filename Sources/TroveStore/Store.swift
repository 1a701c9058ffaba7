import Foundation
import TroveGit
import TroveJSON
import TroveSchema

/// A Trove store: a git repository of canonical JSON records and media, with its files checked out.
///
/// Reads come from HEAD's tree, never from the checked-out files, so they
/// are consistent even while a hand edit is in progress. Every write goes
/// through `transaction(message:_:)` and becomes exactly one commit.
public final class Store {
    /// The store's folder, without a trailing slash.
    public let path: String
    let repository: Repository
    /// The record formats records are validated against.
    public let formats: FormatCatalog
    /// Local, never-synced state under `.git/trove/`.
    let local: LocalState
    /// The collections of records kept one file each (not logs), sorted, worked out once: every lookup by id walks them.
    let recordCollections: [String]
    /// Signs each commit this store makes; `nil` makes unsigned commits. Starts as `Store.defaultCommitSigner`.
    public var commitSigner: (any CommitSigner)?
    /// The commits that the clone which made this store left out, for holding files a store may not hold.
    public internal(set) var refusedOnClone: [RefusedCommit] = []

    init(path: String, repository: Repository, formats: FormatCatalog) throws {
        self.path = path
        self.repository = repository
        self.formats = formats
        // In path order: when one id has files in two collections (committed by hand, or from a hub), every
        // reader takes the one whose path sorts first, as a tree walk meets them.
        recordCollections = formats.recordFormats.map(\.collection).sorted()
        self.local = try LocalState(gitDirectory: repository.gitDirectory)
        commitSigner = Store.defaultCommitSigner
    }

    /// Objects, refs and packs reach the disk before a commit is reported done, so a power cut cannot take one back.
    static let durable: Void = Git.setFsync(true)

    /// Opens the store at `path`, finishing any write that a killed process left half done.
    public static func open(at path: String, formats: FormatCatalog = .bundled) throws -> Store {
        try open(at: path, formats: formats, rebuildingLostIndex: true)
    }

    /// - Parameter rebuildingLostIndex: false for a clone, which writes the git index with its checkout.
    static func open(at path: String, formats: FormatCatalog, rebuildingLostIndex: Bool) throws -> Store {
        _ = durable
        let path = normalized(path)
        let repository: Repository
        let format: Int
        do {
            guard let opened = try? Repository(openingAt: path), !opened.isBare else {
                throw StoreError.notAStore(path: path)
            }
            repository = opened
            guard let head = try repository.headCommitID(),
                  let metadata = try repository.tree(ofCommit: head).entry(atPath: StoreLayout.metadataFile),
                  case let bytes = try repository.blob(metadata.id),
                  let object = try? JSONValue(parsing: bytes).objectValue,
                  let found = object["format"]?.intValue
            else { throw StoreError.notAStore(path: path) }
            format = found
        } catch {
            // A folder that was a store stays one: say what broke rather than suggest making a new store.
            guard looksLikeStore(path) else { throw StoreError.notAStore(path: path) }
            let git = path + "/.git/"
            let problem = GitDamage.diagnose(gitDirectory: git)
                ?? (error as? GitError)?.message
                ?? "HEAD's \(StoreLayout.metadataFile) is missing or unreadable"
            throw StoreError.damaged(path: path, problem: problem)
        }
        guard format <= StoreLayout.formatVersion else {
            throw StoreError.newerFormat(path: path, found: format, supported: StoreLayout.formatVersion)
        }
        let store = try Store(path: path, repository: repository, formats: formats)
        // A store cloned by plain git (or made by an older Trove) lacks what lets `git pull` merge records: add it once.
        let config = try? repository.localConfig()
        if config?.string("merge.trove.driver") == nil || config?.string("pack.deltaCacheSize") == nil
            || config?.string("pack.windowMemory") == nil {
            try? configureGit(repository)
        }
        if store.local.hasPendingCheckout {
            try store.withWriterLock { try store.recoverPendingCheckout() }
        }
        switch repository.indexCondition {
        case .lost:
            // The git index is a cache of what is checked out: one deleted or damaged is rebuilt from HEAD.
            if rebuildingLostIndex, let tree = try store.headTree() {
                try store.withWriterLock { if repository.indexIsLost { try repository.rebuildIndex(from: tree) } }
            }
        case .split:
            // Trove 0.1 wrote split indexes for stores of 10,000 records or more; libgit2 and dulwich read none.
            try store.withWriterLock { try repository.rewriteSplitIndex() }
        case .usable:
            break
        }
        StaleTemporaryFiles.sweep(gitDirectory: repository.gitDirectory)
        return store
    }

    /// The store's metadata (`trove.json`) at HEAD.
    public func metadata() throws -> JSONValue {
        guard let entry = try headTree()?.entry(atPath: StoreLayout.metadataFile) else { throw StoreError.notAStore(path: path) }
        return try JSONValue(parsing: repository.blob(entry.id))
    }

    /// This clone's peer id, which tags its clocks.
    public var peerID: String { local.peerID }

    /// HEAD's commit id.
    public func headCommitID() throws -> ObjectID? { try repository.headCommitID() }

    func headTree() throws -> Tree? {
        guard let head = try repository.headCommitID() else { return nil }
        return try repository.tree(ofCommit: head)
    }

    /// Whether `path` was made a store: Trove's local folder in `.git`, or a checked-out `trove.json`.
    static func looksLikeStore(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: LocalState.folder(ofStoreAt: path))
            || FileManager.default.fileExists(atPath: path + "/" + StoreLayout.metadataFile)
    }

    static func normalized(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL.path
        while url.count > 1 && url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
