import Foundation
import Testing
import TroveTestSupport

/// A streamed import (issue 25: jrnl, Day One, GeoJSON, iCalendar) reads its file a second time while it writes; killed anywhere in that, the store must
/// be where it was or hold the whole import, and the same import run again must finish it.
@Suite("SIGKILL during a streamed import")
struct ImportKillTests {
    /// One importer under test: the file it reads, how it is called, and the record type it adds.
    struct Format: CustomTestStringConvertible, Sendable {
        let name: String
        let fileName: String
        let arguments: [String]
        let recordType: String
        let write: @Sendable () -> [UInt8]
        var testDescription: String { name }
    }

    static let count = 2_500

    /// Days from 2020-09-13, as `yyyy-MM-dd`.
    static func day(_ number: Int) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        return format.string(from: Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 86_400))
    }

    static let formats: [Format] = [
        // jrnl's JSON export, an entry a day.
        Format(name: "jrnl", fileName: "big.json", arguments: ["import", "jrnl", "--journal", "Big"], recordType: "entry") {
            let entries = (0..<count).map { number in
                #"{"title": "Entry \#(number).", "body": "Walked the long way round, number \#(number). @walk", "date": "\#(day(number))", "time": "08:30", "tags": ["@walk"], "starred": false}"#
            }
            return Array((#"{"tags": {"@walk": \#(count)}, "entries": ["# + entries.joined(separator: ",\n") + "]}\n").utf8)
        },
        // Day One's JSON export (the journal is named after the file).
        Format(name: "Day One", fileName: "Big.json", arguments: ["import", "dayone"], recordType: "entry") {
            let entries = (0..<count).map { number in
                #"{"uuid": "\#(String(format: "%032X", number + 1))", "creationDate": "\#(day(number))T08:30:00Z", "timeZone": "Europe/Dublin", "#
                    + #""text": "Walked the long way round, number \#(number).", "tags": ["walk"], "starred": false}"#
            }
            return Array((#"{"metadata": {"version": "1.0"}, "entries": ["# + entries.joined(separator: ",\n") + "]}\n").utf8)
        },
        // A GeoJSON FeatureCollection of pee and poo points of the selected dog.
        Format(name: "GeoJSON", fileName: "walks.geojson", arguments: ["import", "geojson"], recordType: "business") {
            let features = (0..<count).map { number in
                let longitude = 2.36 + Double(number % 100) * 0.0001, latitude = 48.87 + Double(number / 100) * 0.0001
                return #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(longitude), \#(latitude)]}, "#
                    + #""properties": {"kind": "\#(number % 2 == 0 ? "pee" : "poo")", "time": "\#(day(number))T07:00:00Z"}}"#
            }
            return Array((#"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",\n") + "]}\n").utf8)
        },
        // An iCalendar file of a series, tasks and one-off events with long descriptions.
        Format(name: "iCalendar", fileName: "big.ics", arguments: ["import", "ics"], recordType: "event") {
            Array(VariedCalendar.large(events: 1_500, descriptionBytes: 2_000).utf8)
        },
    ]

    /// How many records of `type` the store holds, as the next command sees them.
    static func records(_ type: String, in fixture: CLIFixture, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let status = try fixture.trove("status", "--json")
        #expect(status.status == 0, "trove status: \(status.stderr)", sourceLocation: sourceLocation)
        return ((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Int])?[type] ?? 0
    }

    /// The "N added" of an import's report.
    static func added(_ output: String) -> Int? { output.firstMatch(of: /(\d+) added/).flatMap { Int($0.1) } }

    /// A store with a dog (selected, as the first one is), for the points.
    static func store() throws -> CLIFixture {
        let fixture = try CLIFixture()
        let added = try fixture.trove("dog", "add", "Pixel")
        #expect(added.status == 0, "\(added.stderr)")
        return fixture
    }

    @Test("killed anywhere in a streamed import, the store is as it was or holds all of it, and the import run again finishes it",
          arguments: formats)
    func killDuringImport(format: Format) throws {
        let folder = TemporaryFolder("trove-import-kill")
        let file = try folder.write(format.fileName, format.write())
        let command = format.arguments + [file]

        // A full run first, to spread the kills over it and learn what the whole import holds.
        let reference = try Self.store()
        let started = Date()
        let full = try reference.cli.run(command)
        let fullRun = Date().timeIntervalSince(started)
        try #require(full.status == 0, "\(full.stderr)")
        let imported = try Self.records(format.recordType, in: reference)
        try #require(imported >= Self.count / 2, "the full import holds \(imported) records")
        let fullAdded = try #require(Self.added(full.stdout), "\(full.stdout)")

        var generator = SystemRandomNumberGenerator()
        let delays = [0.02, fullRun * 0.3, fullRun * Double.random(in: 0.4...0.95, using: &generator)]
        var outcomes: [String] = []
        for delay in delays {
            let fixture = try Self.store()
            let previous = try fixture.head()
            let process = try fixture.cli.start(command)
            usleep(useconds_t(delay * 1_000_000))
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let head = try fixture.head()
            let count = try Self.records(format.recordType, in: fixture)
            if head == previous {
                #expect(count == 0, "HEAD is the previous commit, with \(count) records")
            } else {
                #expect(try fixture.git("rev-parse", "HEAD^").trimmed == previous, "HEAD is neither the previous commit nor its child")
                #expect(count == imported, "the import's commit holds \(count) of \(imported) records")
            }
            try fixture.expectClean()
            let check = try fixture.trove("check")
            #expect(check.status == 0, "trove check after the kill: \(check.stdout)\(check.stderr)")
            try fixture.expectFsck()

            // The same import again finishes what the kill stopped, and adds nothing twice.
            let again = try fixture.cli.run(command)
            #expect(again.status == 0, "the import run again: \(again.stderr)")
            #expect(try Self.records(format.recordType, in: fixture) == imported)
            #expect(Self.added(again.stdout) == (head == previous ? fullAdded : 0), "\(again.stdout)")
            try fixture.expectClean()
            outcomes.append(String(format: "%.2f s: ", delay) + (head == previous ? "as it was" : "all of it") + (wasRunning ? "" : " (had finished)"))
        }
        #expect(outcomes.contains { $0.hasSuffix("as it was") }, "no kill landed before the commit: \(outcomes)")
        print(String(format: "import kill test (%@): full run %.2f s; ", format.name, fullRun) + outcomes.joined(separator: "; "))
    }
}
