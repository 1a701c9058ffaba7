import Foundation
import TroveKit

/// Reads vCard 3.0 and 4.0 files (RFC 2426, RFC 6350) into contacts, by hand: no Swift library at hand reads vCard.
///
/// The file's shape must be right (every card between BEGIN:VCARD and END:VCARD, nothing outside),
/// or the whole file is refused with its line. A card that is well formed but unusable (no FN or N,
/// an email that is not one) becomes a `VCardProblem`, so an import can offer `--skip-invalid`.
/// Read: FN (else N), EMAIL and TEL (the preferred one, else the first), UID, NOTE, CATEGORIES.
public enum VCardReader {
    /// Reads the file at `path`; errors name the file.
    public static func read(contentsOf path: String) throws(VCardError) -> VCardFile {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VCardError(file: name, line: nil, reason: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw VCardError(file: name, line: nil, reason: "not UTF-8 text; save the file as UTF-8")
        }
        return try read(text, file: name)
    }

    /// Reads vCard text; `file` names it in errors.
    public static func read(_ text: String, file: String? = nil) throws(VCardError) -> VCardFile {
        var result = VCardFile()
        var card: [VCardLine]?
        var begin = 0
        for (number, raw) in VCardLine.unfold(text) {
            guard let line = VCardLine(number: number, text: raw) else {
                throw VCardError(file: file, line: number, reason: "'\(raw.prefix(40))' is not a vCard line (NAME:value)")
            }
            let isBegin = line.name == "BEGIN" && line.value.trimmingCharacters(in: .whitespaces).uppercased() == "VCARD"
            let isEnd = line.name == "END" && line.value.trimmingCharacters(in: .whitespaces).uppercased() == "VCARD"
            if isBegin {
                if card != nil {
                    throw VCardError(file: file, line: number, reason: "a card begins before the card of line \(begin) ends (END:VCARD missing)")
                }
                card = []
                begin = number
            } else if isEnd {
                guard let lines = card else {
                    throw VCardError(file: file, line: number, reason: "END:VCARD without a BEGIN:VCARD before it")
                }
                switch contact(from: lines, begin: begin, file: file) {
                case .success(let (contact, warnings)):
                    result.contacts.append(contact)
                    result.warnings += warnings
                case .failure(let problem):
                    result.invalid.append(problem)
                }
                card = nil
            } else if card != nil {
                card!.append(line)
            } else {
                throw VCardError(file: file, line: number, reason: "'\(raw.prefix(40))' is outside a card: a vCard file is BEGIN:VCARD … END:VCARD")
            }
        }
        if card != nil {
            throw VCardError(file: file, line: begin, reason: "the card that begins here never ends (END:VCARD missing)")
        }
        if result.contacts.isEmpty && result.invalid.isEmpty {
            throw VCardError(file: file, line: nil, reason: "no BEGIN:VCARD: this is not a vCard file")
        }
        return result
    }

    /// The contact a card's lines describe, with warnings, or what is wrong with it.
    static func contact(from lines: [VCardLine], begin: Int, file: String?) -> Result<(VCardContact, [String]), VCardProblem> {
        let version = lines.first { $0.name == "VERSION" }?.text.trimmingCharacters(in: .whitespaces)
        let formatted = lines.first { $0.name == "FN" }?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = formatted.flatMap { $0.isEmpty ? nil : $0 } ?? lines.first { $0.name == "N" }.map(structuredName)
        guard let name, !name.isEmpty else {
            return .failure(VCardProblem(file: file, line: begin, name: nil, message: "the card has no name (no FN or N)"))
        }
        func problem(_ message: String) -> Result<(VCardContact, [String]), VCardProblem> {
            .failure(VCardProblem(file: file, line: begin, name: name, message: message))
        }
        var warnings: [String] = []
        let place = [file, "line \(begin)"].compactMap { $0 }.joined(separator: ", ") + " (card \"\(name)\")"
        if let version, !["3.0", "4.0", "2.1"].contains(version) {
            warnings.append("\(place): VERSION \(version) is not 3.0 or 4.0; read as 4.0")
        }
        if lines.contains(where: { $0.parameter("ENCODING").contains("quoted-printable") }) {
            warnings.append("\(place): quoted-printable values are read as they are written")
        }
        do {
            let contact = VCardContact(
                line: begin, version: version, name: try ContactRules.name(name),
                email: try preferred("EMAIL", in: lines).flatMap { try ContactRules.email(Self.withoutScheme($0, "mailto:")) },
                phone: try preferred("TEL", in: lines).flatMap { try ContactRules.phone(Self.withoutScheme($0, "tel:")) },
                uid: lines.first { $0.name == "UID" }.map(\.text).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 },
                notes: notes(lines),
                categories: try ContactRules.classes(lines.filter { $0.name == "CATEGORIES" }.flatMap { $0.parts(separatedBy: ",") }))
            return .success((contact, warnings))
        } catch let error as ContactError {
            return problem(error.description)
        } catch {
            return problem("\(error)")
        }
    }

    /// The value of the preferred line called `name` (PREF=1, TYPE=pref), else of the first one.
    static func preferred(_ name: String, in lines: [VCardLine]) -> String? {
        let candidates = lines.filter { $0.name == name && !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        // `min` keeps the first of equals, so without preferences the first line wins.
        return candidates.min { $0.preference < $1.preference }?.text
    }

    /// A display name from N: Family;Given;Additional;Prefixes;Suffixes, as "Prefixes Given Additional Family Suffixes".
    static func structuredName(_ line: VCardLine) -> String {
        let parts = line.parts(separatedBy: ";").map { $0.replacingOccurrences(of: ",", with: " ").trimmingCharacters(in: .whitespaces) }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        return [part(3), part(1), part(2), part(0), part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Every NOTE, one paragraph each.
    static func notes(_ lines: [VCardLine]) -> String? {
        let notes = lines.filter { $0.name == "NOTE" }.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return notes.isEmpty ? nil : notes.joined(separator: "\n\n")
    }

    /// 4.0 may write a value as a URI (`tel:+1-555…`, `mailto:…`): the part after the scheme.
    static func withoutScheme(_ value: String, _ scheme: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.lowercased().hasPrefix(scheme) ? String(trimmed.dropFirst(scheme.count)) : trimmed
    }
}
