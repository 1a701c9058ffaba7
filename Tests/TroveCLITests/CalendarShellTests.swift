import Foundation
import Testing
import TroveTestSupport

/// The calendar at the shell's prompt: reminders and feedback announced as they come, and the assistant's greeting.
@Suite("the calendar at a terminal")
struct CalendarShellTests {
    /// A UTC timestamp `minutes` from now, as `--due` takes it.
    static func inMinutes(_ minutes: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date().addingTimeInterval(minutes * 60))
    }

    /// The id of the only task, read back through `agenda --json`.
    static func taskID(_ fixture: CLIFixture) throws -> String {
        let output = try fixture.trove("agenda", "--json", "--from", "yesterday", "--to", "+3d")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return try #require(items.first { $0["kind"] as? String == "task" }?["id"] as? String)
    }

    @Test("a task coming due is announced at the prompt once; feedback given in the shell is announced at the next prompt")
    func remindersAtThePrompt() throws {
        let fixture = try CLIFixture()
        #expect(try fixture.trove("task", "add", "Essay 2", "--due", Self.inMinutes(30), "--estimate", "2h").status == 0)
        #expect(try fixture.trove("settings", "set", "notifications.include-feedback", "on").status == 0)
        let id = try Self.taskID(fixture)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("🔔 'Essay 2' is due at"), "\(terminal.screenText)")
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        let mark = terminal.mark()
        terminal.type("task feedback \(id.suffix(8)) 'Cite more sources.'" + PseudoTerminal.enter)
        #expect(terminal.waitFor("🔔 Feedback on 'Essay 2': Cite more sources.", since: mark), "\(terminal.screenText)")
        let again = terminal.mark()
        terminal.type("status" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Records", since: again))
        #expect(terminal.waitFor("store> ", since: again))
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.text(since: again).contains("🔔"), "each notification is announced once")
        let inbox = try fixture.trove("inbox", "--json")
        #expect(inbox.stdout.contains("is due at") && inbox.stdout.contains("Cite more sources."), "\(inbox.stdout)")
    }

    @Test("feedback written by another process while the shell waits is announced at the next prompt, once")
    func notificationFromAnotherProcess() throws {
        let fixture = try CLIFixture()
        #expect(try fixture.trove("task", "add", "Essay 3", "--due", Self.inMinutes(2 * 24 * 60)).status == 0)
        let id = try Self.taskID(fixture)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        let quiet = terminal.mark()
        terminal.type("status" + PseudoTerminal.enter)
        #expect(terminal.waitFor("store> ", since: quiet))
        #expect(!terminal.text(since: quiet).contains("🔔"), "nothing new yet")

        #expect(try fixture.trove("task", "feedback", String(id.suffix(8)), "Well argued.").status == 0)
        let mark = terminal.mark()
        terminal.type(PseudoTerminal.enter)
        #expect(terminal.waitFor("🔔 Feedback on 'Essay 3'", since: mark), "\(terminal.screenText)")
        #expect(terminal.waitFor("store> ", since: mark))
        let again = terminal.mark()
        terminal.type("status" + PseudoTerminal.enter)
        #expect(terminal.waitFor("store> ", since: again))
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.text(since: again).contains("🔔"), "announced once")
    }

    @Test("with notifications off, nothing is announced")
    func notificationsOff() throws {
        let fixture = try CLIFixture()
        #expect(try fixture.trove("task", "add", "Essay 2", "--due", Self.inMinutes(20)).status == 0)
        #expect(try fixture.trove("settings", "set", "notifications", "off").status == 0)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screenText.contains("🔔"), "\(terminal.screenText)")
        #expect(try fixture.trove("inbox").stdout.contains("The inbox is empty."))
    }

    @Test("with the assistant on, the shell greets with the task to start next, or says there is nothing")
    func assistantGreeting() throws {
        let fixture = try CLIFixture()
        #expect(try fixture.trove("settings", "set", "assistant", "on").status == 0)
        let empty = try ShellTerminalTests.shell(fixture)
        #expect(empty.waitFor("💡 Nothing to start yet!"), "\(empty.screenText)")
        empty.type(PseudoTerminal.ctrlD)
        #expect(empty.waitForExit() == 0)

        #expect(try fixture.trove("task", "add", "Read chapter 4", "--due", Self.inMinutes(7 * 24 * 60), "--estimate", "1h").status == 0)
        #expect(try fixture.trove("task", "add", "Lab report", "--due", Self.inMinutes(3 * 60), "--estimate", "4h").status == 0)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("💡 Start Lab report next"), "\(terminal.screenText)")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }
}
