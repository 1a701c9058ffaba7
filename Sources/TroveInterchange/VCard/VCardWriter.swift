import Foundation
import TroveICal
import TroveKit

/// Writes contacts as vCard 3.0 (RFC 2426), the text `VCardReader` reads back to the same contacts.
///
/// 3.0 rather than 4.0: it is the version every address book reads (Apple Contacts, Google Contacts,
/// Android, Outlook, Thunderbird, Python's `vobject`), several still read 4.0 only in part, and 4.0 adds
/// nothing these fields need. Text is UTF-8, escaped (`\\`, `\;`, `\,`, `\n`) and folded at 75 octets.
/// A contact without a UID gets `urn:uuid:` and its record id, so importing the file again updates it.
public enum VCardWriter {
    public static func write(_ contacts: [Contact]) -> String {
        contacts.map(card).joined()
    }

    static func card(_ contact: Contact) -> String {
        let escape = ICalWriter.escape
        var lines = [
            VCardLine.written("BEGIN", "VCARD"),
            VCardLine.written("VERSION", "3.0"),
            VCardLine.written("PRODID", escape("-//Trove//Trove//EN")),
            VCardLine.written("UID", escape(contact.uid ?? "urn:uuid:\(contact.id)")),
            VCardLine.written("FN", escape(contact.name)),
            VCardLine.written("N", (contact.nameParts ?? ContactNameParts.guessed(from: contact.name)).parts.map(escape).joined(separator: ";")),
        ]
        for (name, values, preferred) in [("EMAIL", contact.emails, contact.email), ("TEL", contact.phones, contact.phone)] {
            for value in values {
                // The preferred one is marked only when there is a choice; the reader takes the first otherwise.
                let pref = values.count > 1 && value.value == preferred ? ["pref"] : []
                lines.append(VCardLine.written(name, parameters: [("TYPE", parameterValues(value.types + pref))], escape(value.value)))
            }
        }
        for address in contact.addresses {
            lines.append(VCardLine.written("ADR", parameters: [("TYPE", parameterValues(address.types))], address.parts.map(escape).joined(separator: ";")))
        }
        if let notes = contact.notes, !notes.isEmpty { lines.append(VCardLine.written("NOTE", escape(notes))) }
        if !contact.classes.isEmpty { lines.append(VCardLine.written("CATEGORIES", contact.classes.map(escape).joined(separator: ","))) }
        lines.append(VCardLine.written("END", "VCARD"))
        return lines.joined()
    }

    /// Parameter values as 3.0 allows them: without control characters or `"` (the reader leaves such types out,
    /// but a record may be edited by hand), quoted when they hold `:`, `;` or `,`.
    static func parameterValues(_ values: [String]) -> [String] {
        values.map { value in
            let clean = String(value.unicodeScalars.filter { $0 != "\"" && !VCardLine.controlCharacters.contains($0) }.map(Character.init))
            return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
        }.filter { !$0.isEmpty }
    }
}
