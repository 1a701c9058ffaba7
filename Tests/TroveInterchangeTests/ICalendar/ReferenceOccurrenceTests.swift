import Foundation
import Testing
import TroveICal
import TroveIndex
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// Trove's occurrences against `recurring-ical-events` (PyPI), occurrence for occurrence over ten years.
///
/// The corpus is written by the `icalendar` library (`Reference/write_corpus.py`: zones with and without
/// DST, a Windows-named and a fixed-offset VTIMEZONE, COUNT/UNTIL, EXDATE, RDATE dates, times and periods,
/// overrides with and without RANGE, a CANCELLED one, DST gaps and overlaps, all-day and floating events, floating
/// one-offs and series across DST changes, listed in a viewer's zone),
/// beside the real files in `shared/fixtures/ics`. Each file is imported into a store of its own and listed by
/// `CalendarQuery`, as `trove agenda` lists it; `Reference/reference_occurrences.py` lists the reference.
@Suite("iCalendar occurrences against recurring-ical-events", .enabled(if: ReferencePython.isAvailable, "python3 is not on PATH (CI has it; tools/setup installs it)"))
struct ReferenceOccurrenceTests {
    static let window = (from: "2020-01-01", to: "2030-01-01")
    /// The viewer's zone floating times are listed in, by Trove and the reference alike (a zone with DST).
    static let floatingZone = "America/New_York"

    @Test("every occurrence of the corpus and the fixtures, start and end in UTC and status, is the reference's")
    func sameOccurrences() throws {
        let folder = TemporaryFolder("trove-ics-reference")
        try ReferencePython.run(["write_corpus.py", folder.child("corpus")])
        let corpus = try FileManager.default.contentsOfDirectory(atPath: folder.child("corpus")).sorted().map { folder.child("corpus") + "/" + $0 }
        let files = corpus + ICSFixtures.names.map(ICSFixtures.path)
        let output = try ReferencePython.run(["reference_occurrences.py", Self.window.from, Self.window.to, Self.floatingZone] + files)
        let reference = try JSONValue(parsing: String(decoding: output, as: UTF8.self))
        var differences: [String] = []
        var compared = 0
        for path in files {
            let name = (path as NSString).lastPathComponent
            guard let expected = reference[name]?["occurrences"]?.arrayValue else {
                // The reference refuses the file (a broken RDATE in a real feed): nothing to compare it with.
                #expect(reference[name]?["error"] != nil, "\(name): the reference script said nothing about it")
                continue
            }
            let theirs = expected.map { "\($0["uid"]?.stringValue ?? "") \($0["start"]?.stringValue ?? "") \($0["end"]?.stringValue ?? "") \($0["status"]?.stringValue ?? "")" }
            let ours = try Self.troveOccurrences(path, in: folder.child("store-\(name)"))
            compared += theirs.count
            for line in Set(theirs).subtracting(ours).sorted() { differences.append("\(name): missing \(line)") }
            for line in Set(ours).subtracting(theirs).sorted() { differences.append("\(name): extra   \(line)") }
            #expect(ours.count == theirs.count || !differences.isEmpty, "\(name): \(ours.count) occurrences, the reference \(theirs.count) (duplicates?)")
        }
        #expect(compared > 6000, "the corpus should be compared in full, not \(compared) occurrences")
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(40).joined(separator: "\n"))")
    }

    /// The occurrences of the file at `path` as Trove imports and lists them, one line each, as the reference writes them.
    static func troveOccurrences(_ path: String, in storePath: String) throws -> [String] {
        let store = try Store.create(at: storePath)
        let file = try ICSReader.read(contentsOf: path)
        if file.records.isEmpty { return [] }
        _ = try ICSImport(store: store, options: ImportOptions(skipInvalid: true)).run(file, path: path, calendar: nil)
        let index = try RecordIndex(store: store)
        let utc = TimeZone(identifier: "UTC")!
        let from = try #require(ICalDate(isoText: window.from)).utcMidnight, to = try #require(ICalDate(isoText: window.to)).utcMidnight
        // Floating events as a viewer in `floatingZone` sees them; the rest listed in UTC (their instants are the same anywhere).
        let viewer = try #require(TimeZone(identifier: floatingZone))
        let listed = try CalendarQuery(index: index, timeZone: utc).occurrences(from: from, to: to).filter { !$0.event.isFloating }
            + CalendarQuery(index: index, timeZone: viewer).occurrences(from: from, to: to).filter(\.event.isFloating)
        var lines = listed.map { occurrence in line(occurrence.event, start: occurrence.start, end: occurrence.end, status: "") }
        // Cancelled overrides show as no occurrence; the reference lists them with their status.
        for event in try store.records(ofType: "event").compactMap(Event.init) where event.isCancelled && event.recurrenceID != nil {
            let shown = event.firstOccurrence(in: viewer)
            if shown.start.instant < to, (shown.end ?? shown.start).instant >= from { lines.append(line(event, start: shown.start, end: shown.end, status: "CANCELLED")) }
        }
        return lines
    }

    static func line(_ event: Event, start: CalendarTime, end: CalendarTime?, status: String) -> String {
        func text(_ time: CalendarTime) -> String {
            switch time {
            case .date(let date): return date.description
            case .instant(let instant): return String(CalendarTime.timestamp(instant).prefix(19)) + "Z"
            }
        }
        // No end: a timed occurrence ends at its start, an all-day one after its day (as the reference reads it).
        let last = end ?? (start.isDate ? .date(ICalDate(utcDayOf: start.instant.addingTimeInterval(86_400))) : start)
        return "\(event.uid ?? event.id) \(text(start)) \(text(last)) \(status)"
    }
}

/// The Python scripts beside these tests, run with the `icalendar` and `recurring-ical-events` packages
/// (`tools/setup` installs them).
enum ReferencePython {
    static let folder = StoreAudit.packageRoot + "/Tests/TroveInterchangeTests/ICalendar/Reference"

    static var isAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Runs `python3 script arguments...` in the scripts' folder (`folder`, else the iCalendar one); its standard output.
    @discardableResult
    static func run(_ arguments: [String], in folder: String = Self.folder) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors = stderr.fileHandleForReading.readDataToEndOfFile() }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        let message = String(decoding: errors, as: UTF8.self)
        try #require(!message.contains("ModuleNotFoundError"), "the reference needs its Python packages (icalendar, recurring-ical-events, vobject): run tools/setup (\(message))")
        try #require(process.terminationStatus == 0, "python3 \(arguments.first ?? "") failed (\(process.terminationStatus)): \(message)")
        return output
    }
}
