import Foundation
import TroveICal
import TroveKit

/// Reads vCard 2.1, 3.0 and 4.0 files (RFC 2426, RFC 6350) into contacts, by hand: no Swift library at hand reads vCard.
///
/// The file's shape must be right (every card between BEGIN:VCARD and END:VCARD, nothing outside),
/// or the whole file is refused with its line. A card that is well formed but unusable (no FN or N,
/// an email that is not one) becomes a `VCardProblem`, so an import can offer `--skip-invalid`.
/// Read: FN (else N), N's parts, every EMAIL, TEL and ADR with its types (the preferred EMAIL and TEL, else the first,
/// is the contact's email and phone), UID, NOTE, CATEGORIES. 2.1's quoted-printable values are decoded in their CHARSET.
public enum VCardReader {
    /// Reads the file at `path` whole; errors name the file. (An import reads it a card at a time: `VCardFileOnDisk`.)
    public static func read(contentsOf path: String) throws(VCardError) -> VCardFile {
        try collect(.file(path), file: (path as NSString).lastPathComponent)
    }

    /// Reads vCard text; `file` names it in errors.
    public static func read(_ text: String, file: String? = nil) throws(VCardError) -> VCardFile {
        try collect(.bytes(Array(text.utf8)), file: file)
    }

    private static func collect(_ source: Source, file: String?) throws(VCardError) -> VCardFile {
        var result = VCardFile()
        do {
            let fileWarnings = try read(source, file: file) { card in
                switch card {
                case .success(let (contact, warnings)):
                    result.contacts.append(contact)
                    result.warnings += warnings
                case .failure(let problem):
                    result.invalid.append(problem)
                }
            }
            result.warnings += fileWarnings
        } catch let error as VCardError {
            throw error
        } catch {
            // Collecting throws nothing.
            throw VCardError(file: file, line: nil, reason: "\(error)")
        }
        return result
    }

    /// Where vCard text comes from.
    enum Source {
        case bytes([UInt8])
        /// A file read from disk a megabyte at a time.
        case file(String)
    }

    /// What one card of a file gives: a contact and its warnings, or why it cannot be imported.
    typealias Card = Result<(VCardContact, [String]), VCardProblem>

    /// Reads `source` through, handing each card to `card` as its END:VCARD is read; returns the warnings of the file
    /// as a whole. Throws `VCardError` when the file cannot be read or its shape is wrong (nothing should be
    /// imported), and what `card` throws, as it is.
    static func read(_ source: Source, file: String?, card: (Card) throws -> Void) throws -> [String] {
        var cards = CardLines(file: file)
        var unfolding = VCardUnfolding()
        let notUTF8: Bool
        func handle(_ read: Card) throws {
            do { try card(read) } catch { throw ThrownByCard(error: error) }
        }
        func line(_ number: Int, _ text: Substring) throws {
            if let done = unfolding.take(text, number: number) { try cards.take(done, handle) }
        }
        do {
            switch source {
            case .bytes(let bytes): notUTF8 = try VCardPhysicalLines.forEachLine(of: bytes, line)
            case .file(let path): notUTF8 = try VCardPhysicalLines.forEachLine(in: path, line)
            }
            if let last = unfolding.finish() { try cards.take(last, handle) }
            try cards.finish()
        } catch let thrown as ThrownByCard {
            throw thrown.error
        } catch let error as VCardError {
            throw error
        } catch {
            // LineReaderError: missing, a folder, unreadable.
            throw VCardError(file: file, line: nil, reason: "cannot read the file")
        }
        // 2.1 cards from phones may hold 8-bit text in the card's CHARSET: each line that is not UTF-8 was read as ISO-8859-1.
        return notUTF8 ? ["\(file ?? "the file"): not all UTF-8; the lines that are not were read as ISO-8859-1"] : []
    }

    /// An error thrown by the work done with a card, told apart from the reading's own.
    private struct ThrownByCard: Error { var error: any Error }

