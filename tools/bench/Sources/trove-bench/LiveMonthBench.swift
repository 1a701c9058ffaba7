import Foundation
import TroveTestSupport

/// Issue 27's figure: in a month view that stays on a terminal, the time from a key press that moves a month to the
/// redrawn screen, for `trove cal` and, as the peer, calcurse (its `m`/`M` keys) on the same 50,000 events.
enum LiveMonthBench {
    static let presses = 21
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// Median and slowest seconds from a key press (n/p) to the redrawn screen's last line (the keys' footer),
    /// read back through a real pseudo-terminal of 140×50; `nil` when the view never drew.
    static func trove(_ trove: String, store: String) throws -> (median: Double, slowest: Double, count: Int)? {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let live = try PseudoTerminal(trove, ["--store", store, "cal", "month", "2026-11"], environment: environment, columns: 140, rows: 50)
        defer { live.type("q", whenEditing: false); _ = live.waitForExit() }
        guard live.waitFor(CalCommandFooter.text, timeout: 60) else { return nil }
        var times: [Double] = []
        for press in 0..<presses {
            let mark = live.mark()
            let start = DispatchTime.now().uptimeNanoseconds
            live.type(press % 2 == 0 ? "n" : "p", whenEditing: false)
            guard live.waitFor(CalCommandFooter.text, since: mark, timeout: 10) else { break }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.isEmpty ? nil : (Measure.median(times), times.max() ?? 0, times.count)
    }

    /// The same for calcurse, given the iCalendar file of the store: imported into a throwaway calcurse folder, then
    /// `m`/`M` in its calendar panel, timed to the new month's name on the screen (calcurse redraws through curses,
    /// which writes only what changed, so the screen is played rather than the bytes searched). `nil` without calcurse.
    static func calcurse(ics: String, work: String) throws -> (median: Double, slowest: Double, count: Int, imported: String)? {
        let calcurse = "/usr/bin/calcurse"
        guard FileManager.default.isExecutableFile(atPath: calcurse) else { return nil }
        let config = work + "/calcurse-config", data = work + "/calcurse-data"
        for folder in [config, data] {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: calcurse)
        importer.arguments = ["-C", config, "-D", data, "-i", ics]
        let pipe = Pipe()
        importer.standardOutput = pipe
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        importer.waitUntilExit()
        let imported = report.split(separator: "\n").last { $0.contains("apps") }.map(String.init) ?? "?"
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "screen"  // no `rep` capability: the screen model plays every character
        let live = try PseudoTerminal(calcurse, ["-C", config, "-D", data], environment: environment, columns: 140, rows: 50)
        defer { live.type("q", whenEditing: false); _ = live.waitForExit(timeout: 5) }
        guard live.waitForScreen(timeout: 60, { monthShown(on: $0) != nil }) else { return nil }
        var times: [Double] = []
        for press in 0..<presses {
            guard let before = monthShown(on: live.screen) else { break }
            let start = DispatchTime.now().uptimeNanoseconds
            live.type(press % 2 == 0 ? "m" : "M", whenEditing: false)
            guard live.waitForScreen(timeout: 10, { monthShown(on: $0).map { $0 != before } ?? false }) else { break }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.isEmpty ? nil : (Measure.median(times), times.max() ?? 0, times.count, imported)
    }

    /// The "November 2026" of calcurse's calendar panel title.
    static func monthShown(on screen: [String]) -> String? {
        // The appointments panel's "November 25, 2026" can share the title's row: look at every occurrence.
        for line in screen {
            for name in monthNames {
                var rest = line[...]
                while let range = rest.range(of: name + " ") {
                    let year = rest[range.upperBound...].prefix(4)
                    if year.count == 4, year.allSatisfy(\.isNumber) { return name + " " + year }
                    rest = rest[range.upperBound...]
                }
            }
        }
        return nil
    }
}
