import Foundation
import Testing
import TroveTestSupport

/// The contact commands and `import vcard` as a user drives them: seed 002's 3.2.124, then every bad input.
@Suite("contacts through the command")
struct ContactCommandTests {
    /// The names `contact list --json` prints, in order.
    static func names(_ fixture: CalendarFixture, _ more: String...) throws -> [String] {
        let output = try fixture.base.cli.run(["contact", "list", "--json"] + more)
        #expect(output.status == 0, "contact list failed: \(output.stderr)")
        let list = try #require(parseJSON(output.stdout) as? [[String: Any]], "not JSON: \(output.stdout)")
        return list.compactMap { $0["name"] as? String }
    }

    static let vcard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Grace Hopper\r
        N:Hopper;Grace;;;\r
        EMAIL;TYPE=INTERNET,pref:grace@example.com\r
        TEL;TYPE=CELL:+1 540 555 0134\r
        NOTE:Lab partner\\, Tuesdays\r
        CATEGORIES:CS 3114\r
        UID:urn:uuid:5f1c2b8e-1111-4c2d-9e3f-0a1b2c3d4e5f\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        N:Lovelace;Ada;;;\r
        EMAIL:ada@exa\r
         mple.com\r
        END:VCARD\r

        """

    @Test("add, list alphabetically (accents and case ignored), filter by class, edit, remove")
    func lifecycle() throws {
        let fixture = try CalendarFixture()
        try fixture.ok("contact", "add", "Zoë Adams", "--email", "zoe@example.com", "--class", "CS 101")
        try fixture.ok("contact", "add", "émile Brun", "--phone", "+33 1 23 45 67 89", "--class", "MATH 201")
        let id = try fixture.add("contact", "add", "adam Cole", "--class", "cs 101", "--notes", "Lab partner")
        #expect(try Self.names(fixture) == ["adam Cole", "émile Brun", "Zoë Adams"])
        #expect(try Self.names(fixture, "--class", "CS 101") == ["adam Cole", "Zoë Adams"])
        let table = try fixture.ok("contact", "list").stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 3 && table[0].hasPrefix("adam Cole") && table[2].hasPrefix("Zoë Adams"))
        #expect(try fixture.ok("contact", "list", "--class", "Art").stdout.contains("No contacts in class 'Art'"))

        try fixture.ok("contact", "edit", "ADAM COLE", "--name", "Adam Cole", "--email", "adam@example.com", "--class", "CS 101", "--class", "ART 1")
        let edited = try #require((fixture.json("contact", "list") as? [[String: Any]])?.first)
        #expect(edited["id"] as? String == id && edited["name"] as? String == "Adam Cole")
        #expect(edited["email"] as? String == "adam@example.com" && edited["classes"] as? [String] == ["CS 101", "ART 1"])
        #expect(try fixture.ok("contact", "edit", "adam", "--email", "adam@example.com").stdout.contains("Nothing changed."))
        #expect(try fixture.ok("contact", "show", String(id.suffix(6))).stdout.contains("adam@example.com"))

        try fixture.refused("contact", "rm", "adam")
        try fixture.ok("contact", "rm", "adam", "--yes")
        #expect(try Self.names(fixture) == ["émile Brun", "Zoë Adams"])
        try fixture.base.expectClean()
    }

    @Test("a blank name, a bad email, a phone without digits, an unknown contact and an empty edit are refused; nothing is written")
    func refusals() throws {
        let fixture = try CalendarFixture()
        #expect(try fixture.refused("contact", "add", "  ").contains("the contact's name is empty"))
        #expect(try fixture.refused("contact", "add", "Ada", "--email", "ada@").contains("'ada@' is not an email address"))
        #expect(try fixture.refused("contact", "add", "Ada", "--phone", "call me").contains("'call me' is not a phone number: it has no digits"))
        #expect(try fixture.refused("contact", "edit", "nobody", "--email", "a@b.co").contains("no contact called 'nobody'"))
        try fixture.ok("contact", "add", "Ada", "--email", "ada@example.com")
        #expect(try fixture.refused("contact", "edit", "Ada").contains("say what to change"))
        #expect(try fixture.refused("contact", "edit", "Ada", "--email", "nope").contains("'nope' is not an email address"))
        #expect(try fixture.refused("contact", "call", "Ada", "--print").contains("Ada has no phone number"))
        #expect(try fixture.refused("contact", "text", "Ada", "--print").contains("Ada has no phone number"))
        try fixture.ok("contact", "add", "Bob")
        #expect(try fixture.refused("contact", "email", "Bob", "--print").contains("Bob has no email address"))
    }

    @Test("email, call and text build mailto:, tel: and sms: links, percent-encoded; --print only prints them")
    func links() throws {
        let fixture = try CalendarFixture()
        try fixture.ok("contact", "add", "Grace Hopper", "--email", "grace+cs@example.com", "--phone", "+1 (540) 555-0134")
        #expect(try fixture.ok("contact", "email", "grace", "--subject", "Lab 3 & notes", "--print").stdout
                == "mailto:grace%2Bcs@example.com?subject=Lab%203%20%26%20notes\n")
        #expect(try fixture.ok("contact", "call", "Grace Hopper", "--print").stdout == "tel:+15405550134\n")
        #expect(try fixture.ok("contact", "text", "hopper", "--body", "Running late", "--print").stdout == "sms:+15405550134?body=Running%20late\n")
        let json = try #require(fixture.json("contact", "call", "grace", "--print") as? [String: Any])
        #expect(json["link"] as? String == "tel:+15405550134" && json["opened"] as? Bool == false)
    }

    @Test("without --print the link goes to xdg-open; without xdg-open it is printed with a note")
    func opening() throws {
        let fixture = try CalendarFixture()
        try fixture.ok("contact", "add", "Grace", "--email", "grace@example.com")
        let bin = fixture.folder.child("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"$1\" >> \"\(fixture.folder.child("opened"))\"\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(bin + "/xdg-open", 0o755)
        fixture.base.cli.extraEnvironment["PATH"] = bin + ":/usr/bin:/bin"
        #expect(try fixture.ok("contact", "email", "grace").stdout == "Opened mailto:grace@example.com\n")
        #expect(try String(contentsOfFile: fixture.folder.child("opened"), encoding: .utf8) == "mailto:grace@example.com\n")
        try FileManager.default.removeItem(atPath: bin + "/xdg-open")
        // This machine may have a real xdg-open in /usr/bin: only the emptied folder is searched.
        fixture.base.cli.extraEnvironment["PATH"] = bin
        let output = try fixture.ok("contact", "email", "grace")
        #expect(output.stdout == "mailto:grace@example.com\n" && output.stderr.contains("xdg-open is not installed"))
    }

    @Test("import vcard: 3.0 and 4.0 cards become contacts; importing again changes nothing (HEAD stays)")
    func importTwice() throws {
        let fixture = try CalendarFixture()
        let path = try fixture.write("class.vcf", Self.vcard)
        let dry = try fixture.ok("import", "vcard", path, "--dry-run").stdout
        #expect(dry.contains("Would import vCard file class.vcf: 2 added") && dry.contains("Dry run: nothing was written."))
        let head0 = try fixture.head()
        #expect(try Self.names(fixture).isEmpty)
        #expect(try fixture.ok("import", "vcard", path).stdout.contains("2 added, 0 updated, 0 unchanged"))
        let head1 = try fixture.head()
        #expect(head1 != head0)
        let list = try #require(fixture.json("contact", "list") as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ["Ada Lovelace", "Grace Hopper"])
        #expect(list[0]["email"] as? String == "ada@example.com")
        #expect(list[1]["notes"] as? String == "Lab partner, Tuesdays" && list[1]["classes"] as? [String] == ["CS 3114"])
        #expect(list[1]["phone"] as? String == "+1 540 555 0134")

        let again = try fixture.ok("import", "vcard", path).stdout
        #expect(again.contains("0 added, 0 updated, 2 unchanged") && again.contains("Nothing changed."))
        #expect(try fixture.head() == head1)

        // A class added here survives a re-import; a changed card updates its contact, not a new one.
        try fixture.ok("contact", "edit", "grace", "--class", "CS 3114", "--class", "CS 2505")
        let newer = try fixture.write("class2.vcf", Self.vcard.replacingOccurrences(of: "+1 540 555 0134", with: "+1 540 555 9999"))
        #expect(try fixture.ok("import", "vcard", newer).stdout.contains("0 added, 1 updated, 1 unchanged"))
        let grace = try #require((fixture.json("contact", "list") as? [[String: Any]])?.last)
        #expect(grace["phone"] as? String == "+1 540 555 9999" && grace["classes"] as? [String] == ["CS 3114", "CS 2505"])
        #expect(try Self.names(fixture).count == 2)
    }

    @Test("a malformed vCard names the file and line and writes nothing; an invalid card refuses the file unless --skip-invalid")
    func malformed() throws {
        let fixture = try CalendarFixture()
        let notVCard = try fixture.write("notes.vcf", "FN:Ada\nEMAIL:ada@example.com\n")
        #expect(try fixture.refused("import", "vcard", notVCard).contains("notes.vcf, line 1: 'FN:Ada' is outside a card"))
        let unterminated = try fixture.write("cut.vcf", "BEGIN:VCARD\nFN:Ada\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Bob\n")
        #expect(try fixture.refused("import", "vcard", unterminated).contains("cut.vcf, line 4: the card that begins here never ends"))
        let empty = try fixture.write("empty.vcf", "\n")
        #expect(try fixture.refused("import", "vcard", empty).contains("empty.vcf: no BEGIN:VCARD"))
        #expect(try fixture.refused("import", "vcard", fixture.folder.child("missing.vcf")).contains("missing.vcf: cannot read the file"))

        let nameless = try fixture.write("nameless.vcf", "BEGIN:VCARD\nFN:Ada\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nEMAIL:x@example.com\nEND:VCARD\n")
        let message = try fixture.refused("import", "vcard", nameless)
        #expect(message.contains("nameless.vcf, line 4 (card): the card has no name (no FN or N)") && message.contains("--skip-invalid"))
        #expect(try Self.names(fixture).isEmpty)
        let skipped = try fixture.ok("import", "vcard", nameless, "--skip-invalid")
        #expect(skipped.stdout.contains("1 added, 0 updated, 0 unchanged, 1 skipped") && skipped.stderr.contains("line 4"))
        #expect(try Self.names(fixture) == ["Ada"])
    }

    @Test("export vcard: every email, phone and address with its types, to a file or standard output; importing it again changes nothing")
    func exportVCard() throws {
        let fixture = try CalendarFixture()
        try fixture.ok("contact", "add", "Émile Brun", "--email", "emile@example.com", "--class", "MATH 201")
        let path = try fixture.write("people.vcf", """
            BEGIN:VCARD\r
            VERSION:2.1\r
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=85ngstr=C3=B6m;Zo=C3=AB;;;\r
            FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB=20=C3=85ngstr=C3=B6m\r
            EMAIL;INTERNET;WORK:zoe@work.example\r
            EMAIL;INTERNET;HOME;PREF:zoe@home.example\r
            TEL;CELL:+46 8 555 0101\r
            TEL;WORK:+46 8 555 0102\r
            ADR;HOME:;;Storgatan 1;Stockholm;;111 43;Sverige\r
            END:VCARD\r

