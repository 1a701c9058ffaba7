import Foundation
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// Peers and a bare hub in one temporary folder, for sync tests.
final class SyncFixture {
    let folder = TemporaryFolder("trove-sync")
    var hub: String { folder.child("usb/trove.git") }

    init() { Git.isolateFromGlobalConfiguration() }

    /// The first peer: a new store with the hub created as its remote, pushed once.
    func firstPeer(_ name: String = "a") throws -> Store {
        let store = try Store.create(at: folder.child(name))
        try store.addRemote(name: "usb", url: hub, create: true)
        _ = try store.sync()
        return store
    }

    /// Another peer cloned from the hub.
    func clonedPeer(_ name: String) throws -> Store {
        try Store.clone(from: hub, to: folder.child(name))
    }

    /// The HEAD tree id of a store, read with plain git.
    func headTree(_ store: Store) throws -> String {
        try TroveCLI(home: folder.child("home"), store: store.path).git("rev-parse", "HEAD^{tree}", in: store.path).trimmed
    }

    /// The commit the hub's main branch points at.
    func hubHead() throws -> ObjectID? {
        try Repository(openingAt: hub).referenceTarget("refs/heads/main")
    }

    func gitStatus(_ store: Store) throws -> String {
        try TroveCLI(home: folder.child("home"), store: store.path).git("status", "--porcelain", in: store.path).stdout
    }
}

extension Store {
    /// Puts one record and returns it.
    @discardableResult
    func put(_ type: String, _ fields: JSONValue) throws -> Record {
        try transaction { try $0.put(fields, type: type) }.value
    }

    /// Changes some fields of record `id`, keeping the rest.
    @discardableResult
    func edit(_ id: String, _ changes: [String: JSONValue?]) throws -> Record {
        try transaction { transaction in
            var value = try require(transaction.record(id: id)).value
            for (key, new) in changes { value[key] = new }
            if value["conflicts"] == nil, case .object(var members) = value { members["conflicts"] = nil; value = .object(members) }
            return try transaction.put(value, type: try require(value["type"]?.stringValue))
        }.value
    }
}

/// `#require` outside a test: throws when the value is missing.
func require<T>(_ value: T?, _ message: String = "missing value") throws -> T {
    guard let value else { throw FixtureError(message: message) }
    return value
}

struct FixtureError: Error { var message: String }
