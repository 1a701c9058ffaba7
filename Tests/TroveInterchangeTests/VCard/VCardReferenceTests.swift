import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// Trove's vCards against `vobject` (PyPI), field for field, in and out.
///
/// `Reference/vcards.py write` makes a 2.1, a 3.0 and a 4.0 file of the same people (3.0 serialized by vobject, 2.1
/// and 4.0 by hand, as vobject writes only 3.0, and parsed back by it): three emails, three phones and two
/// addresses with types, names in Swedish and Japanese, 2.1's quoted-printable in UTF-8 and ISO-8859-1 with soft
/// line breaks. Each file is imported; every contact must have what vobject reads in its card. Then the store is
/// exported as `trove export vcard` writes it, vobject must read the same fields back, and importing the export
/// must change nothing.
@Suite("vCards against vobject", .enabled(if: ReferencePython.isAvailable, "python3 is not on PATH (CI has it; tools/setup installs it)"))
struct VCardReferenceTests {
    static let folder = StoreAudit.packageRoot + "/Tests/TroveInterchangeTests/VCard/Reference"

    /// How vobject reads each file at `paths`, by file name.
    static func reference(_ paths: [String]) throws -> JSONValue {
        let output = try ReferencePython.run(["vcards.py", "read"] + paths, in: folder)
        return try JSONValue(parsing: String(decoding: output, as: UTF8.self))
    }

    /// What is wrong with `contact` against the card vobject read (`nil` for nothing); `exported` allows a UID made up.
    static func differences(_ contact: Contact, _ card: JSONValue, exported: Bool = false) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) {
            if ours != theirs { found.append("\(contact.name): \(what) is \(ours), vobject reads \(theirs)") }
        }
        func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
        func values(_ value: JSONValue?) -> [String] {
            (value?.arrayValue ?? []).map { "\($0["value"]?.stringValue ?? "") \(strings($0["types"]))" }
        }
        compare("the name", contact.name, card["fn"]?.stringValue ?? "")
        compare("N", (contact.nameParts ?? ContactNameParts.guessed(from: contact.name)).parts, strings(card["n"]))
        compare("the emails", contact.emails.map { "\($0.value) \($0.types)" }, values(card["emails"]))
        compare("the phones", contact.phones.map { "\($0.value) \($0.types)" }, values(card["tels"]))
        compare("the preferred email", contact.email, card["email"]?.stringValue)
        compare("the preferred phone", contact.phone, card["tel"]?.stringValue)
        compare("the addresses", contact.addresses.map { "\($0.parts) \($0.types)" },
                (card["adrs"]?.arrayValue ?? []).map { "\(strings($0["parts"])) \(strings($0["types"]))" })
        compare("the notes", contact.notes, card["note"]?.stringValue)
        compare("the classes", contact.classes, strings(card["categories"]))
        if !exported || contact.uid != nil { compare("the UID", contact.uid, card["uid"]?.stringValue) }
        return found
    }

    @Test("2.1, 3.0 and 4.0 cards import field for field as vobject reads them, export readable by vobject, and import again unchanged")
    func sameFields() throws {
        let folder = TemporaryFolder("trove-vcard-reference")
        try ReferencePython.run(["vcards.py", "write", folder.child("cards")], in: Self.folder)
        let names = ["v21.vcf", "v30.vcf", "v40.vcf"]
        let reference = try Self.reference(names.map { folder.child("cards/\($0)") })
        for name in names {
            let cards = try #require(reference[name]?.arrayValue, "vobject read nothing of \(name)")
            #expect(cards.count >= 2)
            let store = try Store.create(at: folder.child("store-\(name)"))
            let path = folder.child("cards/\(name)")
            let file = try VCardReader.read(contentsOf: path)
            #expect(file.invalid.isEmpty && file.warnings.isEmpty, "\(name): \(file.invalid) \(file.warnings)")
            let report = try VCardImport(store: store).run(file, path: path)
            #expect(report.added == cards.count, "\(name): \(report)")

            let contacts = try ContactBook(store: store).all()
            var differences: [String] = []
            for card in cards {
                guard let contact = contacts.first(where: { $0.uid == card["uid"]?.stringValue }) else {
                    differences.append("\(name): no contact for UID \(card["uid"]?.stringValue ?? "-")")
                    continue
                }
                differences += Self.differences(contact, card).map { "\(name): \($0)" }
            }
            #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")

            // Out as `trove export vcard` writes it, read by vobject, and in again.
            let exported = folder.child("export-\(name)")
            try VCardWriter.write(contacts).write(toFile: exported, atomically: true, encoding: .utf8)
            let back = try #require(try Self.reference([exported])["export-\(name)"]?.arrayValue)
            #expect(back.count == contacts.count)
            var exportDifferences: [String] = []
            for (contact, card) in zip(contacts, back) {
                exportDifferences += Self.differences(contact, card, exported: true).map { "export of \(name): \($0)" }
                #expect(card["version"]?.stringValue == "3.0")
            }
            #expect(exportDifferences.isEmpty, "\(exportDifferences.joined(separator: "\n"))")
            let again = try VCardImport(store: store).run(try VCardReader.read(contentsOf: exported), path: exported)
            #expect(again.added == 0 && again.updated == 0 && again.unchanged == contacts.count, "\(name), imported again: \(again)")
            #expect(try ContactBook(store: store).all() == contacts)
        }
    }

    @Test("2.1 quoted-printable names in UTF-8 and ISO-8859-1 decode as vobject decodes them")
    func quotedPrintableNames() throws {
        let folder = TemporaryFolder("trove-vcard-qp")
        try ReferencePython.run(["vcards.py", "write", folder.child("cards")], in: Self.folder)
        let path = folder.child("cards/v21.vcf")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The file is what it should be: the names only as quoted-printable bytes, so nothing reads them by luck.
        #expect(text.contains("FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Fran=E7oise=20M=FCller"))
        #expect(text.contains("FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB=20=C3=85ngstr=C3=B6m"))
        #expect(!text.contains("Zoë") && !text.contains("渡辺"))
        let names = try VCardReader.read(contentsOf: path).contacts.map(\.name)
        let theirs = try #require(try Self.reference([path])["v21.vcf"]?.arrayValue).compactMap { $0["fn"]?.stringValue }
        #expect(names == ["Zoë Ångström", "渡辺 健", "Françoise Müller"])
        #expect(names == theirs)
    }
}
