import Foundation
import Testing
@testable import TroveInterchange

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
                                     categories: ["CS 3114", "Study group, Fall"]))
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

    @Test("a file on disk: a missing file and a file that is not UTF-8 are named")
    func files() throws {
        #expect(throws: VCardError(file: "missing.vcf", line: nil, reason: "cannot read the file")) {
            try VCardReader.read(contentsOf: "/nonexistent/missing.vcf")
        }
        let path = NSTemporaryDirectory() + "/latin1-\(UUID().uuidString).vcf"
        try Data([0x46, 0x4E, 0x3A, 0xE9, 0xFF]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: VCardError.self) { try VCardReader.read(contentsOf: path) }
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
