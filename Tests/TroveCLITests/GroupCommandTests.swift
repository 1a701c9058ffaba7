import Foundation
import Testing
import TroveTestSupport

/// Three people, three personal stores and one hub, driven through the `trove` binary the way they would.
@Suite struct GroupCommandTests {
    let folder = TemporaryFolder("trove-group-cli")
    var hub: String { folder.child("hub.git") }

    /// A person with their own home (key, XDG folders) and personal store.
    func person(_ name: String) throws -> TroveCLI {
        var cli = TroveCLI(home: folder.child(name), store: folder.child(name + "/store"))
        cli.extraEnvironment["USER"] = name
        // A sendmail of the test's own, so that a machine's real one never mails an invitation out.
        let bin = folder.child("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fake = try folder.write("bin/sendmail", "#!/bin/sh\necho \"args: $*\" >> '\(folder.child("mailbox"))'\ncat >> '\(folder.child("mailbox"))'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        cli.extraEnvironment["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try #require(cli.run("init").status == 0)
        try #require(cli.run("key", "init").status == 0)
        return cli
    }

    /// Runs a command that must succeed and returns its standard output.
    @discardableResult
    func ok(_ cli: TroveCLI, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try cli.run(arguments)
        #expect(output.status == 0, "trove \(arguments.joined(separator: " ")): \(output.stderr)", sourceLocation: sourceLocation)
        return output.stdout
    }

    /// The code in `trove group invite`'s output.
    func code(in text: String) throws -> String {
        try #require(text.firstMatch(of: #/--code ([0-9A-Z-]{23})/#)).output.1.description
    }

    @Test("three users: a group, an invitation, a join, chat, a shared calendar, a removal and an intruder")
    func threeUsers() throws {
        let ana = try person("ana"), bob = try person("bob"), cat = try person("cat")
        #expect(try ok(ana, "group", "list").contains("No group work 🎉!"))

        // Ana founds the group (on a plain hub, which Mallory below reads and writes with plain git) and shares her
        // exams calendar with it.
        try ok(ana, "group", "new", "CS101", "--hub", hub, "--plain")
        try ok(ana, "calendar", "new", "Exams")
        try ok(ana, "event", "add", "Exam review", "--start", "2026-12-04 16:00", "--end", "18:00", "--calendar", "Exams")
        #expect(try ok(ana, "calendar", "share", "Exams", "--group", "CS101").contains("Shared Exams (1 event or task) with CS101"))
        #expect(!(try ok(ana, "calendar", "list")).contains("Exams"))
        #expect(try ok(ana, "calendar", "list", "--in-group", "CS101").contains("Exams"))

        // Invitations: the code works once, and a wrong code is refused with nothing written.
        let bobsCode = try code(in: ok(ana, "group", "invite", "CS101", "--email", "bob@example.com"))
        let catsCode = try code(in: ok(ana, "group", "invite", "CS101", "--email", "cat@example.com"))
        #expect(try ok(bob, "group", "join", hub, "--code", bobsCode).contains("Joined CS101 as member"))
        let reused = try cat.run("group", "join", hub, "--code", bobsCode)
        #expect(reused.status == 1 && reused.stderr.contains("was used already"), "\(reused.stderr)")
        let wrong = try cat.run("group", "join", hub, "--code", "AAAAA-BBBBB-CCCCC-DDDDD")
        #expect(wrong.status == 1 && wrong.stderr.contains("matches no open invitation"), "\(wrong.stderr)")
        #expect(try ok(cat, "group", "list").contains("No group work"))
        try ok(cat, "group", "join", hub, "--code", catsCode)

        // Chat, and a shared calendar edit that the others hear of.
        try ok(bob, "group", "chat", "CS101", "Who has Tuesday's notes?")
        let eventID = try #require(try ok(bob, "record", "list", "event", "--json", "--in-group", "CS101")
            .firstMatch(of: #/"id" ?: ?"([0-9a-f-]{36})"/#)).output.1.description
        try ok(bob, "event", "edit", eventID, "--title", "Exam review (room 12)", "--in-group", "CS101")
        let synced = try ok(ana, "group", "sync")
        #expect(synced.contains("bob in CS101: Who has Tuesday's notes?"), "\(synced)")
        #expect(synced.contains("bob changed 'Exam review (room 12)' in CS101"), "\(synced)")
        #expect(try ok(ana, "inbox").contains("bob changed 'Exam review (room 12)' in CS101"))
        #expect(try ok(ana, "group", "chat", "CS101").contains("bob: Who has Tuesday's notes?"))
        // Calendar views take in the group's calendar and its meetings, marked with its name.
        try ok(cat, "group", "meeting", "CS101", "Study session", "--start", "2026-12-03 18:00", "--end", "20:00")
        #expect(try ok(ana, "group", "sync").contains("cat scheduled 'Study session' in CS101"))
        let week = try ok(ana, "cal", "week", "2026-12-03")
        #expect(week.contains("Study session · CS101") && week.contains("Exam review (room 12) · CS101"), "\(week)")
        let agenda = try ok(ana, "agenda", "--from", "2026-12-01", "--to", "2026-12-10")
        #expect(agenda.contains("Study session · CS101") && agenda.contains("Exam review (room 12) · CS101"), "\(agenda)")
        // The short id a view shows finds the group's record too, and says where it lives.
        let shown = try ok(ana, "show", String(eventID.suffix(8)))
        #expect(shown.contains("Exam review (room 12)") && shown.contains("Group:     CS101") && shown.contains("Calendar:  Exams"), "\(shown)")
        // Search spans the personal store and the group's, and says where each hit lives.
        let found = try ok(ana, "search", "room")
        #expect(found.contains("Exam review (room 12)") && found.contains("(in CS101)"), "\(found)")
        let members = try ok(ana, "group", "members", "CS101")
        #expect(members.contains("ana") && members.contains("bob") && members.contains("cat"))

        // Inside a group, an invitation to an event is a record the invitee hears of and answers.
        try ok(ana, "event", "invite", eventID, "--to", "bob", "--in-group", "CS101")
        #expect(try ok(bob, "group", "sync").contains("ana invited you to 'Exam review (room 12)' in CS101"))
        let waiting = try ok(bob, "invitation", "list", "--in-group", "CS101")
        let invitation = try #require(waiting.split(separator: " ").last).trimmingCharacters(in: .whitespacesAndNewlines)
        try ok(bob, "invitation", "accept", invitation, "--in-group", "CS101")
        #expect(try ok(ana, "group", "sync").contains("bob accepted 'Exam review (room 12)' in CS101"))

        // Ana removes Bob; what Bob writes afterwards counts nowhere.
        try ok(ana, "group", "remove", "CS101", "bob")
        try ok(bob, "group", "chat", "CS101", "still here?")
        let atCat = try ok(cat, "group", "sync")
        #expect(atCat.contains("refused") && atCat.contains("bob was removed"), "\(atCat)")
        #expect(!(try ok(cat, "group", "chat", "CS101")).contains("still here?"))
        #expect(try ok(ana, "group", "members", "CS101").contains("removed"))
        // The same as JSON: every member with their role and whether they still are one; the group with its count.
        let listedMembers = try #require(parseJSON(try ok(ana, "group", "members", "CS101", "--json")) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: listedMembers.map { ($0["username"] as? String ?? "", $0) })
        #expect(byName["ana"]?["role"] as? String == "owner" && byName["ana"]?["active"] as? Bool == true, "\(listedMembers)")
        #expect(byName["bob"]?["active"] as? Bool == false && byName["bob"]?["removedAt"] is String, "\(listedMembers)")
        #expect(byName["cat"]?["active"] as? Bool == true && (byName["cat"]?["key"] as? String)?.hasPrefix("SHA256:") == true, "\(listedMembers)")
        let groups = try #require(parseJSON(try ok(ana, "group", "list", "--json")) as? [[String: Any]])
        #expect(groups.count == 1 && groups.first?["name"] as? String == "CS101" && groups.first?["role"] as? String == "owner"
            && groups.first?["members"] as? Int == 2 && groups.first?["hub"] as? String == hub, "\(groups)")

        // Mallory, who is no member, pushes to the hub with plain git: every peer refuses it.
        let mallory = folder.child("mallory")
        try #require(ana.git("clone", "-q", hub, mallory, in: folder.path).status == 0)
        let post = try #require(FileManager.default.enumerator(atPath: mallory + "/group-posts")?.allObjects.compactMap { $0 as? String }
            .first { $0.hasSuffix(".json") && ((try? String(contentsOfFile: mallory + "/group-posts/" + $0, encoding: .utf8)) ?? "").contains("Tuesday") })
        let file = mallory + "/group-posts/" + post
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "Who has Tuesday's notes?", with: "Answers at evil.example")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try #require(ana.git("commit", "-qam", "helpful edit", in: mallory).status == 0)
        try #require(ana.git("push", "-q", "origin", "HEAD:main", in: mallory).status == 0)
        for peer in [ana, cat] {
            let report = try ok(peer, "group", "sync")
            #expect(report.contains("refused") && report.contains("Test User") && report.contains("unsigned"), "\(report)")
            let chat = try ok(peer, "group", "chat", "CS101")
            #expect(chat.contains("Who has Tuesday's notes?") && !chat.contains("evil.example"), "\(chat)")
        }
        // The hub's history keeps the intruder's commit: nothing is rewritten.
        #expect(try ana.git("log", "--format=%s", "main", in: hub).stdout.contains("helpful edit"))

