import Foundation
import Testing
import TroveTestSupport

/// The interactive shell, driven through a real pseudo-terminal as a person would drive it.
@Suite("the shell on a terminal")
struct ShellTerminalTests {
    /// A store with two journals, and the shell started on it.
    static func shell(_ fixture: CLIFixture, environment extra: [String: String] = [:]) throws -> PseudoTerminal {
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm"
        environment.merge(extra) { _, new in new }
        return try PseudoTerminal(TroveCLI.executable, [], environment: environment)
    }

    static func storeWithJournals() throws -> CLIFixture {
        let fixture = try CLIFixture()
        try fixture.put("journal", #"{"name": "Morning pages"}"#)
        try fixture.put("journal", #"{"name": "Dreams"}"#)
        return fixture
    }

    @Test("typing a command runs it; Tab completes a command name and a journal name")
    func typingAndCompletion() throws {
        let fixture = try Self.storeWithJournals()
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("store> "), "no prompt: \(terminal.screenText)")

        var mark = terminal.mark()
        terminal.type("sta" + PseudoTerminal.tab)
        #expect(terminal.waitFor("status", since: mark), "Tab did not complete 'sta': \(terminal.text(since: mark))")
        terminal.type(PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Records      2 journal", "store> "], since: mark), "status did not run: \(terminal.text(since: mark))")

        mark = terminal.mark()
        terminal.type("record list journal --in Mor" + PseudoTerminal.tab)
        #expect(terminal.waitFor(#"--in Morning\ pages"#, since: mark), "no journal name: \(terminal.text(since: mark))")
        mark = terminal.mark()
        terminal.type(PseudoTerminal.ctrlC)
        #expect(terminal.waitFor("store> ", since: mark))

        // Two candidates: Tab lists both.
        mark = terminal.mark()
        terminal.type("record list journal --in " + PseudoTerminal.tab)
        #expect(terminal.waitFor("Dreams", since: mark) && terminal.waitFor("Morning", since: mark), "\(terminal.text(since: mark))")
        mark = terminal.mark()
        terminal.type(PseudoTerminal.ctrlC)
        #expect(terminal.waitFor("store> ", since: mark))

        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("with no store yet, the shell says how to make one, and init does")
    func noStoreYet() throws {
        let fixture = try CLIFixture(initialise: false)
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("There is no store at \(fixture.store) yet: 'init' creates one"), "\(terminal.screenText)")
        let mark = terminal.mark()
        terminal.type("init" + PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Created a store", "store> "], since: mark))
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(try fixture.trove("status").status == 0)
    }

    @Test("Ctrl-C drops the line and the shell lives on; Ctrl-D leaves with exit code 0")
    func interruptAndEnd() throws {
        let fixture = try Self.storeWithJournals()
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("store> "))
        terminal.type("record rm 01nonsense")
        #expect(terminal.waitFor("01nonsense"))
        var mark = terminal.mark()
        terminal.type(PseudoTerminal.ctrlC)
        #expect(terminal.waitFor("store> ", since: mark))
        mark = terminal.mark()
        terminal.type("status" + PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Records", "store> "], since: mark), "the shell did not survive Ctrl-C: \(terminal.text(since: mark))")
        #expect(!terminal.text(since: 0).contains("no record"), "the dropped line must not run")
        #expect(terminal.isRunning)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("Ctrl-C stops a running command, which commits nothing, and the shell lives on")
    func interruptCommand() throws {
        let fixture = try Self.storeWithJournals()
        let commits = try fixture.commitCount()
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("store> "))
        // A command that waits: it reads the record from the terminal.
        var mark = terminal.mark()
        terminal.type("record put journal --json -" + PseudoTerminal.enter)
        #expect(terminal.waitFor("record put journal --json -", since: mark))
        usleep(300_000)
        terminal.type(#"{"name": "Half"#, whenEditing: false)
        mark = terminal.mark()
        terminal.type(PseudoTerminal.ctrlC, whenEditing: false)
        #expect(terminal.waitFor("store> ", since: mark), "no prompt after Ctrl-C: \(terminal.text(since: mark))")
        #expect(terminal.isRunning)
        #expect(try fixture.commitCount() == commits)
        mark = terminal.mark()
        terminal.type("record list journal" + PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Dreams", "store> "], since: mark))
        #expect(!terminal.text(since: mark).contains("Half"))
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a deletion asks on the terminal: n keeps the record, y deletes it")
    func confirmation() throws {
        let fixture = try Self.storeWithJournals()
        let dreams = try #require(try fixture.list("journal").first { $0["name"] as? String == "Dreams" }?["id"] as? String)
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("store> "))
        var mark = terminal.mark()
        terminal.type("record rm \(dreams)" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Delete journal 'Dreams' (\(dreams))? [y/N] ", since: mark), "\(terminal.text(since: mark))")
        terminal.type("n" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("store> ", since: mark))
        #expect(try fixture.list("journal").count == 2)
        mark = terminal.mark()
        terminal.type("record rm \(dreams)" + PseudoTerminal.enter)
        #expect(terminal.waitFor("[y/N] ", since: mark))
        terminal.type("y" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor(sequence: ["Delete", "store> "], since: mark))
        #expect(try fixture.list("journal").count == 1)
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("Up recalls a line from the last session; a line typed with a leading space is not kept")
    func historyAcrossSessions() throws {
        let fixture = try Self.storeWithJournals()
        let history = fixture.folder.child("history")
        let first = try Self.shell(fixture, environment: ["TROVE_HISTORY": history])
        #expect(first.waitFor("store> "))
        var mark = first.mark()
        first.type("record list journal" + PseudoTerminal.enter)
        #expect(first.waitFor(sequence: ["Dreams", "store> "], since: mark))
        mark = first.mark()
        first.type(" status" + PseudoTerminal.enter)
        #expect(first.waitFor(sequence: ["Records", "store> "], since: mark))
        first.type("exit" + PseudoTerminal.enter)
        #expect(first.waitForExit() == 0)
        let kept = try String(contentsOfFile: history, encoding: .utf8)
        #expect(kept == "record list journal\nexit\n", "history file: \(kept)")

        let second = try Self.shell(fixture, environment: ["TROVE_HISTORY": history])
        #expect(second.waitFor("store> "))
        mark = second.mark()
        second.type(PseudoTerminal.up + PseudoTerminal.up)
        #expect(second.waitFor("record list journal", since: mark), "Up did not recall: \(second.text(since: mark))")
        second.type(PseudoTerminal.enter)
        #expect(second.waitFor(sequence: ["Morning pages", "store> "], since: mark))
        second.type("exit" + PseudoTerminal.enter)
        #expect(second.waitForExit() == 0)
    }

    @Test("Ctrl-R finds an earlier line by a word in it")
    func reverseSearch() throws {
        let fixture = try Self.storeWithJournals()
        let terminal = try Self.shell(fixture)
        #expect(terminal.waitFor("store> "))
        terminal.type("record list journal" + PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Dreams", "store> "]))
        let beforeStatus = terminal.mark()
        terminal.type("status" + PseudoTerminal.enter)
        #expect(terminal.waitFor(sequence: ["Records", "store> "], since: beforeStatus))
        let mark = terminal.mark()
        terminal.type(PseudoTerminal.ctrlR + "jour")
        #expect(terminal.waitFor("record list journal", since: mark), "Ctrl-R: \(terminal.text(since: mark))")
        terminal.type(PseudoTerminal.enter)
        // The search's own Enter may only end the search; a second one runs the line.
        if !terminal.waitFor("Morning pages", since: mark, timeout: 2) { terminal.type(PseudoTerminal.enter) }
        #expect(terminal.waitFor(sequence: ["Morning pages", "store> "], since: mark), "\(terminal.text(since: mark))")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("colour on a terminal only, and never with NO_COLOR or TERM=dumb")
    func colour() throws {
        let fixture = try Self.storeWithJournals()
        func run(_ extra: [String: String]) throws -> String {
            var environment = fixture.cli.environment
            environment["TERM"] = "xterm"
            environment.removeValue(forKey: "NO_COLOR")
            environment.merge(extra) { _, new in new }
            let terminal = try PseudoTerminal(TroveCLI.executable, ["search", "dreams"], environment: environment)
            #expect(terminal.waitForExit() == 0)
            return terminal.rawText
        }
        #expect(try run([:]).contains("\u{1B}["), "a terminal gets colour")
        #expect(!(try run(["NO_COLOR": "1"])).contains("\u{1B}"), "NO_COLOR means none")
        #expect(!(try run(["TERM": "dumb"])).contains("\u{1B}"), "TERM=dumb means none")
        #expect(!(try fixture.trove("search", "dreams").stdout.contains("\u{1B}")), "a pipe gets none")
    }

    @Test("sync and clone show a progress bar on a terminal, and none into a pipe")
    func transferProgress() throws {
        let fixture = try Self.storeWithJournals()
        let hub = fixture.folder.child("hub.git")
        #expect(try fixture.trove("remote", "add", "hub", hub, "--create").status == 0)
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm"
        let sync = try PseudoTerminal(TroveCLI.executable, ["sync"], environment: environment)
        #expect(sync.waitForExit() == 0)
        #expect(sync.rawText.contains("Sending to hub [") && sync.rawText.contains("100%"), "\(sync.rawText)")
        #expect(sync.rawText.range(of: #"100%  \d+/\d+, \d+(\.\d)? (B|KB|MB)"#, options: .regularExpression) != nil, "objects and bytes: \(sync.rawText)")
        #expect(sync.screenText.contains("hub: received 0, sent"))

        let copy = fixture.folder.child("copy")
        let clone = try PseudoTerminal(TroveCLI.executable, ["clone", "file://" + hub, copy], environment: environment)
        #expect(clone.waitForExit() == 0)
        #expect(clone.rawText.contains("Receiving from file://\(hub) ["), "\(clone.rawText)")
        #expect(clone.rawText.range(of: #"\d+/\d+, \d+(\.\d)? (B|KB|MB)"#, options: .regularExpression) != nil, "objects and bytes: \(clone.rawText)")

        try fixture.put("journal", #"{"name": "Third"}"#)
        let piped = try fixture.trove("sync")
        #expect(piped.status == 0 && !piped.stderr.contains("Sending") && !piped.stderr.contains("\u{1B}"), "\(piped.stderr)")
    }

    @Test("long output goes through $PAGER on a terminal only; a screenful is printed as it is")
    func pager() throws {
        let fixture = try Self.storeWithJournals()
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm"
        environment["PAGER"] = "sed s/^/PAGED:/"
        let long = try PseudoTerminal(TroveCLI.executable, ["help"], environment: environment, rows: 10)
        #expect(long.waitForExit() == 0)
        #expect(long.screenText.contains("PAGED:Records and history"), "\(long.screenText)")
        let short = try PseudoTerminal(TroveCLI.executable, ["record", "list", "journal"], environment: environment, rows: 10)
        #expect(short.waitForExit() == 0)
        #expect(short.screenText.contains("Dreams") && !short.screenText.contains("PAGED:"))
        var piped = fixture.cli
        piped.extraEnvironment["PAGER"] = "sed s/^/PAGED:/"
        #expect(try !piped.run("help").stdout.contains("PAGED:"), "a pipe is never paged")
    }

    @Test("the welcome shows on the first start only; the prompt names the store and what is selected")
    func welcomeAndPrompt() throws {
        let fixture = try Self.storeWithJournals()
        let first = try Self.shell(fixture)
        #expect(first.waitFor("store> "))
        #expect(first.screenText.contains("Welcome to Trove") && first.screenText.contains("trove help tutorial"))
        first.type(PseudoTerminal.ctrlD)
        #expect(first.waitForExit() == 0)

        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        try Data(#"{"posted": 1795000000000, "text": "2 conflicts to settle: trove conflicts"}"#.utf8 + [0x0A])
            .write(to: URL(fileURLWithPath: fixture.store + "/.git/trove/notifications.jsonl"))
        let second = try Self.shell(fixture)
        #expect(second.waitFor("store (dog Pixel)> "), "\(second.screenText)")
        #expect(!second.screenText.contains("Welcome to Trove"))
        #expect(second.screenText.contains("2 conflicts to settle"), "the notification is announced: \(second.screenText)")
        second.type(PseudoTerminal.ctrlD)
        #expect(second.waitForExit() == 0)
    }
}
