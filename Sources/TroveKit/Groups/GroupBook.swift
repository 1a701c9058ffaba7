import Foundation
import TroveGit
import TroveJSON
import TroveSchema
import TroveStore

/// The groups a user belongs to: shared stores listed in the personal store, each cloned beside it.
///
/// A group's clone lives in the personal store's local folder
/// (`.git/trove/groups/<group id>`): it belongs to this machine, and another
/// machine makes its own from the hub the first time the group is opened there.
public struct GroupBook {
    public let personal: Store
    public let me: GroupIdentity
    /// Signs every commit made in the groups' stores: the user's key, which the members know them by.
    let signer: any CommitSigner

    public init(personal: Store, me: GroupIdentity, signer: any CommitSigner) {
        self.personal = personal
        self.me = me
        self.signer = signer
    }

    /// Every group listed, by name.
    public func all() throws -> [GroupLink] {
        try personal.records(ofType: RecordType.group).compactMap(GroupLink.init)
            .sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
    }

    /// The group called `name` (ignoring case), or whose name or id starts with it.
    public func link(named name: String) throws -> GroupLink {
        try GroupLink.named(name, in: all())
    }

    /// Where this machine keeps the clone of group `id`.
    func folder(of id: String) -> String {
        Self.folder(of: id, personalStore: personal.path)
    }

    /// Where a machine keeps the clone of group `id` beside the personal store at `personalStore`.
    public static func folder(of id: String, personalStore: String) -> String {
        LocalFile.path("groups/" + id, ofStoreAt: personalStore)
    }

    /// The group called `name`, cloned from its hub first when this machine has no copy yet.
    public func open(_ name: String) throws -> Group {
        try open(link(named: name))
    }

    /// The group `link` names, cloned from its hub first when this machine has no copy yet.
    ///
    /// An encrypted hub opens for a new machine of a member once another machine of theirs, or any member, has
    /// synced the group since it asked (`GroupError.awaitingMachine` until then); the new machine then adds its key
    /// to the member's record, so that it is locked out with the others if the member leaves or is removed.
    public func open(_ link: GroupLink) throws -> Group {
        let folder = folder(of: link.id)
        if let store = try? Store.open(at: folder) {
            store.commitSigner = signer
            return Group(link: link, store: store, book: self)
        }
        let store: Store
        do {
            if !Store.isPendingClone(at: folder), try Store.isEncryptedHub(url: link.hub) {
                try? FileManager.default.removeItem(atPath: folder)
                try ask(hub: link.hub, from: folder, message: nil)
            }
            store = try cloneReviewed(from: link.hub, to: folder)
        } catch HubError.awaitingApproval {
            throw GroupError.awaitingMachine(group: link.name)
        }
        let group = Group(link: link, store: store, book: self)
        try group.adoptThisMachine()
        return group
    }

    /// Clones a hub and holds its whole history to the group's rules; an encrypted hub opens with an invitation's
    /// secret (once), or for a copy of one already enrolled.
    func cloneReviewed(from hub: String, to folder: String, invitationSecret: [UInt8]? = nil) throws -> Store {
        let store: Store
        do { store = try Store.clone(from: hub, to: folder, invitationSecret: invitationSecret) } catch StoreError.notARecord {
            throw GroupError.notAGroupHub(hub)
        }
        store.commitSigner = signer
        do {
            guard try store.isShared() else { throw GroupError.notAGroupHub(hub) }
            try store.reviewCloned(with: MembershipPolicy())
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        return store
    }

    /// Adds the group to the personal store's list.
    func list(id: String, name: String, hub: String, storeID: String?) throws {
        try personal.transaction(message: "List group \(name)") { transaction in
            _ = try transaction.put(GroupLink.fields(id: id, name: name, hub: hub, storeID: storeID), type: RecordType.group)
        }
    }

    /// Takes the group off the personal store's list and deletes this machine's clone.
    func unlist(_ link: GroupLink) throws {
        try personal.transaction(message: "Leave group \(link.name)") { transaction in
            try transaction.delete(id: link.id)
        }
        try? FileManager.default.removeItem(atPath: folder(of: link.id))
    }

    /// Remembers that link post `id` of a group was opened.
    public func markVisited(_ id: String, in link: GroupLink) throws {
        guard !link.visitedLinks.contains(id), let record = try personal.record(id: link.id) else { return }
        var fields = record.value.objectValue ?? [:]
        fields["visitedLinks"] = .array((link.visitedLinks.union([id])).sorted().map(JSONValue.string))
        try personal.transaction(message: "Open a link of \(link.name)") { transaction in
            _ = try transaction.put(.object(fields), type: RecordType.group)
        }
    }
}
