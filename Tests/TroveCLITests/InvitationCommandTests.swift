import Foundation
import Testing
import TroveTestSupport

/// Event invitations between two people's stores, by iTIP files: `event invite`, `import ics`, `invitation accept|decline`.
@Suite("trove event invite and trove invitation")
struct InvitationCommandTests {
    /// Ada, who organises: signed in to an account, with a display name and two contacts.
    static func organiser() throws -> CalendarFixture {
        let ada = try CalendarFixture()
        try ada.ok(["account", "create", "ada", "--email", "ada@example.com", "--password-stdin"], input: "correct horse battery\n")
        try ada.ok(["login", "ada@example.com", "--password-stdin"], input: "correct horse battery\n")
        try ada.ok("profile", "set", "name", "Ada Lovelace")
        try ada.ok("contact", "add", "Grace Hopper", "--email", "grace@example.com")
        try ada.ok("contact", "add", "Alan Turing", "--email", "alan@example.com")
        return ada
    }

    /// The text of an .ics file with its folded lines joined.
    static func unfolded(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.replacingOccurrences(of: "\r\n ", with: "")
    }

    func record(_ fixture: CalendarFixture, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try fixture.json("event", "show", id, sourceLocation: sourceLocation) as? [String: Any], sourceLocation: sourceLocation)
    }

    @Test("Ada invites Grace and Alan; Grace imports it, sees it in her inbox, accepts; Ada imports the answer and the event shows it")
    func roundTrip() throws {
        let ada = try Self.organiser()
        let review = try ada.add("event", "add", "Project review", "--start", "2026-12-04 14:00", "--end", "15:00", "--where", "Room 4")
        let invite = ada.folder.child("invite.ics")
        let invited = try ada.ok("event", "invite", String(review.suffix(8)), "--to", "grace", "--to", "Alan Turing", "--out", invite).stdout
        #expect(invited.contains("Invited Grace Hopper <grace@example.com>, Alan Turing <alan@example.com> to 'Project review', Fri 4 Dec 2026 14:00–15:00."), "\(invited)")
        #expect(invited.contains("Wrote the invitation to \(invite)."), "\(invited)")
        let request = try Self.unfolded(invite)
        for line in ["METHOD:REQUEST", "UID:\(review)", "SEQUENCE:0", "SUMMARY:Project review", "LOCATION:Room 4",
                     "DTSTART;TZID=America/New_York:20261204T140000", "DTEND;TZID=America/New_York:20261204T150000",
                     "ORGANIZER;CN=Ada Lovelace:mailto:ada@example.com",
                     "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Grace Hopper:mailto:grace@example.com",
                     "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Alan Turing:mailto:alan@example.com"] {
            #expect(request.contains(line + "\r\n"), "no \(line) in\n\(request)")
        }
        let attendees = try #require(try record(ada, review)["attendees"] as? [[String: Any]])
        #expect(attendees.map { $0["answer"] as? String } == ["needs-action", "needs-action"])

        // Grace's own store, offline, with no account: her address in the settings tells which attendee she is.
        let grace = try CalendarFixture()
        try grace.ok("settings", "set", "notifications.email", "grace@example.com")
        let imported = try grace.ok("import", "ics", invite).stdout
        #expect(imported.contains("Invitation: 'Project review' from Ada Lovelace, Fri 2026-12-04 14:00"), "\(imported)")
        #expect(try grace.agenda("2026-12-01", "2026-12-10").isEmpty, "an invitation is not an event until accepted")
        let inbox = try #require(try grace.json("inbox") as? [[String: Any]])
        #expect(inbox.map { $0["text"] as? String } == ["Invitation: 'Project review' from Ada Lovelace, Fri 2026-12-04 14:00"])
        #expect(inbox.first?["kind"] as? String == "invitation")
        let listed = try #require(try grace.json("invitation", "list") as? [[String: Any]])
        let invitation = try #require(listed.first?["id"] as? String)
        #expect(listed.count == 1 && listed.first?["status"] as? String == "pending")
        #expect(try grace.ok("invitation").stdout.contains("Project review  Fri 4 Dec 2026 14:00–15:00  from Ada Lovelace"))
        let head = try grace.head()
        #expect(try grace.ok("import", "ics", invite).stdout.contains("This invitation was received already."))
        #expect(try grace.head() == head, "importing it again changes nothing")

        let reply = grace.folder.child("reply.ics")
        let accepted = try grace.ok("invitation", "accept", String(invitation.suffix(8)), "--out", reply).stdout
        #expect(accepted.contains("Accepted 'Project review', Fri 4 Dec 2026 14:00–15:00: added to Personal"), "\(accepted)")
        #expect(accepted.contains("Wrote your answer to \(reply)."))
        let answer = try Self.unfolded(reply)
        for line in ["METHOD:REPLY", "UID:\(review)", "SEQUENCE:0", "ORGANIZER;CN=Ada Lovelace:mailto:ada@example.com",
                     "ATTENDEE;PARTSTAT=ACCEPTED;CN=Grace Hopper:mailto:grace@example.com"] {
            #expect(answer.contains(line + "\r\n"), "no \(line) in\n\(answer)")
        }
        let agenda = try grace.agenda("2026-12-01", "2026-12-10")
        #expect(agenda.map { $0["title"] as? String } == ["Project review"], "accepted, it is in her calendar (JSON carries the stored title)")
        let hers = try record(grace, try #require(agenda.first?["id"] as? String))
        #expect((hers["organizer"] as? [String: Any])?["email"] as? String == "ada@example.com")
        #expect(try grace.ok("inbox").trimmed == "The inbox is empty.", "the invitation's notification is dismissed")
        #expect(try grace.ok("invitation").stdout.contains("No invitations"))
        #expect(try grace.refused("invitation", "accept", String(invitation.suffix(8))).contains("you already accepted the invitation to 'Project review'"))

        let recorded = try ada.ok("import", "ics", reply).stdout
        #expect(recorded.contains("Grace Hopper accepted 'Project review'"), "\(recorded)")
        let answers = try #require(try record(ada, review)["attendees"] as? [[String: Any]])
        #expect(answers.map { $0["answer"] as? String } == ["accepted", "needs-action"])
        #expect(try ada.ok("event", "show", review).stdout.contains("Invited:   Grace Hopper (accepted), Alan Turing (no answer yet)"))
        #expect(try ada.ok("inbox").stdout.contains("Grace Hopper accepted 'Project review'"))
        let adaHead = try ada.head()
        #expect(try ada.ok("import", "ics", reply).stdout.contains("Nothing changed."))
        #expect(try ada.head() == adaHead)
    }

    @Test("bad input is refused with a clear message, and nothing is written")
    func refusals() throws {
        let ada = try Self.organiser()
        try ada.ok("contact", "add", "Bob")
        let lunch = try ada.add("event", "add", "Lunch", "--start", "2026-12-07 12:00")
        #expect(try ada.refused("event", "invite", lunch, "--to", "Bob").contains("Bob has no email address"))
        #expect(try ada.refused("event", "invite", lunch, "--to", "Zed").contains("no contact called 'Zed'"))
        #expect(try ada.refused("event", "invite", "ffff0000", "--to", "grace").contains("no event with id 'ffff0000'"))
        let noTo = try ada.base.cli.run(["event", "invite", lunch])
        #expect(noTo.status == 2 && noTo.stderr.contains("give at least one contact to invite with --to"), "\(noTo.stderr)")

        // A store that does not know the user's address cannot invite from it.
        let anonymous = try CalendarFixture()
        try anonymous.ok("contact", "add", "Grace Hopper", "--email", "grace@example.com")
        let party = try anonymous.add("event", "add", "Party", "--start", "2026-12-12 20:00")
        #expect(try anonymous.refused("event", "invite", party, "--to", "grace", "--out", anonymous.folder.child("x.ics"))
            .contains("Trove does not know your email address"))
        #expect(!FileManager.default.fileExists(atPath: anonymous.folder.child("x.ics")))

        let grace = try CalendarFixture()
        func message(_ method: String, _ lines: String...) throws -> String {
            try grace.write("\(method.lowercased())-\(lines.count).ics", (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//T//EN", "METHOD:\(method)", "BEGIN:VEVENT"]
                + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n"))
        }
        let notCalendar = try grace.write("notes.ics", "Lunch on Friday?\n")
        #expect(try grace.refused("import", "ics", notCalendar).contains("not an iCalendar file"))
        let noOrganizer = try message("REQUEST", "UID:lunch@example.com", "DTSTART:20261204T120000Z", "SUMMARY:Lunch")
        #expect(try grace.refused("import", "ics", noOrganizer).contains("the VEVENT has no ORGANIZER"))
        let noUID = try message("REQUEST", "DTSTART:20261204T120000Z", "ORGANIZER:mailto:ada@example.com")
        #expect(try grace.refused("import", "ics", noUID).contains("the VEVENT has no UID"))
        let noStart = try message("REQUEST", "UID:lunch@example.com", "SUMMARY:Lunch", "ORGANIZER:mailto:ada@example.com")
        #expect(try grace.refused("import", "ics", noStart).contains("has no DTSTART"))
        let cancel = try message("CANCEL", "UID:lunch@example.com", "DTSTART:20261204T120000Z", "ORGANIZER:mailto:ada@example.com", "STATUS:CANCELLED")
        #expect(try grace.refused("import", "ics", cancel).contains("METHOD:CANCEL is an iTIP message Trove does not read"))
        let strayReply = try message("REPLY", "UID:lunch@example.com", "SUMMARY:Lunch", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com")
        #expect(try grace.refused("import", "ics", strayReply).contains("the reply is about 'Lunch' (UID lunch@example.com), which is not in your calendar"))
        #expect(try grace.refused("invitation", "accept", "abcd1234").contains("no invitation with id 'abcd1234'"))
        #expect(try grace.refused("invitation", "decline", "abcd1234").contains("no invitation with id 'abcd1234'"))
        #expect(try grace.ok("invitation").stdout.contains("No invitations"))
    }

    @Test("without --out the invitation and the answer go to sendmail, and a sendmail that fails records nothing")
    func sendmail() throws {
        let ada = try Self.organiser()
        let bin = ada.folder.child("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let mailbox = ada.folder.child("mailbox")
        let fake = try ada.write("bin/sendmail", "#!/bin/sh\necho \"args: $*\" >> '\(mailbox)'\ncat >> '\(mailbox)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        ada.base.cli.extraEnvironment["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let review = try ada.add("event", "add", "Project review", "--start", "2026-12-04 14:00", "--end", "15:00")
        let sent = try ada.ok("event", "invite", review, "--to", "grace").stdout
        #expect(sent.contains("Sent the invitation to grace@example.com by sendmail."), "\(sent)")
        let mail = try String(contentsOfFile: mailbox, encoding: .utf8)
        #expect(mail.contains("args: -t\n") && mail.contains("From: \"Ada Lovelace\" <ada@example.com>\n"))
        #expect(mail.contains("To: \"Grace Hopper\" <grace@example.com>\n"))
        let subject = Data("Invitation: Project review @ Fri 4 Dec 2026 14:00–15:00".utf8).base64EncodedString()
        #expect(mail.contains("Subject: =?UTF-8?B?\(subject)?=\n"), "the subject is not plain ASCII, so it is encoded")
        #expect(mail.contains("Content-Type: text/calendar; charset=utf-8; method=REQUEST\n"))

        try ada.write("bin/sendmail", "#!/bin/sh\necho 'no route to the mail hub' >&2\nexit 75\n")
        let lunch = try ada.add("event", "add", "Lunch", "--start", "2026-12-07 12:00")
        #expect(try ada.refused("event", "invite", lunch, "--to", "alan").contains("sendmail failed: no route to the mail hub"))
        #expect(try record(ada, lunch)["attendees"] == nil, "nothing recorded")
    }

    @Test("without --out and without sendmail, the answer is written to reply-<uid>.ics in the current folder",
          .enabled(if: !InvitationCommandTests.systemHasSendmail))
    func fileHere() throws {
        let ada = try Self.organiser()
        let review = try ada.add("event", "add", "Project review", "--start", "2026-12-04 14:00", "--end", "15:00")
        let invite = ada.folder.child("invite.ics")
        try ada.ok("event", "invite", review, "--to", "grace", "--out", invite)
        // Grace's store knows no address of hers, but she is the one attendee.
        let grace = try CalendarFixture()
        try grace.ok("import", "ics", invite)
        let id = try #require((try grace.json("invitation", "list") as? [[String: Any]])?.first?["id"] as? String)
        let here = grace.folder.child("downloads")
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: true)
        grace.base.cli.extraEnvironment["PATH"] = "/usr/bin:/bin"
        let declined = try grace.base.cli.run(["invitation", "decline", id], in: here)
        #expect(declined.status == 0, "\(declined.stderr)")
        let path = here + "/reply-\(review).ics"
        #expect(declined.stdout.contains("Declined 'Project review' from Ada Lovelace."), "\(declined.stdout)")
        #expect(declined.stdout.contains("Wrote your answer to \(path) (there is no sendmail here): send it to Ada Lovelace <ada@example.com>."))
        #expect(try Self.unfolded(path).contains("ATTENDEE;PARTSTAT=DECLINED;CN=Grace Hopper:mailto:grace@example.com\r\n"))
        #expect(try grace.agenda("2026-12-01", "2026-12-10").isEmpty)
        #expect(try ada.ok("import", "ics", path).stdout.contains("Grace Hopper declined 'Project review'"))
    }

    /// Whether this machine has a sendmail where Trove looks for one, outside the test's own PATH.
    static var systemHasSendmail: Bool {
        ["/usr/bin", "/bin", "/usr/sbin", "/usr/lib"].contains { FileManager.default.isExecutableFile(atPath: $0 + "/sendmail") }
    }
}
