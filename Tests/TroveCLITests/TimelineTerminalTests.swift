import Foundation
import Testing
import TroveTestSupport

/// The home view on a real pseudo-terminal: 60 entries of two journals scrolled with a real less.
@Suite("the timeline scrolled on a terminal", .serialized)
struct TimelineTerminalTests {
    typealias Setup = TerminalJobControlTests.Setup

    /// Entry N on day N from 2026-01-01 at 08:00, odd ones in Days and even ones in Walks, every tenth starred.
    static func store() throws -> Setup {
        let setup = try Setup(.option)
        for (journal, parity) in [("Days", 1), ("Walks", 0)] {
            let items = (1...60).filter { $0 % 2 == parity }.map { number in
                #"{"title": "Entry number \#(number).", "body": "", "date": "\#(day(number))", "time": "08:00", "tags": [], "starred": \#(number % 10 == 0)}"#
            }
            let file = try setup.folder.write("\(journal).json", #"{"tags": {}, "entries": [\#(items.joined(separator: ",\n"))]}"#)
            let imported = try setup.run(["import", "jrnl", file, "--journal", journal])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        return setup
    }

    /// Day N of 2026 as `yyyy-MM-dd`, or with `format` another way.
    static func day(_ number: Int, format: String = "yyyy-MM-dd") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: 1_767_225_600 + Double(number - 1) * 86_400))
    }

    /// The entry numbers on the screen's rows, top to bottom.
    static func numbers(_ screen: [String]) -> [Int] {
        screen.compactMap { row in
            row.range(of: #"Entry number (\d+)\."#, options: .regularExpression).flatMap { Int(row[$0].dropFirst(13).dropLast()) }
        }
    }

    @Test("timeline on a terminal: every entry newest first under its day, space scrolls, q leaves; nothing stopped")
    func scrolls() throws {
        let setup = try Self.store()
        let terminal = try setup.start(["timeline"], columns: 80, rows: 15)
        try #require(TerminalJobControlTests.waitForLess(terminal))
        let first = terminal.screen
        #expect(first.contains("Entries, newest first"), "\(first.joined(separator: "\n"))")
        #expect(first.contains(Self.day(60, format: "EEEE yyyy-MM-dd")) && first.contains(Self.day(59, format: "EEEE yyyy-MM-dd")))
        let top = Self.numbers(first)
        #expect(top.first == 60 && top == Array((top.last ?? 0)...60).reversed(), "newest first, across both journals: \(top)")
        let newest = try #require(first.first { $0.contains("Entry number 60.") })
        #expect(newest.hasPrefix("  08:00  Walks") && newest.contains("★"), "time, journal, star, title: \(newest)")
        #expect(first.first { $0.contains("Entry number 59.") }?.hasPrefix("  08:00  Days ") == true)

        terminal.type(" ")
        #expect(terminal.waitForScreen { Self.numbers($0).first.map { $0 < top.last! } == true && $0.last == ":" },
                "space did not show the next screenful: \(terminal.screen.joined(separator: "\n"))")
        let next = Self.numbers(terminal.screen)
        #expect(next.first == top.last! - 1 && next == Array(next.last!...next.first!).reversed(), "the next entries, none skipped: \(top) then \(next)")
        TerminalJobControlTests.expectSettled(terminal, "after space")

        terminal.type("q")
        #expect(terminal.waitForExit(timeout: 20) == 0, "\(terminal.screen.joined(separator: "\n"))")
        TerminalJobControlTests.expectSettled(terminal, "after q")

        // Capped by --limit: the ten newest fit one screen of 30 rows, so less -F shows them and ends.
        let capped = try setup.start(["timeline", "--limit", "10"], columns: 80, rows: 30)
        #expect(capped.waitForExit(timeout: 30) == 0)
        #expect(Self.numbers(capped.screen) == Array(51...60).reversed(), "\(capped.screen.joined(separator: "\n"))")
        TerminalJobControlTests.expectSettled(capped, "after the capped timeline")
    }
}
