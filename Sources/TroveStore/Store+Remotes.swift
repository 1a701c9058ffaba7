import Foundation
import TroveGit
import TroveJSON
import TroveSchema

extension Store {
    /// Adds a remote. With `create`, first makes an empty bare hub at the path (a USB stick, a shared folder).
    public func addRemote(name: String, url: String, create: Bool = false) throws {
        guard try !repository.remotes().contains(where: { $0.name == name }) else { throw StoreError.remoteExists(name) }
        let location = Self.location(of: url)
        if create {
            guard let path = location.localPath else {
                throw StoreError.notARecord(path: url, reason: "--create makes hubs at a path or file:// URL only")
            }
            if FileManager.default.fileExists(atPath: path), (try? FileManager.default.contentsOfDirectory(atPath: path).isEmpty) != true {
                throw StoreError.folderNotEmpty(path: path)
            }
            _ = try Repository.create(at: path, bare: true)
        }
        try repository.addRemote(name: name, url: location.url)
    }

    /// Removes a remote (the hub itself is left alone).
    public func removeRemote(name: String) throws {
        guard try repository.remotes().contains(where: { $0.name == name }) else { throw StoreError.unknownRemote(name) }
        try forgetRemoteSettings(name: name)
        try repository.removeRemote(name: name)
    }

    /// Starts a store on this machine from a peer or hub; the source becomes the remote `origin`.
    @discardableResult
    ///
    /// An encrypted hub is cloned the same way, once this device may read it: `recoveryPhrase` enrolls it at
    /// once; without, the clone leaves a join request and throws `HubError.awaitingApproval`, and the same
    /// clone run again after an enrolled device approved it finishes in the folder it left.
    public static func clone(from url: String, to path: String, security: TransferSecurity = TransferSecurity(),
                             formats: FormatCatalog = .bundled, progress: TransferProgress.Handler? = nil,
                             recoveryPhrase: String? = nil, invitationSecret: [UInt8]? = nil,
                             joinRequest: HubJoinRequestMode = .ask(sealed: nil)) throws -> Store {
        _ = durable
        let path = normalized(path)
        let source = location(of: url).url
        let repository: Repository
        if isPendingEncryptedClone(path) {
            repository = try cloneEncrypted(from: source, to: path, security: security, recoveryPhrase: recoveryPhrase,
                                        invitationSecret: invitationSecret, joinRequest: joinRequest, progress: progress)
        } else {
            if FileManager.default.fileExists(atPath: path), (try? FileManager.default.contentsOfDirectory(atPath: path).isEmpty) != true {
                throw StoreError.folderNotEmpty(path: path)
            }
            // One look at the hub's branches tells an encrypted hub from a plain one before anything is written.
            if try Repository.remoteReferences(url: source, security: security)[EncryptedHub.branch] != nil {
                repository = try cloneEncrypted(from: source, to: path, security: security, recoveryPhrase: recoveryPhrase,
                                        invitationSecret: invitationSecret, joinRequest: joinRequest, progress: progress)
            } else {
                // Nothing is checked out before the whole history has been judged: a hub can hold any tree.
                repository = try Repository.clone(from: source, to: path, security: security, checkOut: false, progress: progress)
            }
        }
        let store: Store
        do { store = try open(at: path, formats: formats, rebuildingLostIndex: false) } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw StoreError.notARecord(path: url, reason: "is not a Trove store (it has no trove.json)")
        }
        do {
            try configureGit(repository)
            if let caFile = security.http.caFile { try repository.setCAFile(caFile, forURL: location(of: url).url) }
            store.refusedOnClone = try store.refuseForeignFilesOfClone()
            // The checkout writes the git index too: HEAD as the review left it.
            try repository.checkOutIntoEmptyWorkTree()
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return store
    }

    /// Undoes, in a commit on top, every arriving commit whose files a store may not hold; returns them.
    private func refuseForeignFilesOfClone() throws -> [RefusedCommit] {
        guard let head = try repository.headCommitID(), try !arrivingProblems(theirs: head, head: nil).isEmpty else { return [] }
        let outcome = try ReviewEngine(store: self, review: AcceptEveryCommit()).review(theirs: head, head: nil)
        if outcome.tree != (try repository.commit(head).treeID) {
            let fixed = try commitRefusal(on: head, tree: outcome.tree, outcome)
            try repository.updateReference(try repository.headBranch(), to: fixed, expected: head, message: "trove: refuse on clone")
        }
        return outcome.refused
    }

    /// Sets what plain git needs to merge records like Trove does: attributes and the merge driver.
    static func configureGit(_ repository: Repository) throws {
        let info = repository.gitDirectory + "info"
        try FileManager.default.createDirectory(atPath: info, withIntermediateDirectories: true)
        try LocalState.writeAtomically(Array(StoreLayout.attributes.utf8), to: info + "/attributes")
        let config = try repository.localConfig()
        try config.set("merge.trove.name", "Trove field-level JSON merge")
        try config.set("merge.trove.driver", "\(Self.executablePath) merge-driver %O %A %B %P")
        // Photos and videos never delta against each other (their bytes are compressed already), yet
        // libgit2 tries every object below the big-file threshold against its neighbours when it packs
        // (an import or a push): 512 MB by default, which made packing a photo import take longer than
        // everything else together. Records stay far below 64 KB. libgit2 1.5 reads its threshold from
        // pack.deltaCacheSize (a slip in its packbuilder_config), git from pack.bigFileThreshold: set both.
        try config.set("pack.bigFileThreshold", String(Self.bigFileThreshold))
        try config.set("pack.deltaCacheSize", String(Self.bigFileThreshold))
        // libgit2 has no pack.window: a window memory of one byte empties its delta window instead.
        // Records are small JSON files that zlib already shrinks; searching 10 neighbours for a delta
        // of each cost a 50,000-record import a fifth of its time, for a pack 8% smaller.
        try config.set("pack.windowMemory", "1")
    }

    /// Objects above this size are packed without looking for deltas.
    static let bigFileThreshold = Repository.bigObjectSize

    /// This program's own path, so plain git can call it back as the merge driver.
    static var executablePath: String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return path.contains(" ") ? "'\(path)'" : path
    }

    /// A URL as libgit2 takes it, and the local folder it names, if any.
    static func location(of url: String) -> (url: String, localPath: String?) {
        if url.hasPrefix("file://") { return (url, String(url.dropFirst("file://".count))) }
        if url.contains("://") || (url.contains(":") && !url.hasPrefix("/") && !url.hasPrefix(".")) { return (url, nil) }
        let path = normalized(url)
        return (path, path)
    }
}
