import FuzzSupport
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore

/// The vCard reader (contact import): any text gives contacts and problems or a `VCardError`, never a crash.
/// And every contact read, stored as the import stores it and written by `trove export vcard`, reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let file = try? VCardReader.read(text(fuzzInput(data, size)), file: "fuzz.vcf") else { return 0 }
    for card in file.contacts {
        var fields = VCardImport.fields(card)
        fields["id"] = .string("00000000-0000-7000-8000-000000000000")
        fields["type"] = .string("contact")
        fields["groups"] = .array(card.categories.map { .string($0) })
        guard let contact = Contact(Record(.object(fields))) else { return 0 }
        let written = VCardWriter.write([contact])
        let again: VCardContact
        do {
            let read = try VCardReader.read(written, file: "export.vcf")
            require(read.contacts.count == 1, "the export of one contact read as \(read.contacts.count): \(escaped(written))")
            again = read.contacts[0]
        } catch {
            require(false, "the export of \(escaped(card.name)) is refused: \(error)\n\(escaped(written))")
            return 0
        }
        func parts(_ card: VCardContact) -> [String] {
            (card.nameParts.flatMap { $0.parts.contains { !$0.isEmpty } ? $0 : nil } ?? ContactNameParts.guessed(from: card.name)).parts
        }
        require(again.name == card.name && parts(again) == parts(card), "the name changed: \(escaped(card.name)) \(parts(card).map(escaped)) → \(escaped(again.name)) \(parts(again).map(escaped))")
        require(again.emails == card.emails && again.email == card.email, "the emails changed: \(escaped("\(card.emails) \(card.email ?? "-")")) → \(escaped("\(again.emails) \(again.email ?? "-")"))")
        require(again.phones == card.phones && again.phone == card.phone, "the phones changed: \(escaped("\(card.phones) \(card.phone ?? "-")")) → \(escaped("\(again.phones) \(again.phone ?? "-")"))")
        require(again.addresses == card.addresses, "the addresses changed: \(card.addresses) → \(again.addresses)")
        require(again.notes == card.notes, "the notes changed: \(escaped(card.notes ?? "")) → \(escaped(again.notes ?? ""))")
        require(again.categories == card.categories, "the classes changed: \(card.categories) → \(again.categories)")
        require(again.uid == (card.uid ?? "urn:uuid:00000000-0000-7000-8000-000000000000"), "the UID changed")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzVCard) } }
