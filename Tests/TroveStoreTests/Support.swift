import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// A fresh store in its own temporary folder, so tests can run in parallel.
final class StoreFixture: @unchecked Sendable {
    let folder = TemporaryFolder("trove-store-test")
    let store: Store

    /// libgit2 must not read the machine's or the user's git configuration.
    private static let isolated: Void = Git.isolateFromGlobalConfiguration()

    init() throws {
        _ = Self.isolated
        store = try Store.create(at: folder.child("store"))
    }

    var path: String { store.path }

    /// The plain git program (and `trove` binary settings) pointed at this store, for interop checks.
    var cli: TroveCLI { TroveCLI(home: folder.child("home"), store: path) }

    /// Runs the git program in the store; the product never does this, tests do to prove interop.
    @discardableResult
    func git(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: path, environment: cli.environment.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { _, new in new })
    }

    /// The checked-out file at a store path, or `nil` when there is none.
    func checkedOut(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + relative).map(Array.init)
    }

    /// Overwrites (or creates) a checked-out file, as a person editing by hand would.
    func handEdit(_ relative: String, _ text: String) throws {
        let target = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    }

    /// The path of a record file in the store.
    func path(of record: Record) -> String { recordPath(type: record.type, id: record.id) }

    func recordPath(type: String, id: String) -> String {
        StoreLayout.recordPath(collection: store.formats.format(for: type)!.collection, id: id)
    }

    /// The number of commits reachable from HEAD.
    func commitCount() throws -> Int { try store.history().count }

    /// Puts one record in its own transaction and returns it as stored.
    @discardableResult
    func put(_ fields: JSONValue, type: String = "dog") throws -> Record {
        try store.transaction { try $0.put(fields, type: type) }.value
    }
}

/// Asserts that the checked-out files and the git index match HEAD: no hand edits,
/// and every record's file holds exactly its canonical bytes.
func expectCheckoutMatchesHead(_ fixture: StoreFixture, types: [String] = ["dog", "entry", "journal"],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
    let edits = try fixture.store.handEdits()
    #expect(edits.isEmpty, "hand edits after a transaction: \(edits.map(\.path))", sourceLocation: sourceLocation)
    for type in types {
        for record in try fixture.store.records(ofType: type) {
            let onDisk = fixture.checkedOut(fixture.path(of: record))
            #expect(onDisk == record.canonicalBytes, "\(fixture.path(of: record)) differs from HEAD", sourceLocation: sourceLocation)
        }
    }
}

/// A valid journal entry's own fields (no envelope).
func entryFields(journalId: String, text: String = "Walked by the canal.") -> JSONValue {
    ["journalId": .string(journalId), "text": .string(text), "date": "2026-11-22T07:30:00.000Z"]
}

/// Test images: the real JPEG from the Day One fixtures, and small hand-made headers for the rest.
enum Images {
    static let fixtures = "/work/shared/fixtures/dayone/dev-journal"

    static func fixture(_ relative: String) throws -> [UInt8] {
        let data = try #require(FileManager.default.contents(atPath: fixtures + "/" + relative), "missing fixture \(relative)")
        return Array(data)
    }

    static func jpeg() throws -> [UInt8] { try fixture("photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg") }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("\0\0\0\rIHDR-test-png".utf8)
    static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8 test".utf8)
    static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
}

/// The SHA-256 hex digest of `bytes`, computed by the system's `sha256sum` so the test does not share the product's code.
func sha256Hex(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> String {
    let file = try folder.write("hash-input-\(UUID().uuidString)", bytes)
    let output = try ProcessRunner.run("/usr/bin/env", ["sha256sum", file], environment: ProcessInfo.processInfo.environment)
    return String(output.stdout.prefix(64))
}
