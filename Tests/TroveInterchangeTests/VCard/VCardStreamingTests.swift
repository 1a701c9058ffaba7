import Foundation
import Testing
import TroveKit
import TroveStore
import TroveTestSupport
@testable import TroveInterchange

/// Issue 25: a vCard file is read from disk a megabyte at a time, a card at a time, and gives what the reader that
/// held the whole file as text gave (kept here as the reference), however its lines end and whatever its bytes.
struct VCardStreamingTests {
    /// The reader as it was before it streamed: the file decoded whole (else line by line, as ISO-8859-1 where a line
    /// is not UTF-8), split at CR LF, LF and CR as Characters, unfolded, then gathered into cards.
    ///
    /// But for one thing: it decoded with Foundation's `String(data:encoding:)`, which drops a byte order mark at the
    /// start of what it decodes. So it dropped one from every line of a file that was not all UTF-8 (and a second one
    /// at the start of one that was), which depended on a byte anywhere else in the file. The reference decodes with
    /// `String(validating:)`, as the reader now does: a mark is dropped before the first line only.
    private enum Reference {
        static func utf8(_ bytes: some Collection<UInt8>) -> String? { String(validating: bytes, as: UTF8.self) }

        static func read(contentsOf path: String) throws(VCardError) -> VCardFile {
            let name = (path as NSString).lastPathComponent
            guard let data = FileManager.default.contents(atPath: path) else {
                throw VCardError(file: name, line: nil, reason: "cannot read the file")
            }
            if let text = utf8(data) { return try read(text, file: name) }
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                utf8(line) ?? VCardLine.latin1(line)
            }
            var file = try read(lines.joined(separator: "\n"), file: name)
            file.warnings.append("\(name): not all UTF-8; the lines that are not were read as ISO-8859-1")
            return file
        }

        static func unfold(_ text: String) -> [(number: Int, text: String)] {
            var lines: [(number: Int, text: String)] = []
            var physical = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
            if let first = physical.first, first.hasPrefix("\u{FEFF}") { physical[0] = first.dropFirst() }
            var quotedPrintable = false
            for (offset, line) in physical.enumerated() {
                if quotedPrintable, lines[lines.count - 1].text.hasSuffix("=") {
                    lines[lines.count - 1].text.removeLast()
                    lines[lines.count - 1].text += line
                } else if let first = line.unicodeScalars.first, first == " " || first == "\t", !lines.isEmpty {
                    lines[lines.count - 1].text.unicodeScalars.append(contentsOf: line.unicodeScalars.dropFirst())
                } else if !line.allSatisfy(\.isWhitespace) {
                    lines.append((offset + 1, String(line)))
                    quotedPrintable = VCardLine.declaresQuotedPrintable(line)
                }
            }
            return lines
        }

        static func read(_ text: String, file: String?) throws(VCardError) -> VCardFile {
            var result = VCardFile()
            var card: [VCardLine]?
            var begin = 0
            for (number, raw) in unfold(text) {
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
                    switch VCardReader.contact(from: lines, begin: begin, file: file) {
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
    }

    /// What a reading gave, to be compared.
    private enum Outcome: Equatable {
        case file(VCardFile)
        case error(VCardError)

        init(_ read: () throws(VCardError) -> VCardFile) {
            do { self = .file(try read()) } catch { self = .error(error) }
        }
    }

    /// The pieces random files are made of: card lines, folds, soft line breaks, blank lines, stray text, bytes that
    /// are not UTF-8 (cut characters, Latin-1), byte order marks and combining marks.
    private static let pieces: [[UInt8]] = [
        "BEGIN:VCARD", "END:VCARD", "VERSION:3.0", "VERSION:2.1", "FN:Ada Lovelace", "FN:Zoë", "N:Lovelace;Ada;;;",
        "EMAIL;TYPE=work:ada@example.org", "EMAIL:not an email", "TEL;PREF=1:+44 20 7946 0000", "NOTE:a note\\, escaped",
        "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:caf=E9=", "NOTE;QUOTED-PRINTABLE:soft=", "=C3=AB end",
        " folded on", "\tfolded by a tab", " ", "", "   ", "UID:urn:uuid:1234", "CATEGORIES:CS 3114,Friends", "stray text",
        "ADR;TYPE=home:;;1 Main St;Town;;12345;UK", "\u{FEFF}BEGIN:VCARD", "\u{0301}FN:mark", "FN:\u{FEFF}",
    ].map { Array($0.utf8) } + [[0xE9], [0xC3], [0xA9], [0x46, 0x4E, 0x3A, 0xE9, 0x74, 0xE9], [0xEF, 0xBB, 0xBF]]
    private static let ends: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x0D, 0x0D, 0x0A], [0x0A, 0x0A], []]

