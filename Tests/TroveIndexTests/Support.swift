import Foundation
import Testing
@testable import TroveIndex
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// A fresh store in its own temporary folder, with helpers to fill it and to reach its index file.
final class IndexFixture: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: Store

    /// libgit2 must not read the machine's or the user's git configuration.
    private static let isolated: Void = Git.isolateFromGlobalConfiguration()

    /// Makes the git program and libgit2 ignore the machine's configuration; call before any store work.
    static func isolate() { _ = isolated }

    /// A new, empty store.
    init() throws {
        Self.isolate()
        folder = TemporaryFolder("trove-index-test")
        store = try Store.create(at: folder.child("store"))
    }

    /// Wraps an existing store (a sync peer) that lives inside `folder`.
    init(store: Store, in folder: TemporaryFolder) {
        Self.isolate()
        self.folder = folder
        self.store = store
    }

    var path: String { store.path }

    /// The index file: `.git/trove/index.sqlite`.
    var indexPath: String { store.localFolder + "/" + RecordIndex.fileName }

    /// Whether the index's write-ahead log holds nothing: every write is in the file itself.
    /// (Connections keep the log file, empty, rather than delete it.)
    var logIsEmpty: Bool {
        ((try? FileManager.default.attributesOfItem(atPath: indexPath + "-wal")[.size] as? Int) ?? 0) == 0
    }

    /// Opens the index, which catches up with HEAD (or rebuilds it).
    func index() throws -> RecordIndex { try RecordIndex(store: store) }

    /// The environment the git and sqlite3 programs run with: an isolated home and a fixed author.
    var environment: [String: String] {
        TroveCLI(home: folder.child("home"), store: path).environment.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { _, new in new }
    }

    /// Runs the git program in the store and requires it to succeed; the product never does this, tests do.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let output = try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: path, environment: environment)
        guard output.status == 0 else {
            throw FixtureError(message: "git \(arguments.joined(separator: " ")) failed: \(output.stderr)")
        }
        return output.trimmed
    }

    /// Runs `sql` on the index file with the sqlite3 program (not the product's code) and requires success.
    @discardableResult
    func sqlite(_ sql: String) throws -> String {
        // Waiting, as Trove does, while a connection just closed folds its log back into the file.
        let output = try ProcessRunner.run("/usr/bin/sqlite3", ["-cmd", ".timeout 20000", indexPath, sql], environment: environment)
        guard output.status == 0, output.stderr.isEmpty else {
            throw FixtureError(message: "sqlite3 failed (\(output.status)): \(output.stderr)")
        }
        return output.trimmed
    }

    // MARK: - Records

    /// Puts one record in its own transaction and returns it as stored.
    @discardableResult
    func put(_ type: String, _ fields: JSONValue) throws -> Record {
        try store.transaction { try $0.put(fields, type: type) }.value
    }

    /// Changes some fields of record `id` in one transaction (`nil` removes a field); returns it as stored.
    @discardableResult
    func edit(_ id: String, _ changes: [String: JSONValue?]) throws -> Record {
        try store.transaction { transaction in
            let current = try transaction.record(id: id)
            guard var members = current?.value.objectValue, let type = current?.type else {
                throw FixtureError(message: "no record \(id)")
            }
            for (key, new) in changes { members[key] = new }
            return try transaction.put(.object(members), type: type)
        }.value
    }

    /// Deletes record `id` in one transaction.
    func delete(_ id: String) throws {
        try store.transaction { try $0.delete(id: id) }
    }

    /// A new journal's id.
    @discardableResult
    func journal(_ name: String = "Days") throws -> String { try put("journal", ["name": .string(name)]).id }

    /// A new calendar's id.
    @discardableResult
    func calendar(_ name: String = "Work") throws -> String { try put("calendar", ["name": .string(name)]).id }

    /// `count` business records of dog `dog`, pee and poo in turn, spread over about 1 km: records to `put(batch:)`.
    static func businessPoints(_ count: Int, dog: String) -> [(fields: JSONValue, type: String)] {
        (0..<count).map { number in
            let location: JSONValue = ["lat": .number(48 + Double(number % 997) / 1_000), "lon": .number(2 + Double(number % 991) / 1_000)]
            let fields: JSONValue = ["dogId": .string(dog), "kind": .string(number % 2 == 0 ? "pee" : "poo"),
                                     "at": "2026-11-22T07:55:12.345Z", "location": location]
            return (fields, "business")
        }
    }

    /// A new dog's id.
    @discardableResult
    func dog(_ name: String = "Pixel") throws -> String { try put("dog", ["name": .string(name)]).id }

    /// A journal entry dated `date` (a UTC timestamp), with optional title, tags and location.
    @discardableResult
    func entry(journal: String, text: String, date: String = "2026-11-22T07:30:00.000Z", title: String? = nil,
               tags: [String] = [], location: GeoPoint? = nil, place: String? = nil) throws -> Record {
        var fields: [String: JSONValue] = ["journalId": .string(journal), "text": .string(text), "date": .string(date)]
        if let title { fields["title"] = .string(title) }
        if !tags.isEmpty { fields["tags"] = .array(tags.map { .string($0) }) }
        if let location { fields["location"] = Self.location(location, place: place) }
        return try put("entry", .object(fields))
    }

    /// A calendar event from `start` to `end` (`nil`: no end), with an optional RRULE and categories.
    @discardableResult
    func event(calendar: String, title: String, start: String, end: String? = nil, rrule: String? = nil,
               categories: [String] = [], notes: String? = nil) throws -> Record {
        var fields: [String: JSONValue] = ["calendarId": .string(calendar), "title": .string(title), "start": .string(start)]
        if let end { fields["end"] = .string(end) }
        if let rrule { fields["rrule"] = .string(rrule) }
        if !categories.isEmpty { fields["categories"] = .array(categories.map { .string($0) }) }
        if let notes { fields["notes"] = .string(notes) }
        return try put("event", .object(fields))
    }

    /// A task, due at `due` when given.
    @discardableResult
    func task(calendar: String, title: String, due: String? = nil, notes: String? = nil) throws -> Record {
        var fields: [String: JSONValue] = ["calendarId": .string(calendar), "title": .string(title)]
        if let due { fields["due"] = .string(due) }
        if let notes { fields["notes"] = .string(notes) }
        return try put("task", .object(fields))
    }

    /// A dog's business at `location`.
    @discardableResult
    func business(dog: String, at: String = "2026-11-22T07:55:12.345Z", location: GeoPoint, note: String? = nil) throws -> Record {
        var fields: [String: JSONValue] = [
            "dogId": .string(dog), "kind": "pee", "at": .string(at), "location": Self.location(location, place: nil),
        ]
        if let note { fields["note"] = .string(note) }
        return try put("business", .object(fields))
    }

    /// A location object as the schemas want it.
    static func location(_ point: GeoPoint, place: String?) -> JSONValue {
        var members: [String: JSONValue] = ["lat": .number(point.latitude), "lon": .number(point.longitude)]
        if let place { members["place"] = .string(place) }
        return .object(members)
    }

    // MARK: - Files in the work tree

    /// The store-relative path of a record's file.
    func recordPath(type: String, id: String) throws -> String {
        guard let format = store.formats.format(for: type) else { throw FixtureError(message: "unknown type \(type)") }
        return StoreLayout.recordPath(collection: format.collection, id: id)
    }

    /// Writes `value` as a record file in the work tree, as a person editing by hand would; returns its path.
    @discardableResult
    func writeRecordFile(_ value: JSONValue) throws -> String {
        let type = value["type"]?.stringValue ?? "", id = value["id"]?.stringValue ?? ""
        let relative = try recordPath(type: type, id: id)
        let target = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(CanonicalJSON.encode(value)).write(to: URL(fileURLWithPath: target))
        return relative
    }

    /// The ids of every record of `type` in HEAD, read through the store (not the index).
    func storedIDs(_ type: String) throws -> Set<String> {
        Set(try store.records(ofType: type).map(\.id))
    }
}

/// A failure in a fixture step, outside a test's own expectations.
struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A UTC timestamp `minutes` after 2026-01-01T00:00:00.000Z, in the store's format.
func timestamp(minutes: Int) -> String {
    Timestamp.string(milliseconds: 1_767_225_600_000 + Int64(minutes) * 60_000)
}

extension Array where Element == IndexedRecord {
    /// The ids, in order.
    var ids: [String] { map(\.id) }
}
