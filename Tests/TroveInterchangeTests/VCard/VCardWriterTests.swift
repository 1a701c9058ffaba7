import Foundation
import Testing
@testable import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// `trove export vcard`'s writer: 3.0, escapes, folding at 75 octets, and a store imported, exported and imported again.
@Suite("vCard writer")
struct VCardWriterTests {
    @Test("lines fold at 75 octets without cutting a UTF-8 character; unfolded they are the line again")
    func folding() throws {
        let value = String(repeating: "渡辺健 Zoë, ", count: 40)
        let written = VCardLine.written("NOTE", parameters: [("TYPE", ["work"])], value)
        #expect(written.hasSuffix("\r\n"))
        let physical = written.dropLast(2).components(separatedBy: "\r\n")
        #expect(physical.count > 5)
        for line in physical { #expect(line.utf8.count <= 75, "\(line.utf8.count) octets: \(line)") }
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(VCardLine.unfold(written).map(\.text) == ["NOTE;TYPE=work:" + value])
        #expect(VCardLine.written("FN", "Ada") == "FN:Ada\r\n")
    }

    @Test("text with , ; \\ and new lines, and types that need quotes, read back as they were")
    func escaping() throws {
        let folder = TemporaryFolder("trove-vcard-writer")
        let store = try Store.create(at: folder.child("store"))
        let text = """
            BEGIN:VCARD
            VERSION:4.0
            FN:O'Brien\\, Seán; Jr.
            N:O'Brien;Seán;;;Jr.
            EMAIL;TYPE="a:b",home:sean@example.ie
            ADR;TYPE=work:;;1 Main St\\, Unit 4;Dublin;;D01\\;X;Éire
            NOTE:back\\\\slash\\nnew line
            CATEGORIES:A\\,B,C
            END:VCARD
            """
        let file = try VCardReader.read(text)
        _ = try VCardImport(store: store).run(file, path: "in.vcf")
        let contacts = try ContactBook(store: store).all()
        let written = VCardWriter.write(contacts)
        #expect(written.contains("FN:O'Brien\\, Seán\\; Jr.\r\n"))
        #expect(written.contains("EMAIL;TYPE=\"a:b\",home:sean@example.ie\r\n"))
        #expect(written.contains("ADR;TYPE=work:;;1 Main St\\, Unit 4;Dublin;;D01\\;X;Éire\r\n"))
        #expect(written.contains("NOTE:back\\\\slash\\nnew line\r\n"))
        #expect(written.contains("CATEGORIES:A\\,B,C\r\n"))
        #expect(written.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
        let again = try VCardReader.read(written)
        let card = try #require(again.contacts.first)
        #expect(card.name == "O'Brien, Seán; Jr.")
        #expect(card.nameParts == ContactNameParts(parts: ["O'Brien", "Seán", "", "", "Jr."]))
        #expect(card.emails == [ContactValue("sean@example.ie", types: ["a:b", "home"])])
        #expect(card.addresses == [ContactAddress(parts: ["", "", "1 Main St, Unit 4", "Dublin", "", "D01;X", "Éire"], types: ["work"])])
        #expect(card.notes == "back\\slash\nnew line")
        #expect(card.categories == ["A,B", "C"])
    }

    /// Found by fuzz-vcard: a type that merely contains "quoted-printable" made the reader take a folded line
    /// ending in `=` for a quoted-printable soft break, losing the `=` and keeping the fold's space.
    @Test("a long address whose type contains the word quoted-printable reads back as it was written")
    func typeNamingAnEncoding() throws {
        let literal = "=E5=8D=83=E4=BB=A3=E7=94=B01-1;=E5=8D=83=E4=BB=A3=E7=94=B0=E5=8C=BA;=E6=9D=B1=E4=BA=AC=E9=83=BD"
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoe\r\nADR;TYPE=home,charsetquoted-printable:;;\(literal);100-0001;Japan\r\nEND:VCARD\r\n"
        let card = try #require(try VCardReader.read(text).contacts.first)
        #expect(card.addresses.first?.types == ["home", "charsetquoted-printable"])
        var fields = VCardImport.fields(card)
        fields["id"] = "00000000-0000-7000-8000-000000000000"
        fields["type"] = "contact"
        let contact = try #require(Contact(Record(.object(fields))))
        let written = VCardWriter.write([contact])
        #expect(written.contains("=\r\n "), "the test needs a fold right after an '=': \(written)")
        let again = try #require(try VCardReader.read(written).contacts.first)
        #expect(again.addresses == card.addresses)
        // A line that does say quoted-printable still continues after a final '='.
        let encoded = try VCardReader.read("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;ENCODING=QUOTED-PRINTABLE:Zo=\r\n=C3=AB\r\nEND:VCARD\r\n")
        #expect(encoded.contacts.first?.name == "Zoë")
    }

    @Test("contacts made with `contact add` (no UID, no lists) export and import again into the same records, unchanged")
    func roundTripOfAddedContacts() throws {
        let folder = TemporaryFolder("trove-vcard-added")
        let store = try Store.create(at: folder.child("store"))
        let book = ContactBook(store: store)
        _ = try book.add(ContactBook.Changes(name: "Grace Hopper", email: "grace@example.com", phone: "+1 540 555 0134", classes: ["CS 3114"], notes: "Lab"))
        _ = try book.add(ContactBook.Changes(name: "Plato"))
        let before = try store.records(ofType: "contact").sorted { $0.id < $1.id }
        let written = VCardWriter.write(try book.all())
        #expect(written.contains("N:Hopper;Grace;;;\r\n") && written.contains("N:Plato;;;;\r\n"))
        #expect(written.contains("EMAIL:grace@example.com\r\n"), "one email: no TYPE=pref")
        let report = try VCardImport(store: store).run(try VCardReader.read(written), path: "out.vcf")
        #expect(report.added == 0 && report.updated == 0 && report.unchanged == 2, "\(report)")
        #expect(try store.records(ofType: "contact").sorted { $0.id < $1.id }.map(\.value) == before.map(\.value))
    }

    @Test("the preferred email and phone are marked pref when there is a choice, and stay preferred after a round trip")
    func preferred() throws {
        let folder = TemporaryFolder("trove-vcard-pref")
        let store = try Store.create(at: folder.child("store"))
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Ada\nUID:ada\nEMAIL:a@example.com\nEMAIL;TYPE=home,pref:b@example.com\nTEL:+1 555 0001\nTEL;PREF=1:+1 555 0002\nEND:VCARD\n"
        _ = try VCardImport(store: store).run(try VCardReader.read(text), path: "in.vcf")
        let written = VCardWriter.write(try ContactBook(store: store).all())
        #expect(written.contains("EMAIL;TYPE=home,pref:b@example.com\r\n") && written.contains("EMAIL:a@example.com\r\n"))
        #expect(written.contains("TEL;TYPE=pref:+1 555 0002\r\n"))
        let card = try #require(try VCardReader.read(written).contacts.first)
        #expect(card.email == "b@example.com" && card.phone == "+1 555 0002")
    }
}