            """)
        #expect(try fixture.ok("import", "vcard", path).stdout.contains("1 added"))
        let shown = try fixture.ok("contact", "show", "zoe").stdout
        #expect(shown.contains("Email:   zoe@home.example") && shown.contains("zoe@work.example  (internet, work)"))
        #expect(shown.contains("+46 8 555 0102  (work)") && shown.contains("Address: Storgatan 1, Stockholm, 111 43, Sverige  (home)"))

        let head = try fixture.head()
        let printed = try fixture.ok("export", "vcard").stdout
        #expect(printed.components(separatedBy: "BEGIN:VCARD").count == 3)
        #expect(printed.contains("FN:Zoë Ångström\r\nN:Ångström;Zoë;;;\r\n"))
        #expect(printed.contains("EMAIL;TYPE=internet,home,pref:zoe@home.example\r\n") && printed.contains("TEL;TYPE=work:+46 8 555 0102\r\n"))
        #expect(printed.contains("ADR;TYPE=home:;;Storgatan 1;Stockholm;;111 43;Sverige\r\n") && printed.contains("CATEGORIES:MATH 201\r\n"))
        let file = fixture.folder.child("out.vcf")
        #expect(try fixture.ok("export", "vcard", file, "--class", "math 201").stdout.contains("Wrote 1 contacts"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("FN:Émile Brun"))
        try fixture.ok("export", "vcard", file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed)
        let again = try fixture.ok("import", "vcard", file).stdout
        #expect(again.contains("0 added, 0 updated, 2 unchanged"), "\(again)")
        #expect(try fixture.head() == head)
    }
}
