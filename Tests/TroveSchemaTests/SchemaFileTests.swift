import Foundation
import Testing
import TroveFormats
import TroveJSON
import TroveMerge
import TroveSchema

/// The schema files themselves: bundled, complete, and declaring a merge strategy everywhere.
@Suite struct SchemaFileTests {
    static let expectedCollections: [String: String] = [
        "profile": "profiles", "account": "accounts", "settings": "settings",
        "journal": "journals", "entry": "entries",
        "dog": "dogs", "business": "business",
        "calendar": "calendars", "event": "events", "task": "tasks", "quote": "quotes",
        "day-image": "day-images", "contact": "contacts", "group": "groups", "member": "members",
        "group-post": "group-posts", "invitation": "invitations", "event-invitation": "event-invitations",
        "notification": "notifications",
        "item": "items", "tracker": "trackers", "tracker-report": "tracker-reports",
    ]

    @Test func everySchemaFileIsBundled() throws {
        let names = try Fixtures.jsonFiles(in: Fixtures.schemasDirectory)
        for name in names {
            let onDisk = try Fixtures.bytes(Fixtures.schemasDirectory.appendingPathComponent(name))
            let bundled = BundledFormats.files[name]
            #expect(bundled != nil, "\(name) is missing from BundledFormats.files (and Package.swift's formatSchemas)")
            #expect(bundled == onDisk, "\(name): the bundled bytes differ from the file")
        }
        #expect(Set(BundledFormats.files.keys) == Set(names), "BundledFormats.files names a file that is not in Formats/schemas")
    }