    /// Logical lines gathered into cards: BEGIN:VCARD … END:VCARD, nothing outside.
    private struct CardLines {
        let file: String?
        var card: [VCardLine]?
        var begin = 0
        var count = 0

        mutating func take(_ logical: (number: Int, text: String), _ handle: (Card) throws -> Void) throws {
            let (number, raw) = logical
            guard let line = VCardLine(number: number, text: raw) else {
                throw VCardError(file: file, line: number, reason: "'\(raw.prefix(40))' is not a vCard line (NAME:value)")
            }
            let isBegin = line.name == "BEGIN" && line.value.trimmingSpaces().uppercased() == "VCARD"
            let isEnd = line.name == "END" && line.value.trimmingSpaces().uppercased() == "VCARD"
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
                card = nil
                count += 1
                try handle(VCardReader.contact(from: lines, begin: begin, file: file))
            } else if card != nil {
                card!.append(line)
            } else {
                throw VCardError(file: file, line: number, reason: "'\(raw.prefix(40))' is outside a card: a vCard file is BEGIN:VCARD … END:VCARD")
            }
        }

        func finish() throws(VCardError) {
            if card != nil {
                throw VCardError(file: file, line: begin, reason: "the card that begins here never ends (END:VCARD missing)")
            }
            if count == 0 {
                throw VCardError(file: file, line: nil, reason: "no BEGIN:VCARD: this is not a vCard file")
            }
        }
    }

    /// The contact a card's lines describe, with warnings, or what is wrong with it.
    static func contact(from lines: [VCardLine], begin: Int, file: String?) -> Result<(VCardContact, [String]), VCardProblem> {
        let version = lines.first { $0.name == "VERSION" }?.text.trimmingSpaces()
        let formatted = lines.first { $0.name == "FN" }?.text.trimmingWhitespace()
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
            warnings.append("\(place): VERSION \(version) is not 2.1, 3.0 or 4.0; read as 4.0")
        }
        for line in lines where line.parameter("ENCODING").contains("quoted-printable") {
            if let charset = line.parameter("CHARSET").first, VCardLine.charsets[charset] == nil {
                warnings.append("\(place): CHARSET=\(charset) of line \(line.number) is not known; read as UTF-8")
            }
        }
        do {
            let emails = try values("EMAIL", in: lines, place: place, warnings: &warnings) { text throws(ContactError) in try ContactRules.email(Self.withoutScheme(text, "mailto:")) }
            let phones = try values("TEL", in: lines, place: place, warnings: &warnings) { text throws(ContactError) in try ContactRules.phone(Self.withoutScheme(text, "tel:")) }
            let contact = VCardContact(
                line: begin, version: version, name: try ContactRules.name(name),
                email: emails.preferred, phone: phones.preferred,
                uid: lines.first { $0.name == "UID" }.map(\.text).map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 },
                notes: notes(lines),
                categories: try ContactRules.classes(lines.filter { $0.name == "CATEGORIES" }.flatMap { $0.parts(separatedBy: ",") }),
                emails: emails.all, phones: phones.all, addresses: try addresses(lines),
                nameParts: lines.first { $0.name == "N" }.map { ContactNameParts(parts: $0.parts(separatedBy: ";").map { Self.trimmed(String(Self.trimmed($0).prefix(ContactRules.maximumNameLength))) }) })
            return .success((contact, warnings))
        } catch {
            // Every rule throws a ContactError, whose description is the message.
            return problem("\(error)")
        }
    }

    /// Every value of the lines called `name`, checked by `check`, with its types (lower-case, without `pref`),
    /// a value given twice once with the types of both; and the preferred one (PREF=1, TYPE=pref), else the first.
    /// The preferred one must pass `check`, or the card is refused; another that does not is left out with a warning.
    static func values(_ name: String, in lines: [VCardLine], place: String, warnings: inout [String],
                       check: (String) throws(ContactError) -> String?) throws(ContactError) -> (all: [ContactValue], preferred: String?) {
        let candidates = lines.filter { $0.name == name && !trimmed($0.text).isEmpty }
        // `min` keeps the first of equals, so without preferences the first line wins.
        let best = candidates.indices.min { candidates[$0].preference < candidates[$1].preference }
        var all: [ContactValue] = []
        // Where each value is in `all`: looking it up there instead made a card of 20,000 EMAIL lines quadratic.
        var indexes: [String: Int] = [:]
        var preferred: String?
        for (position, line) in candidates.enumerated() {
            let checked: String?
            do { checked = try check(line.text) } catch {
                if position == best { throw error }
                warnings.append("\(place): line \(line.number) left out: \(error)")
                continue
            }
            guard let value = checked else { continue }
            if position == best { preferred = value }
            let types = types(of: line)
            if let index = indexes[value] {
                all[index].types += types.filter { !all[index].types.contains($0) }
            } else {
                indexes[value] = all.count
                all.append(ContactValue(value, types: types))
            }
        }
        // The preferred line may hold nothing but a scheme (`tel:`): then the first value is the one.
        return (all, preferred ?? all.first?.value)
    }

    /// Every ADR that is not empty, its seven parts trimmed, with its types; the same address twice once.
    static func addresses(_ lines: [VCardLine]) throws(ContactError) -> [ContactAddress] {
        var result: [ContactAddress] = []
        var seen: Set<ContactAddress> = []
        for line in lines where line.name == "ADR" {
            let parts = line.parts(separatedBy: ";").map(trimmed)
            if let long = parts.first(where: { $0.count > 1000 }) { throw .addressTooLong(String(long.prefix(40))) }
            let address = ContactAddress(parts: Array(parts.prefix(ContactAddress.keys.count)), types: types(of: line))
            if !address.isEmpty && seen.insert(address).inserted { result.append(address) }
        }
        return result
    }

    /// A line's TYPEs, lower-case, each once, without `pref` (the preference is kept apart) and those that cannot
    /// be types: too long, or with a control character or `"`, which no parameter value may hold.
    static func types(of line: VCardLine) -> [String] {
        line.parameter("TYPE").map(trimmed)
            .filter { !$0.isEmpty && $0 != "pref" && $0.count <= 40 && !$0.unicodeScalars.contains { $0 == "\"" || VCardLine.controlCharacters.contains($0) } }
            .reduce(into: []) { kept, type in if !kept.contains(type) { kept.append(type) } }
    }

    static func trimmed(_ text: String) -> String { text.trimmingWhitespace() }

    /// A display name from N: Family;Given;Additional;Prefixes;Suffixes, as "Prefixes Given Additional Family Suffixes".
    static func structuredName(_ line: VCardLine) -> String {
        let parts = line.parts(separatedBy: ";").map { $0.replacingOccurrences(of: ",", with: " ").trimmingSpaces() }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        return [part(3), part(1), part(2), part(0), part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Every NOTE, one paragraph each.
    static func notes(_ lines: [VCardLine]) -> String? {
        let notes = lines.filter { $0.name == "NOTE" }.map { $0.text.trimmingWhitespace() }.filter { !$0.isEmpty }
        return notes.isEmpty ? nil : notes.joined(separator: "\n\n")
    }

    /// 4.0 may write a value as a URI (`tel:+1-555…`, `mailto:…`): the part after the scheme (after each, for
    /// `tel:tel:…`, so that the value written back reads as itself).
    static func withoutScheme(_ value: String, _ scheme: String) -> String {
        var trimmed = Substring(value.trimmingSpaces())
        while trimmed.lowercased().hasPrefix(scheme) { trimmed = trimmed.dropFirst(scheme.count).drop(while: { $0 == " " || $0 == "\t" }) }
        return String(trimmed)
    }
}
