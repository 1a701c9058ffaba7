import Foundation
import Testing
import TroveTestSupport

/// `trove cal` on a terminal: the view stays, moves with keys, and leaves with q; in a pipe it prints once.
@Suite("the live calendar at a terminal")
struct CalendarLiveViewTests {
    static func terminal(_ fixture: CLIFixture, _ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 40) throws -> PseudoTerminal {
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm-256color"
        environment["TZ"] = "UTC"
        return try PseudoTerminal(TroveCLI.executable, arguments, environment: environment, columns: columns, rows: rows)
    }

    @Test("cal month stays on screen: arrows and n/p move by a month, t comes back, w switches view, q leaves")
    func movesAndLeaves() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("event", "add", "Standup", "--start", "2026-11-24 09:00").status == 0)
        let terminal = try Self.terminal(fixture, ["cal", "month", "2026-11"])
        #expect(terminal.waitFor("November 2026"), "\(terminal.screenText)")
        #expect(terminal.waitFor("q quit"))
        #expect(terminal.screenText.contains("24 Standup"), "a wide cell names the day's item: \(terminal.screenText)")
        var mark = terminal.mark()
        terminal.type("\u{1B}[C", whenEditing: false)
        #expect(terminal.waitFor("December 2026", since: mark), "→ moves to the next month")
        mark = terminal.mark()
        terminal.type("p", whenEditing: false)
        #expect(terminal.waitFor("November 2026", since: mark), "p moves back")
        mark = terminal.mark()
        terminal.type("\u{1B}[D", whenEditing: false)
        #expect(terminal.waitFor("October 2026", since: mark), "← moves back")
        mark = terminal.mark()
        terminal.type("w", whenEditing: false)
        #expect(terminal.waitFor("Week of", since: mark), "w shows the week")
        #expect(terminal.isRunning, "still on screen")
        terminal.type("q", whenEditing: false)
        #expect(terminal.waitForExit() == 0)
        // The view it left on is remembered, as for one-shot moves.
        #expect(try fixture.trove("cal").stdout.contains("Week of"))
    }

    @Test("a resize redraws the live month at the new width: wider cells when it grows, a whole week per row when it shrinks")
    func redrawsOnResize() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("event", "add", "Standup", "--start", "2026-11-24 09:00").status == 0)
        let terminal = try Self.terminal(fixture, ["cal", "month", "2026-11"], columns: 60, rows: 30)
        #expect(terminal.waitFor("q quit"), "\(terminal.screenText)")
        let narrowest = terminal.screen.map(\.count).max() ?? 0
        #expect(narrowest <= 60)

        // The week of Monday 23 to Sunday 29 November is one row of the grid.
        func weekRowIsWhole(_ lines: [String]) -> Bool {
            lines.contains { $0.contains("23") && $0.contains("29") && $0.contains("24") }
        }
        var mark = terminal.mark()
        terminal.resize(columns: 160, rows: 40)
        #expect(terminal.waitFor("November 2026", since: mark), "SIGWINCH redraws")
        #expect(terminal.waitForScreen { lines in (lines.map(\.count).max() ?? 0) > max(narrowest, 100) && weekRowIsWhole(lines) },
                "the grid uses the wider window: \(terminal.screenText)")
        #expect(terminal.screenText.contains("Standup"), "a wide cell names the day's item")

        mark = terminal.mark()
        terminal.resize(columns: 44, rows: 24)
        #expect(terminal.waitFor("November 2026", since: mark), "a shrink redraws too")
        #expect(terminal.waitForScreen { weekRowIsWhole($0) }, "a week still fits on one row of 44 columns: \(terminal.screenText)")
        #expect(terminal.isRunning, "a resize does not end the view")
        #expect(terminal.strandedProcesses().isEmpty)
        terminal.type("q", whenEditing: false)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("in a pipe cal prints once and exits, as before")
    func pipedOnce() throws {
        let fixture = try CLIFixture()
        let output = try fixture.trove("cal", "month", "2026-11")
        #expect(output.status == 0 && output.stdout.contains("November 2026") && !output.stdout.contains("q quit"))
    }
}
