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

    @Test("in a pipe cal prints once and exits, as before")
    func pipedOnce() throws {
        let fixture = try CLIFixture()
        let output = try fixture.trove("cal", "month", "2026-11")
        #expect(output.status == 0 && output.stdout.contains("November 2026") && !output.stdout.contains("q quit"))
    }
}
