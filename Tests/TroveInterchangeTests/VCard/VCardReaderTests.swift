import Foundation
import Testing
@testable import TroveInterchange
import TroveKit

/// The vCard reader: 3.0 and 4.0 cards, folding, parameters, escapes, and malformed files named by line.
@Suite("vCard reader")
struct VCardReaderTests {
    /// Lines joined with CRLF, as the RFCs write them.
    static func crlf(_ lines: String...) -> String { lines.joined(separator: "\r\n") + "\r\n" }

    @Test("a vCard 3.0 card: FN, the pref EMAIL, TEL, UID, NOTE with escapes, CATEGORIES, folded lines")
    func version3() throws {
        let text = Self.crlf(
            "BEGIN:VCARD", "VERSION:3.0", "N:Hopper;Grace;Brewster;Rear Admiral;", "FN:Grace Hopper",
            "EMAIL;TYPE=INTERNET:old@example.com", "EMAIL;TYPE=INTERNET,pref:grace@exam", " ple.com",
            "TEL;TYPE=CELL:+1 540 555 0134", "TEL;TYPE=WORK:+1 540 555 9999",
            "NOTE:Lab partner\\, Tuesdays\\; bring\\ncoffee \\\\ tea", "CATEGORIES:CS 3114,Study group\\, Fall",
            "UID:urn:uuid:5f1c2b8e-1111", "END:VCARD")
        let file = try VCardReader.read(text, file: "class.vcf")
        #expect(file.invalid.isEmpty && file.warnings.isEmpty)
        let card = try #require(file.contacts.first)
        #expect(card == VCardContact(line: 1, version: "3.0", name: "Grace Hopper", email: "grace@example.com", phone: "+1 540 555 0134",
                                     uid: "urn:uuid:5f1c2b8e-1111", notes: "Lab partner, Tuesdays; bring\ncoffee \\ tea",
                                     categories: ["CS 3114", "Study group, Fall"],
                                     emails: [ContactValue("old@example.com", types: ["internet"]), ContactValue("grace@example.com", types: ["internet"])],
                                     phones: [ContactValue("+1 540 555 0134", types: ["cell"]), ContactValue("+1 540 555 9999", types: ["work"])],
                                     nameParts: ContactNameParts(parts: ["Hopper", "Grace", "Brewster", "Rear Admiral", ""])))
    }

    @Test("a vCard 4.0 card: N when there is no FN, PREF=1, tel: URIs, groups, quoted parameters, a tab fold and LF endings")
    func version4() throws {
        let text = """
            BEGIN:VCARD
            VERSION:4.0
            N:Lovelace;Ada;;Lady;
            item1.EMAIL;TYPE="work,internet":ada@work.example
            EMAIL;PREF=1;LABEL="Home: London":ada@
            \thome.example
            TEL;VALUE=uri;PREF=2:tel:+44-20-555-0001
            TEL;VALUE=uri;PREF=1;TYPE="voice,cell":tel:+44-20-555-0002
            CATEGORIES:MATH201
            CATEGORIES:CS 101
            END:VCARD
            """
        let file = try VCardReader.read(text, file: "ada.vcf")
        let card = try #require(file.contacts.first)
        #expect(card.name == "Lady Ada Lovelace")
        #expect(card.email == "ada@home.example")
        #expect(card.phone == "+44-20-555-0002")
        #expect(card.categories == ["MATH201", "CS 101"])
        #expect(card.uid == nil && card.version == "4.0")
        // 4.0's quoted list of types is two types, not one "work,internet".
        #expect(card.emails == [ContactValue("ada@work.example", types: ["work", "internet"]), ContactValue("ada@home.example")])
        #expect(card.phones == [ContactValue("+44-20-555-0001"), ContactValue("+44-20-555-0002", types: ["voice", "cell"])])
    }

    @Test("a vCard 2.1 card from a phone: quoted-printable UTF-8 with soft line breaks, bare types and PREF, ADR's seven parts")
    func version21() throws {
        let text = Self.crlf(
            "BEGIN:VCARD", "VERSION:2.1",
            "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E6=B8=A1=E8=BE=BA;=E5=81=A5;;;",
            "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E6=B8=A1=E8=BE=BA=20=E5=",
            "=81=A5",
            "TEL;CELL:+81 3 5555 0100", "TEL;WORK;PREF:+81 3 5555 0101", "TEL;HOME;VOICE:+81 3 5555 0102",
            "EMAIL;INTERNET:ken@example.jp",
            "ADR;HOME;QUOTED-PRINTABLE;CHARSET=UTF-8:PO 1;Apt 2;=E5=8D=83=E4=BB=A3=E7=94=B01-1;=E5=8D=83=E4=BB=A3=E7=94=B0=",
            "=E5=8C=BA;=E6=9D=B1=E4=BA=AC=E9=83=BD;100-0001;=E6=97=A5=E6=9C=AC",
            "NOTE;ENCODING=QUOTED-PRINTABLE:two=0D=0Alines, 100=3D100 and =ZZ left",
            "END:VCARD")
        let file = try VCardReader.read(text, file: "phone.vcf")
        #expect(file.invalid.isEmpty && file.warnings.isEmpty, "\(file.invalid) \(file.warnings)")
        let card = try #require(file.contacts.first)
        #expect(card.name == "渡辺 健")
        #expect(card.nameParts == ContactNameParts(parts: ["渡辺", "健"]))
        #expect(card.phone == "+81 3 5555 0101", "the PREF one, not the first")
        #expect(card.phones.map(\.types) == [["cell"], ["work"], ["home", "voice"]])
        #expect(card.emails == [ContactValue("ken@example.jp", types: ["internet"])])
        #expect(card.addresses == [ContactAddress(parts: ["PO 1", "Apt 2", "千代田1-1", "千代田区", "東京都", "100-0001", "日本"], types: ["home"])])
        #expect(card.notes == "two\nlines, 100=100 and =ZZ left")
    }

    @Test("2.1 in ISO-8859-1: quoted-printable with CHARSET, and 8-bit bytes in a file that is not UTF-8; an unknown CHARSET is named")
    func latin1() throws {
        let text = Self.crlf(
            "BEGIN:VCARD", "VERSION:2.1", "FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Fran=E7oise=20M=FCller",
            "NOTE;CHARSET=KOI8-Q;ENCODING=QUOTED-PRINTABLE:abc", "END:VCARD")
        let file = try VCardReader.read(text, file: "latin.vcf")
        #expect(file.contacts.map(\.name) == ["Françoise Müller"])
        #expect(file.warnings == ["latin.vcf, line 1 (card \"Françoise Müller\"): CHARSET=koi8-q of line 4 is not known; read as UTF-8"])

        let path = NSTemporaryDirectory() + "/latin1-\(UUID().uuidString).vcf"
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-8859-1:Ren".utf8) + [0xE9] + Array("e\r\nNOTE:d".utf8)
        bytes += Array("é\r\nEND:VCARD\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let onDisk = try VCardReader.read(contentsOf: path)
        #expect(onDisk.contacts.first?.name == "Renée")
        #expect(onDisk.contacts.first?.notes == "dé", "a UTF-8 line of the same file stays UTF-8")
        #expect(onDisk.warnings.count == 1)
    }

    @Test("hostile quoted-printable: a soft line break at the end of the file, before END:VCARD, and a lone '='")
    func hostileQuotedPrintable() throws {
        #expect(throws: VCardError(file: "qp.vcf", line: 1, reason: "the card that begins here never ends (END:VCARD missing)")) {
            try VCardReader.read("BEGIN:VCARD\nFN;QUOTED-PRINTABLE:a=\nEND:VCARD\n", file: "qp.vcf")
        }
        #expect(throws: VCardError.self) { try VCardReader.read("BEGIN:VCARD\nFN;QUOTED-PRINTABLE:a=", file: "qp.vcf") }
        let card = try #require(try VCardReader.read("BEGIN:VCARD\nFN;QUOTED-PRINTABLE:=\n\nEND:VCARD\nBEGIN:VCARD\nFN;ENCODING=QUOTED-PRINTABLE:x=E\nEND:VCARD\n").contacts.last)
        #expect(card.name == "x=E")
    }

    @Test("several cards, blank lines and a byte-order mark; the first EMAIL when none is preferred; lines numbered")
    func severalCards() throws {
        let text = "\u{FEFF}BEGIN:VCARD\nVERSION:3.0\nFN:A\nEMAIL:first@example.com\nEMAIL:second@example.com\nEND:VCARD\n\n"
            + "BEGIN:vcard\nVERSION:4.0\nFN:B\nEND:vcard\n"
        let file = try VCardReader.read(text)
        #expect(file.contacts.map(\.name) == ["A", "B"])
        #expect(file.contacts.map(\.line) == [1, 8])
        #expect(file.contacts[0].email == "first@example.com")
    }

    @Test("unfolding keeps the number of the line a property starts on")
    func unfolding() throws {
        let lines = VCardLine.unfold("BEGIN:VCARD\r\nNOTE:a\r\n  b\r\n\tc\r\nEND:VCARD\r\n")
        try #require(lines.map(\.number) == [1, 2, 5])
        #expect(lines[1].text == "NOTE:a bc")
        #expect(VCardLine.unfold("A:1\nB:2\r\nC:3").map(\.number) == [1, 2, 3], "LF and CRLF mixed")
        // A fold just before a combining mark (the writer folds by length): the space and the mark are one
        // Character, but the line is still a continuation (found by fuzz-vcard).
        let combining = VCardLine.unfold("BEGIN:VCARD\r\nFN:Ame\r\n \u{33A}lie\r\nEND:VCARD\r\n")
        #expect(combining.count == 3)
        #expect(combining[1].text == "FN:Ame\u{33A}lie")
    }

    @Test("parameters: names upper-cased, values split on commas, quotes kept around colons; bare 2.1 types")
    func parameters() throws {
        let line = try #require(VCardLine(number: 3, text: "tel;type=WORK,voice;x-label=\"a:b;c\";CELL:+1 555"))
        #expect(line.name == "TEL" && line.value == "+1 555")
        #expect(line.parameter("TYPE") == ["work", "voice", "cell"])
        #expect(line.parameters["X-LABEL"] == ["a:b;c"])
        #expect(VCardLine(number: 1, text: "no colon here") == nil)
    }

    @Test("a card without a name, or with a bad email or phone, is invalid (named by its line) and the others are read")
    func invalidCards() throws {
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            EMAIL:nobody@example.com
            END:VCARD
            BEGIN:VCARD
            FN:Bad Email
            EMAIL:not-an-email
            END:VCARD
            BEGIN:VCARD
            FN:Bad Phone
            TEL:call me
            END:VCARD
            BEGIN:VCARD
            FN:Good
            END:VCARD
            """
        let file = try VCardReader.read(text, file: "mixed.vcf")
        #expect(file.contacts.map(\.name) == ["Good"])
        #expect(file.invalid.map(\.line) == [1, 5, 9])
        #expect(file.invalid[0].description == "mixed.vcf, line 1 (card): the card has no name (no FN or N)")
        #expect(file.invalid[1].description.hasPrefix("mixed.vcf, line 5 (card \"Bad Email\"): 'not-an-email' is not an email address"))
        #expect(file.invalid[2].description.contains("no digits"))
    }

    @Test("a bad email or phone that is not the preferred one is left out with a warning naming the card and line")
    func badSecondaryValues() throws {
        let text = "BEGIN:VCARD\nFN:Ada\nEMAIL;PREF=1:ada@example.com\nEMAIL:ada@\nTEL:+1 555 0100\nTEL:none\nEND:VCARD\n"
        let file = try VCardReader.read(text, file: "ada.vcf")
        let card = try #require(file.contacts.first)
        #expect(card.emails == [ContactValue("ada@example.com")] && card.phones == [ContactValue("+1 555 0100")])
        #expect(file.warnings == ["ada.vcf, line 1 (card \"Ada\"): line 4 left out: 'ada@' is not an email address: write it like name@example.com",
                                  "ada.vcf, line 1 (card \"Ada\"): line 6 left out: 'none' is not a phone number: it has no digits"])
    }

    @Test("malformed files are refused with the file and the line")
    func malformed() {
        func failure(_ text: String) -> String {
            do {
                _ = try VCardReader.read(text, file: "bad.vcf")
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(failure("") == "bad.vcf: no BEGIN:VCARD: this is not a vCard file")
        #expect(failure("FN:Ada\nEND:VCARD\n") == "bad.vcf, line 1: 'FN:Ada' is outside a card: a vCard file is BEGIN:VCARD … END:VCARD")
        #expect(failure("hello world\n") == "bad.vcf, line 1: 'hello world' is not a vCard line (NAME:value)")
        #expect(failure("BEGIN:VCARD\nFN:Ada\nEND:VCARD\nBEGIN:VCARD\nFN:Bob\n")
                == "bad.vcf, line 4: the card that begins here never ends (END:VCARD missing)")
        #expect(failure("BEGIN:VCARD\nFN:Ada\nBEGIN:VCARD\nFN:Bob\nEND:VCARD\n")
                == "bad.vcf, line 3: a card begins before the card of line 1 ends (END:VCARD missing)")
        #expect(failure("BEGIN:VCARD\nFN:Ada\nEND:VCARD\n\nEND:VCARD\n") == "bad.vcf, line 5: END:VCARD without a BEGIN:VCARD before it")
    }

    @Test("a file on disk: a missing file is named; bytes that are not UTF-8 outside a card are refused with their line")
    func files() throws {
        #expect(throws: VCardError(file: "missing.vcf", line: nil, reason: "cannot read the file")) {
            try VCardReader.read(contentsOf: "/nonexistent/missing.vcf")
        }
        let path = NSTemporaryDirectory() + "/latin1-\(UUID().uuidString).vcf"
        try Data([0x46, 0x4E, 0x3A, 0xE9, 0xFF]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: VCardError(file: (path as NSString).lastPathComponent, line: 1, reason: "'FN:éÿ' is outside a card: a vCard file is BEGIN:VCARD … END:VCARD")) {
            try VCardReader.read(contentsOf: path)
        }
    }

    @Test("20,000 EMAIL, TEL and ADR lines in one card are each read once, in a linear time", .timeLimit(.minutes(1)))
    func manyValues() throws {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Many"]
        for number in 0..<20_000 {
            lines += ["EMAIL;TYPE=work:p\(number)@example.com", "TEL:+1 555 \(number)", "ADR:;;\(number) Main St;Town;;;"]
        }
        // Each once more, with another type: the types join, nothing repeats.
        lines += ["EMAIL;TYPE=home:p7@example.com", "ADR:;;7 Main St;Town;;;", "END:VCARD"]
        let card = try #require(try VCardReader.read(lines.joined(separator: "\n")).contacts.first)
        #expect(card.emails.count == 20_000 && card.phones.count == 20_000 && card.addresses.count == 20_000)
        #expect(card.emails[7] == ContactValue("p7@example.com", types: ["work", "home"]))
    }

    /// Issue 26: each category was compared with every one kept before it, so 20,000 took minutes. The limit
    /// is only a guard against a hang, far above what a linear reading takes; the checks are on what is read.
    @Test("20,000 CATEGORIES values, folded over lines: every one kept in order, repeats (case, accents) left out once",
          .timeLimit(.minutes(1)))
    func manyCategories() throws {
        let names = (0..<20_000).map { "Group \($0)" }
        // Repeats of earlier names in another case or with an accent, between the new ones.
        let values = names.enumerated().flatMap { index, name in index % 1000 == 999 ? [name, "GRÓUP \(index - 500)"] : [name] }
        let line = "CATEGORIES:" + values.joined(separator: ",")
        // Folded at 75 characters, as writers do.
        var folded: [String] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            folded.append((folded.isEmpty ? "" : " ") + rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        let text = (["BEGIN:VCARD", "VERSION:4.0", "FN:Many Groups"] + folded + ["END:VCARD"]).joined(separator: "\r\n")
        let file = try VCardReader.read(text, file: "groups.vcf")
        #expect(file.invalid.isEmpty)
        let card = try #require(file.contacts.first)
        #expect(card.categories.count == 20_000)
        #expect(card.categories == names)
    }
}