        // Bob, removed, is listed as removed (not as asking to join), and can leave: only his copy goes.
        _ = try bob.run("group", "sync")
        #expect(try ok(bob, "group", "list").contains("removed"))
        let bobsGroups = try #require(parseJSON(try ok(bob, "group", "list", "--json")) as? [[String: Any]])
        #expect(bobsGroups.first?["standing"] as? String == "removed" && bobsGroups.first?["role"] is NSNull, "\(bobsGroups)")
        #expect(try ok(bob, "group", "leave", "CS101").contains("no longer a member of CS101"))
        #expect(try ok(bob, "group", "list").contains("No group work"))
    }

    @Test("a busy sync prints a few notices and counts the rest, which are all in the inbox")
    func busySync() throws {
        let ana = try person("ana"), bob = try person("bob")
        try ok(ana, "group", "new", "CS101", "--hub", hub)
        try ok(bob, "group", "join", hub, "--code", code(in: ok(ana, "group", "invite", "CS101", "--email", "bob@example.com")))
        let extra = 4
        for number in 1...(8 + extra) { try ok(ana, "group", "chat", "CS101", "message \(number)") }
        let report = try ok(bob, "group", "sync")
        #expect(report.components(separatedBy: "🔔 ana in CS101: message").count - 1 == 8, "\(report)")
        #expect(report.contains("🔔 ana in CS101: message 8\n") && !report.contains("message 9\n"), "\(report)")
        #expect(report.contains("🔔 … and \(extra) more ('trove inbox' lists them)"), "\(report)")
        let inbox = try ok(bob, "inbox")
        #expect(inbox.contains("message 1") && inbox.contains("message 12"), "\(inbox)")

        // The chat shows the latest messages, saying how many earlier ones it leaves out, at local times.
        #expect(try ok(bob, "group", "chat", "CS101").components(separatedBy: "ana: message").count - 1 == 12)
        let latest = try ok(bob, "group", "chat", "CS101", "--last", "5")
        #expect(latest.hasPrefix("(7 earlier; --last 0 shows them all)\n"), "\(latest)")
        #expect(latest.components(separatedBy: "ana: message").count - 1 == 5 && latest.contains("ana: message 12\n"), "\(latest)")
        var utc = bob, kathmandu = bob
        utc.extraEnvironment["TZ"] = "UTC"
        kathmandu.extraEnvironment["TZ"] = "Asia/Kathmandu"  // UTC+05:45: no minute reads the same
        let (inUTC, inKathmandu) = (try ok(utc, "group", "chat", "CS101", "-n", "1"), try ok(kathmandu, "group", "chat", "CS101", "-n", "1"))
        #expect(inUTC != inKathmandu && inUTC.hasSuffix("ana: message 12\n") && inKathmandu.hasSuffix("ana: message 12\n"))
    }

    @Test("an intruder's many commits: eight refusals printed, the rest counted, and every one named in the log")
    func manyRefusals() throws {
        let ana = try person("ana")
        try ok(ana, "group", "new", "CS101", "--hub", hub, "--plain")
        let mallory = folder.child("mallory")
        try #require(ana.git("clone", "-q", hub, mallory, in: folder.path).status == 0)
        for number in 1...11 {
            _ = try folder.write("mallory/notes-\(number).txt", "spam \(number)")
            try #require(ana.git("add", ".", in: mallory).status == 0)
            try #require(ana.git("commit", "-qm", "spam \(number)", in: mallory).status == 0)
        }
        try #require(ana.git("push", "-q", "origin", "HEAD:main", in: mallory).status == 0)
        let report = try ok(ana, "group", "sync")
        #expect(report.contains("refused 11"), "\(report)")
        #expect(report.components(separatedBy: "  refused ").count - 1 == 8, "\(report)")
        #expect(report.contains("… and 3 more refused"), "\(report)")
        let log = try ok(ana, "log", "--json", "--in-group", "CS101")
        #expect(log.components(separatedBy: "Refused ").count - 1 == 11, "\(log)")
    }

    @Test("plain git verifies the commits of a group's store")
    func plainGitVerifiesGroupCommits() throws {
        let ana = try person("ana")
        try ok(ana, "group", "new", "Family", "--hub", hub, "--plain")
        let signers = folder.child("allowed_signers")
        try ok(ana, "key", "allowed-signers", signers)
        let log = try ProcessRunner.run("/usr/bin/env", ["git", "-c", "gpg.format=ssh", "-c", "gpg.ssh.allowedSignersFile=\(signers)",
                                                         "log", "--show-signature", "main"], in: hub, environment: ana.environment)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.components(separatedBy: "Good \"git\" signature").count == 3, "\(log.stdout)")
    }

    @Test("group commands refuse clearly without a key, with an unknown group, and a non-empty hub")
    func refusals() throws {
        var keyless = TroveCLI(home: folder.child("nokey"), store: folder.child("nokey/store"))
        keyless.extraEnvironment["USER"] = "nokey"
        try #require(keyless.run("init").status == 0)
        let noKey = try keyless.run("group", "new", "X", "--hub", hub)
        #expect(noKey.status == 1 && noKey.stderr.contains("trove key init"), "\(noKey.stderr)")
        let ana = try person("ana")
        let unknown = try ana.run("group", "chat", "Nope", "hi")
        #expect(unknown.status == 1 && unknown.stderr.contains("no group called 'Nope'"), "\(unknown.stderr)")
        // A store is never made for a group by name (it used to be, in .git/trove/groups/Nope, with exit 0), and a
        // group this machine does not know is named as one, wherever --in-group is read.
        let initInGroup = try ana.run("init", "--in-group", "Nope")
        #expect(initInGroup.status == 2 && initInGroup.stderr.contains("--in-group works in a group's store that exists"), "\(initInGroup.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ana.store + "/.git/trove/groups/Nope"))
        #expect(try ana.run("clone", hub, folder.child("elsewhere"), "--in-group", "Nope").status == 2)
        for arguments in [["status", "--in-group", "Nope"], ["shell", "-c", "status", "--in-group", "Nope"]] {
            let refused = try ana.run(arguments)
            #expect(refused.status == 1 && refused.stderr.contains("no group called 'Nope'"), "\(arguments): \(refused.stderr)")
        }
        try FileManager.default.createDirectory(atPath: folder.child("full"), withIntermediateDirectories: true)
        _ = try folder.write("full/file", "x")
        let full = try ana.run("group", "new", "X", "--hub", folder.child("full"))
        #expect(full.status == 1 && full.stderr.contains("not empty"), "\(full.stderr)")
        #expect(try ok(ana, "group", "list").contains("No group work"))
    }

    @Test("joining on a new machine makes the store and an account whose temporary password must be changed at first sign-in")
    func joinOnANewMachine() throws {
        let ana = try person("ana")
        try ok(ana, "group", "new", "CS101", "--hub", hub)
        let code = try code(in: ok(ana, "group", "invite", "CS101", "--email", "dan@example.com"))
        var dan = TroveCLI(home: folder.child("dan"), store: folder.child("dan/store"))
        dan.extraEnvironment["USER"] = "dan"
        try #require(dan.run("key", "init").status == 0)
        let joined = try ok(dan, "group", "join", hub, "--code", code)
        #expect(joined.contains("temporary") || joined.contains("invitation code, for now"), "\(joined)")
        let locked = try dan.run("group", "chat", "CS101")
        #expect(locked.status == 1 && locked.stderr.contains("sign in"), "\(locked.stderr)")
        // The code alone signs in no more than once: it must be replaced on the spot.
        let refused = try dan.run("login", "dan@example.com", "--password-stdin", input: code + "\n")
        #expect(refused.status == 1 && refused.stderr.contains("temporary"), "\(refused.stderr)")
        try #require(dan.run("login", "dan@example.com", "--password-stdin", input: code + "\nmy own passphrase 7\n").status == 0)
        #expect(try ok(dan, "group", "members", "CS101").contains("dan"))
        try ok(dan, "logout")
        let old = try dan.run("login", "dan@example.com", "--password-stdin", input: code + "\n")
        #expect(old.status == 1)
        #expect(try dan.run("login", "dan@example.com", "--password-stdin", input: "my own passphrase 7\n").status == 0)
    }

    @Test("an invitation is emailed by sendmail when there is one, with the join line; the code is never stored")
    func invitationByMail() throws {
        let ana = try person("ana")
        let mailbox = folder.child("mailbox")
        try ok(ana, "group", "new", "CS101", "--hub", hub, "--plain")
        let printed = try ok(ana, "group", "invite", "CS101", "--email", "bo@example.com")
        #expect(printed.contains("Emailed the invitation to bo@example.com."), "\(printed)")
        let code = try code(in: printed)
        let mail = try String(contentsOfFile: mailbox, encoding: .utf8)
        #expect(mail.contains("args: -t\n") && mail.contains("To: bo@example.com\n") && mail.contains("trove group join \(hub) --code \(code)"))
        let history = try ana.git("log", "-p", "main", in: hub).stdout
        #expect(!history.contains(code) && !history.contains(code.replacingOccurrences(of: "-", with: "")))
        #expect(history.contains("codeKey"))
    }
}
