import Foundation
import Testing
import TroveJSON
import TroveSchema

/// Checks the hand-written validator against Python's `jsonschema` (Draft 2020-12) on the
/// examples and on mutated documents: both must call each document valid or invalid alike.
@Suite struct PythonCrossCheckTests {
    /// One document to judge, with the format (if any) the verdict depends on.
    struct Case {
        let name: String
        let type: String
        let document: JSONValue
        /// A format Python checks only when an optional package is installed.
        var needsFormat: String? = nil
    }

    /// Reads cases from argv[2], validates each with the schemas in argv[1], prints verdicts as JSON.
    static let script = #"""
    import json, os, sys
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    schema_dir, cases_path = sys.argv[1], sys.argv[2]
    schemas = {}
    for name in sorted(os.listdir(schema_dir)):
        if name.endswith(".json"):
            with open(os.path.join(schema_dir, name), encoding="utf-8") as f:
                schemas[name] = json.load(f)
    registry = Registry().with_resources([(n, Resource.from_contents(s)) for n, s in schemas.items()])
    checker = Draft202012Validator.FORMAT_CHECKER
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f)
    verdicts = {}
    for name, case in cases.items():
        schema = schemas[case["type"] + ".schema.json"]
        validator = Draft202012Validator(schema, registry=registry, format_checker=checker)
        verdicts[name] = validator.is_valid(case["document"])
    print(json.dumps({"verdicts": verdicts, "formats": sorted(checker.checkers)}))
    """#

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for name in try Fixtures.jsonFiles(in: Fixtures.examplesDirectory) {
            let type = String(name.dropLast(".json".count))
            cases.append(Case(name: "example \(type)", type: type, document: try Fixtures.example(type)))
        }
        func mutate(_ type: String, _ path: String, _ value: JSONValue?, needsFormat: String? = nil) throws {
            let document = try Fixtures.example(type).setting(path, to: value)
            cases.append(Case(name: "\(type) \(path) = \(value.map(CanonicalJSON.compact) ?? "(removed)")",
                              type: type, document: document, needsFormat: needsFormat))
        }
        try mutate("entry", "text", nil)
        try mutate("entry", "tags/1", 3)
        try mutate("entry", "tags", ["a", "a"])
        try mutate("entry", "tags", [" padded"])
        try mutate("entry", "titel", "typo")
        try mutate("entry", "location/lat", 90.0000001)
        try mutate("entry", "location/lon", -181)
        try mutate("entry", "location/lon", nil)
        try mutate("entry", "location/lat", 48)
        try mutate("entry", "id", "01A20234-9644-7807-9BC6-95F7224AE39B")
        try mutate("entry", "id", "01a20234-9644-4807-9bc6-95f7224ae39b")
        try mutate("entry", "photos/0/media", "xyz")
        try mutate("entry", "photos/0/extra", true)
        try mutate("entry", "clock", "2026-11-22T10:15:30.123Z/000/peer")
        try mutate("entry", "v", 2)
        try mutate("entry", "type", "journal")
        try mutate("entry", "createdAt", "2026-11-22T07:42:10Z")
        try mutate("entry", "date", "2026-13-22T07:30:00.000Z", needsFormat: "date-time")
        try mutate("entry", "conflicts/0/peer", nil)
        try mutate("entry", "conflicts/0/value", nil)
        try mutate("entry", "conflicts/0/value", ["any": ["thing"]])
        try mutate("item", "name", "")
        try mutate("item", "name", "   ")
        try mutate("item", "name", .string(String(repeating: "x", count: 81)))
        try mutate("item", "name", .string(String(repeating: "x", count: 80)))
        try mutate("item", "photo", nil)
        try mutate("business", "kind", "wee")
        try mutate("business", "location", nil)
        try mutate("dog", "born", "2021-02-30", needsFormat: "date")
        try mutate("dog", "born", "2024-02-29")
        try mutate("dog", "sex", .null)
        try mutate("dog", "name", nil)
        try mutate("event", "start", "2026-09-02")
        try mutate("event", "start", 5)
        try mutate("event", "location", .object([:]))
        try mutate("event", "location", ["lat": 1])
        try mutate("event", "location", ["address": "Main St 1"])
        try mutate("event", "alarms/0/at", "2026-09-02T12:45:00.000Z")
        try mutate("event", "alarms/0/minutesBefore", nil)
        try mutate("event", "rrule", "BYDAY=MO")
        try mutate("invitation", "eventId", "01a19623-efe0-71a9-a718-6f22d3699524")
        try mutate("invitation", "groupId", nil)
        try mutate("invitation", "status", "maybe")
        try mutate("group-post", "url", nil)
        try mutate("group-post", "kind", "chat")
        try mutate("tracker-report", "accuracy", -1)
        try mutate("tracker-report", "extra", 1)
        try mutate("tracker-report", "trackerId", "AA:BB")
        try mutate("quote", "text", "")
        try mutate("account", "passwordHash", "hunter2")
        try mutate("account", "email", "ada@")
        try mutate("settings", "notifications/method", "pigeon")
        try mutate("settings", "notifications/sound", true)
        try mutate("task", "estimateMinutes", 1.5)
        try mutate("day-image", "media", .string(String(repeating: "A", count: 64)))
        try mutate("group", "permissions/membersCanPost", "yes")
        cases.append(Case(name: "entry as an array", type: "entry", document: .array([])))
        return cases
    }

    @Test func swiftAgreesWithPythonJsonschema() throws {
        let python = try Self.findPython()
        let cases = try Self.cases()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trove-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptURL = folder.appendingPathComponent("check.py")
        let casesURL = folder.appendingPathComponent("cases.json")
        try Data(Self.script.utf8).write(to: scriptURL)
        var members: [String: JSONValue] = [:]
        for item in cases { members[item.name] = ["type": .string(item.type), "document": item.document] }
        try Data(CanonicalJSON.encode(.object(members))).write(to: casesURL)

        let (status, output, errors) = try Self.run(python, [scriptURL.path, Fixtures.schemasDirectory.path, casesURL.path])
        try #require(status == 0, "the Python checker failed: \(errors)")
        let result = try JSONValue(parsing: output)
        let verdicts = try #require(result["verdicts"]?.objectValue)
        let formats = Set(result["formats"]?.arrayValue?.compactMap(\.stringValue) ?? [])

        var invalidCount = 0
        for item in cases {
            if let format = item.needsFormat, !formats.contains(format) { continue }
            let format = try #require(FormatCatalog.bundled.format(for: item.type))
            let swiftViolations = format.validate(item.document)
            guard let pythonValid = verdicts[item.name]?.boolValue else {
                Issue.record("Python gave no verdict for \(item.name)")
                continue
            }
            #expect(swiftViolations.isEmpty == pythonValid,
                    "\(item.name): Python says \(pythonValid ? "valid" : "invalid"), Swift says \(swiftViolations)")
            if !pythonValid { invalidCount += 1 }
        }
        #expect(invalidCount >= 20)
    }

    /// The path of a python3 that has `jsonschema`, or a failure saying how to get one.
    static func findPython() throws -> String {
        let probe = try? run("/usr/bin/env", ["python3", "-c", "import jsonschema, referencing, sys; print(sys.executable)"])
        guard let probe, probe.status == 0 else {
            throw SetupError(description: """
                This test needs python3 with the jsonschema package (4.18 or later, which brings `referencing`). \
                Install it with `python3 -m pip install jsonschema` (Debian: apt-get install python3-jsonschema). \
                \(probe?.errors ?? "python3 was not found")
                """)
        }
        return String(decoding: probe.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8], errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read before waiting, so a full pipe cannot block the child.
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(output), String(decoding: errors, as: UTF8.self))
    }
}
