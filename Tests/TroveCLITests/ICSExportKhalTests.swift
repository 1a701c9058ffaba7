import Foundation
import Testing
import TroveTestSupport

/// A second real client reads what `export ics` writes: khal (Debian's; `tools/setup --tests` installs it) imports
/// the export of a varied store, and `khal list` shows the same occurrences, titles and start times, as `trove agenda`.
@Suite("export ics read by khal", .enabled(if: Khal.path != nil, "khal is not installed (tools/setup --tests installs it)"))
struct ICSExportKhalTests {
    @Test func khalListsWhatTheAgendaLists() throws {
        let fixture = try CalendarFixture()
        try fixture.ok("import", "ics", try fixture.write("varied.ics", VariedCalendar.text))
        let export = fixture.folder.child("export.ics")
        try fixture.ok("export", "ics", export)

        // A throwaway khal: its config (XDG_CONFIG_HOME), database (XDG_DATA_HOME) and vdir in the fixture's folder,
        // reading times in New York as the fixture's trove does.
        let root = fixture.folder.child("khal")
        let vdir = root + "/vdir/trove"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/config/khal", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        try """
            [calendars]
            [[trove]]
            path = \(vdir)
            type = calendar
            [locale]
            local_timezone = America/New_York
            default_timezone = America/New_York
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%dT%H:%M
            longdatetimeformat = %Y-%m-%dT%H:%M
            [sqlite]
            path = \(root)/data/khal.db

            """.write(toFile: root + "/config/khal/config", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = root + "/config"
        environment["XDG_DATA_HOME"] = root + "/data"
        environment["TZ"] = "America/New_York"
        let imported = try ProcessRunner.run(Khal.path!, ["import", "--batch", "-a", "trove", export], environment: environment, timeout: 60)
        try #require(imported.status == 0, "khal import: \(imported.stderr)")
        #expect(!imported.stderr.contains("rror"), "\(imported.stderr)")
        let listed = try ProcessRunner.run(Khal.path!, ["list", "--format", "{start}|{title}|{cancelled}", "--day-format", "", "2026-03-01", "2026-04-01"],
                                           environment: environment, timeout: 60)
        try #require(listed.status == 0, "khal list: \(listed.stderr)")
        // khal lists a cancelled occurrence as CANCELLED, where the agenda leaves it out; a two-day event once a day.
        var khalLines = Set<String>(), cancelled: [String] = []
        for line in listed.stdout.split(separator: "\n") {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            if parts[2].contains("CANCELLED") { cancelled.append(parts[0] + " " + parts[1]) } else { khalLines.insert(parts[0] + " " + parts[1]) }
        }
        #expect(cancelled == ["2026-03-09T09:30 Standup"])

        let newYork = TimeZone(identifier: "America/New_York")!
        let wall = DateFormatter(), day = DateFormatter()
        for (formatter, format) in [(wall, "yyyy-MM-dd'T'HH:mm"), (day, "yyyy-MM-dd")] {
            formatter.timeZone = newYork
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
        }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let agenda = try fixture.agenda("2026-03-01", "2026-04-01").filter { $0["kind"] as? String == "event" }
        let troveLines = Set(agenda.compactMap { item -> String? in
            guard let time = (item["time"] as? String).flatMap(iso.date(from:)), let title = item["title"] as? String else { return nil }
            // khal shows the SUMMARY, which carries the class in brackets.
            let summary = (item["class"] as? String).map { "\(title) [\($0)]" } ?? title
            return ((item["allDay"] as? Bool) == true ? day.string(from: time) : wall.string(from: time)) + " " + summary
        })
        #expect(troveLines.count == 25, "\(troveLines.sorted())")
        #expect(khalLines == troveLines, "only khal: \(khalLines.subtracting(troveLines).sorted()); only trove: \(troveLines.subtracting(khalLines).sorted())")
    }
}

/// Where khal is installed, if it is.
enum Khal {
    static let path: String? = ["/usr/bin/khal", "/usr/local/bin/khal"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
