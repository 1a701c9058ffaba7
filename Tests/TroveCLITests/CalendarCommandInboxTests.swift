import Foundation
import Testing
import TroveTestSupport

/// Notifications: feedback, reminders from `notify-due`, and the inbox.
@Suite("trove task feedback, notify-due and inbox")
struct CalendarCommandInboxTests {
    let fixture: CalendarFixture
    init() throws { fixture = try CalendarFixture() }

    func inbox(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(try fixture.json("inbox", sourceLocation: sourceLocation) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    @Test("feedback arrives in the inbox, quoted only when notifications.include-feedback is on")
    func feedback() throws {
        let essay = try fixture.add("task", "add", "Essay 2", "--due", "2026-11-25 17:00", "--class", "ENGL101")
        let lab = try fixture.add("task", "add", "Lab report", "--due", "2026-11-26 17:00")
        #expect(try inbox().isEmpty)

        try fixture.ok("settings", "set", "notifications.include-feedback", "on")
        try fixture.ok("task", "feedback", essay, "Good structure; cite more sources.")
        let quoted = try inbox()
        #expect(quoted.count == 1)
        #expect(quoted.first?["kind"] as? String == "feedback")
        let text = try #require(quoted.first?["text"] as? String)
        #expect(text.contains("Essay 2") && text.contains("Good structure; cite more sources."), "\(text)")
        #expect(try fixture.ok("task", "show", essay).stdout.contains("Feedback:  Good structure; cite more sources."))

        try fixture.ok("settings", "set", "notifications.include-feedback", "off")
        try fixture.ok("task", "feedback", lab, "Redo figure 3.")
        let plain = try #require(try inbox().first { ($0["text"] as? String)?.contains("Lab report") == true })
        let plainText = try #require(plain["text"] as? String)
        #expect(!plainText.contains("Redo figure 3"), "\(plainText)")
        // The notification names the command that shows the feedback; that command must work.
        let command = try #require(plainText.firstMatch(of: /\(trove (task show [^)]+)\)/), "\(plainText)")
        let shown = try fixture.ok(command.output.1.split(separator: " ").map(String.init))
        #expect(shown.stdout.contains("Lab report") && shown.stdout.contains("Feedback:  Redo figure 3."), "\(shown.stdout)\(shown.stderr)")

        let refused = try fixture.refused("task", "feedback", lab, "   ")
        #expect(refused.contains("the feedback is empty"), "\(refused)")
    }

    @Test("notify-due raises a due task's reminder once; dismissing takes it out of the inbox")
    func reminders() throws {
        try fixture.add("task", "add", "Far away", "--due", "in 3 days")
        let fees = try fixture.add("task", "add", "Pay fees", "--due", "in 30 minutes")
        let first = try fixture.ok("notify-due")
        #expect(first.stdout.contains("🔔 'Pay fees' is due at"), "\(first.stdout)")
        #expect(!first.stdout.contains("Far away"))
        let reminders = try inbox().filter { $0["kind"] as? String == "reminder" }
        #expect(reminders.count == 1)
        let reminder = try #require(reminders.first)
        #expect((reminder["text"] as? String)?.contains("Pay fees") == true && reminder["read"] as? Bool == false)

        let head = try fixture.head()
        #expect(try fixture.ok("notify-due").trimmed == "Nothing is due.")
        #expect(try fixture.head() == head)
        #expect(try inbox().count == 1)

        let id = try #require(reminder["id"] as? String)
        #expect(try fixture.ok("inbox", "read", String(id.suffix(8))).stdout.contains("Read: 'Pay fees'"))
        #expect(try inbox().first?["read"] as? Bool == true)
        #expect(try fixture.ok("inbox", "dismiss", String(id.suffix(8))).stdout.contains("Dismissed: 'Pay fees'"))
        #expect(try inbox().isEmpty)
        #expect(try fixture.ok("inbox").trimmed == "The inbox is empty.")
        // Dismissed, it is not raised again.
        let dismissed = try fixture.head()
        #expect(try fixture.ok("notify-due").trimmed == "Nothing is due.")
        #expect(try fixture.head() == dismissed)
        #expect(try fixture.refused("inbox", "dismiss", String(id.suffix(8))).contains("no notification"))

        // A done task raises nothing; notifications off raise nothing.
        try fixture.ok("task", "done", fees)
        try fixture.add("task", "add", "Call home", "--due", "in 20 minutes")
        try fixture.ok("settings", "set", "notifications", "off")
        let off = try fixture.head()
        #expect(try fixture.ok("notify-due").stdout.contains("Notifications are off"))
        #expect(try fixture.head() == off)
        try fixture.ok("settings", "set", "notifications", "on")
        let on = try fixture.ok("notify-due").stdout
        #expect(on.contains("'Call home' is due at") && !on.contains("Pay fees"), "\(on)")

        // A longer lead time reaches a task further off; an event's own reminder (--remind) comes before it starts.
        try fixture.add("task", "add", "Return books", "--due", "in 90 minutes")
        #expect(try fixture.ok("notify-due").trimmed == "Nothing is due.")
        try fixture.ok("settings", "set", "notifications.lead", "2h")
        #expect(try fixture.ok("notify-due").stdout.contains("'Return books' is due at"))
        try fixture.add("event", "add", "Seminar", "--start", "in 10 minutes", "--end", "in 1 hour", "--remind", "15m")
        let alarm = try fixture.ok("notify-due").stdout
        #expect(alarm.contains("🔔 'Seminar' starts at"), "\(alarm)")
        #expect(try fixture.ok("notify-due").trimmed == "Nothing is due.")
        #expect(try inbox().filter { ($0["text"] as? String)?.contains("Seminar") == true }.count == 1)
    }
}