    @Test("400 random files: the same contacts, problems, warnings and errors as the whole-file reader, on disk and from text")
    func sameAsWholeFile() throws {
        let folder = TemporaryFolder("trove-vcard-stream")
        var generator = SeededGenerator(seed: 25)
        var outcomes: Set<String> = []
        for round in 0..<400 {
            var bytes: [UInt8] = []
            // Mostly cards that read, so that contacts are compared, not only errors.
            let cards = Int.random(in: 0...3, using: &generator)
            for _ in 0..<cards {
                let lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Card \(round)"].map { Array($0.utf8) }
                    + (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }
                    + (Bool.random(using: &generator) ? [Array("END:VCARD".utf8)] : [])
                for line in lines { bytes += line + Self.ends.randomElement(using: &generator)! }
            }
            if round % 5 == 0 {
                // A well-formed file with one card that cannot be imported (its only email is not one).
                bytes += Array("BEGIN:VCARD\r\nFN:Bad \(round)\r\nEMAIL:not an email\r\nEND:VCARD\r\n".utf8)
            } else {
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    bytes += Self.pieces.randomElement(using: &generator)! + Self.ends.randomElement(using: &generator)!
                }
            }
            let path = folder.child("\(round).vcf")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let expected = Outcome { () throws(VCardError) in try Reference.read(contentsOf: path) }
            #expect(Outcome { () throws(VCardError) in try VCardReader.read(contentsOf: path) } == expected, "round \(round): \(bytes)")
            switch expected {
            case .file(let file):
                outcomes.insert(file.invalid.isEmpty ? "read" : "invalid cards")
                let onDisk = try VCardFileOnDisk(path: path)
                var contacts: [VCardContact] = []
                try onDisk.forEachContact { contacts.append($0) }
                #expect(contacts == file.contacts && onDisk.contactCount == file.contacts.count, "round \(round)")
                #expect(onDisk.invalid == file.invalid && onDisk.warnings == file.warnings, "round \(round)")
                if let text = String(validating: bytes, as: UTF8.self) {
                    #expect(Outcome { () throws(VCardError) in try VCardReader.read(text, file: "\(round).vcf") } == expected)
                }
            case .error:
                outcomes.insert("refused")
                #expect(throws: VCardError.self) { try VCardFileOnDisk(path: path) }
            }
        }
        #expect(outcomes == ["read", "invalid cards", "refused"], "the random files reach every outcome")
    }

    @Test("a file of many megabytes: every card, a card cut between two reads included; a file changed between the readings imports nothing")
    func bigFile() throws {
        let folder = TemporaryFolder("trove-vcard-big")
        let card = { (number: Int) in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(number)\r\nEMAIL:p\(number)@example.org\r\nNOTE:" + String(repeating: "n", count: number % 400)
                + "\r\n  folded\r\nUID:u\(number)\r\nEND:VCARD\r\n"
        }
        let text = (0..<8_000).map(card).joined()
        #expect(text.utf8.count > 2 << 20, "three reads of a megabyte")
        let path = folder.child("big.vcf")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let file = try VCardFileOnDisk(path: path)
        var names: [String] = []
        try file.forEachContact { names.append($0.name) }
        #expect(names == (0..<8_000).map { "Person \($0)" } && file.contactCount == 8_000 && file.invalid.isEmpty)
        #expect(try VCardReader.read(text).contacts.map(\.notes) == VCardReader.read(contentsOf: path).contacts.map(\.notes))

        let store = try Store.create(at: folder.child("store"))
        let head = try store.headHex()
        try Data((text + card(8_000)).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: VCardError(file: "big.vcf", line: nil, reason: "it changed while it was being imported; try again once it is written")) {
            try VCardImport(store: store).run(file, path: path)
        }
        #expect(try store.headHex() == head)
        let report = try VCardImport(store: store).run(try VCardFileOnDisk(path: path), path: path)
        #expect(report.added == 8_001)
    }
}