    /// The bundled catalog compiles its regular expressions when first matched: here every one is compiled,
    /// so that a bad one fails a test rather than match nothing.
    @Test func everyBundledPatternCompiles() throws {
        _ = try FormatCatalog(files: BundledFormats.files, checkingPatterns: true)
        #expect(throws: FormatCatalogError.self) {
            try FormatCatalog(files: BundledFormats.files.merging(["bad.schema.json": Array(#"{"pattern": "(["}"#.utf8)]) { $1 },
                              checkingPatterns: true)
        }
    }

    @Test func catalogHasEveryTypeAndCollection() {
        let catalog = FormatCatalog.bundled
        #expect(catalog.types == Self.expectedCollections.keys.sorted())
        for (type, collection) in Self.expectedCollections {
            let format = catalog.format(for: type)
            #expect(format?.collection == collection, "\(type)")
            #expect(format?.version == 1, "\(type)")
            #expect(format?.schemaFile == "\(type).schema.json")
            #expect(catalog.format(forCollection: collection)?.type == type)
            #expect(format?.isLog == (type == "tracker-report"), "\(type)")
        }
        let log = catalog.format(for: "tracker-report")
        #expect(log?.logKey == "trackerId")
        #expect(log?.logTimeField == "at")
        #expect(catalog.format(for: "nothing") == nil)
        #expect(catalog.format(forCollection: "nothing") == nil)
    }

    @Test("a catalog that compiles each schema on first use gives the formats one compiled at once gives")
    func compiledWhenUsed() throws {
        let now = try FormatCatalog(files: BundledFormats.files)
        let whenUsed = try FormatCatalog(files: BundledFormats.files, compiling: .whenUsed)
        #expect(whenUsed.types == now.types)
        // Its summaries come from each file's header alone (the rest is parsed when used): they must be the same.
        #expect(whenUsed.formatSummaries == now.formatSummaries)
        #expect(whenUsed.formatSummaries.contains { $0.isLog } && whenUsed.formatSummaries.contains { !$0.isLog })
        for type in now.types {
            let (a, b) = (try #require(now.format(for: type)), try #require(whenUsed.format(for: type)))
            #expect(a.collection == b.collection && a.fields == b.fields && a.requiredFields == b.requiredFields, "\(type)")
            #expect(a.mergeStrategy == b.mergeStrategy && a.indexRoles == b.indexRoles && a.isLog == b.isLog, "\(type)")
        }
        // The same record is judged alike, valid or not.
        let entry: JSONValue = ["id": "01a22094-d81e-734c-b456-279f86c42fa5", "type": "entry", "v": 1, "text": 3]
        #expect(now.validate(record: entry).map(\.message) == whenUsed.validate(record: entry).map(\.message))
        #expect(!now.validate(record: entry).isEmpty)
    }

    @Test("RecordType names exactly the bundled types")
    func recordTypeConstants() {
        #expect(RecordType.all.sorted() == FormatCatalog.bundled.types)
        #expect(RecordType.dayImage == "day-image" && RecordType.entry == "entry")
    }

    @Test("every bundled record type's label, parent and start come from its schema's x-index")
    func indexRolesOfBundledTypes() throws {
        let catalog = FormatCatalog.bundled
        #expect(catalog.format(for: RecordType.entry)?.indexRoles.heading == "text")
        #expect(catalog.format(for: RecordType.member)?.indexRoles.label == ["displayName", "username"])
        #expect(catalog.format(for: RecordType.member)?.indexRoles.title == ["displayName"])
        #expect(catalog.format(for: RecordType.task)?.indexRoles.start == ["start", "due"])
        #expect(catalog.format(for: RecordType.invitation)?.indexRoles.parent == ["groupId", "eventId"])
        #expect(catalog.format(for: RecordType.event)?.indexRoles.calendar == .event)
        #expect(catalog.format(for: RecordType.task)?.indexRoles.calendar == .task)
        #expect(catalog.format(for: RecordType.settings)?.indexRoles == IndexRoles.none)
    }

    @Test func everyRecordCarriesTheEnvelope() throws {
        let envelope = ["id", "type", "v", "createdAt", "updatedAt", "clock"]
        for type in FormatCatalog.bundled.types {
            let format = try #require(FormatCatalog.bundled.format(for: type))
            if format.isLog { continue }
            #expect(Array(format.requiredFields.prefix(envelope.count)) == envelope, "\(type)")
            #expect(Set(envelope + ["conflicts"]).isSubset(of: format.fields), "\(type)")
        }
    }

    /// Walks the declared properties of every schema (records, nested objects, array items, `$defs`)
    /// and checks each has a known `x-merge`. Conditions (`if`, `anyOf`, …) declare nothing, so they are skipped.
    @Test func everyPropertyDeclaresAMergeStrategy() throws {
        let allowed: Set = ["lww", "set", "list", "text", "object", "immutable"]
        var missing: [String] = []
        var checked = 0
        func walk(_ schema: JSONValue, _ pointer: String) {
            guard case .object(let keywords) = schema else { return }
            for (name, property) in keywords["properties"]?.objectValue ?? [:] {
                checked += 1
                if !allowed.contains(property["x-merge"]?.stringValue ?? "") { missing.append("\(pointer)/properties/\(name)") }
                walk(property, "\(pointer)/properties/\(name)")
            }
            if let items = keywords["items"] { walk(items, "\(pointer)/items") }
            for (name, definition) in keywords["$defs"]?.objectValue ?? [:] { walk(definition, "\(pointer)/$defs/\(name)") }
        }
        for (name, schema) in try Fixtures.schemas() { walk(schema, name + "#") }
        #expect(checked > 200)
        #expect(missing == [], "properties without a valid x-merge")
    }

    @Test func everyRecordSchemaHasItsHeader() throws {
        for (name, schema) in try Fixtures.schemas() where name != "common.schema.json" {
            let type = try #require(schema["x-type"]?.stringValue, "\(name) has no x-type")
            #expect(name == "\(type).schema.json")
            #expect(schema["x-collection"]?.stringValue == Self.expectedCollections[type])
            #expect(schema["x-version"] == 1)
            #expect(schema["additionalProperties"] == false)
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        }
    }

    @Test func entryMergeStrategy() throws {
        let strategy = try #require(FormatCatalog.bundled.format(for: "entry")).mergeStrategy
        #expect(strategy.field("tags") == .set)
        #expect(strategy.field("photos") == .list)
        #expect(strategy.field("text") == .text)
        #expect(strategy.field("id") == .immutable)
        #expect(strategy.field("type") == .immutable)
        #expect(strategy.field("createdAt") == .immutable)
        #expect(strategy.field("location") == .lww)
        #expect(strategy.field("conflicts") == .set)
        #expect(strategy.field("somethingUndeclared") == .lww)
    }

    @Test func objectStrategiesRecurse() throws {
        let settings = try #require(FormatCatalog.bundled.format(for: "settings")).mergeStrategy
        let notifications = settings.field("notifications")
        #expect(notifications.name == "object")
        #expect(notifications.field("enabled") == .lww)
        let group = try #require(FormatCatalog.bundled.format(for: "group")).mergeStrategy
        #expect(group.field("permissions").field("membersCanPost") == .lww)
        #expect(group.field("visitedLinks") == .set)
    }
}
