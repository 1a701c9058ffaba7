import Foundation
import Testing
import TroveTestSupport
@testable import TroveInterchange

/// `XMLInputGuard` reads a file a piece at a time: however the file is cut, it hands the parser the bytes, and
/// throws the error, that the whole-file guard it replaced did (kept here as the reference).
struct XMLInputGuardTests {
    /// The whole-file guard as it was before it read in pieces (`XMLInputGuard.prepare` and `patched`).
    private enum Reference {
        static func prepare(_ bytes: [UInt8], checkUTF8: ([UInt8]) throws -> Void) throws -> [UInt8] {
            guard let layout = XMLInputGuard.layout(of: bytes) else {
                throw PointFileError.notXML(line: 1, column: 1, reason: "the file is in UTF-32 or EBCDIC (save it as UTF-8)")
            }
            let units = XMLInputGuard.Units(bytes: bytes, layout: layout)
            let declared = XMLInputGuard.declaredEncoding(units)!
            // libxml2 converts a single-byte encoding a declaration names, unless a UTF-8 byte order mark overrides it.
            var converted = false
            if case .name(let name) = declared, layout.width == 1, layout.start == 0 { converted = XMLInputGuard.isSingleByte(name) }
            if layout.width == 1 && !converted { try checkUTF8(bytes) }
            switch declared {
            case .none: break
            case .name(let name):
                guard layout.width == 2 ? isUTF16(name, bigEndian: layout.bigEndian) : XMLInputGuard.isASCIICompatible(name) else {
                    throw PointFileError.notXML(
                        line: 1, column: 1, reason: "the file declares the encoding \"\(name)\", which Trove does not read (save it as UTF-8)")
                }
            case .malformed:
                throw PointFileError.notXML(line: 1, column: 1, reason: "the XML declaration's encoding is not written as XML says")
            }
            return try patched(units)
        }

        static func patched(_ units: XMLInputGuard.Units) throws -> [UInt8] {
            var spaces: [Int] = []
            var line = 1, lineStart = 0
            var position = 0
            while position + 1 < units.count {
                let unit = units[position]
                if unit == 0x0A { line += 1; lineStart = position + 1 }
                guard unit == 0x3C else { position += 1; continue }
                if units.matches("<!DOCTYPE", at: position) {
                    throw PointFileError.notXML(
                        line: line, column: position - lineStart + 1,
                        reason: "a <!DOCTYPE> declaration, which GPX files do not have (Trove does not read one)")
                }
                if units[position + 1] == 0x3F {
                    // `<?` and a name: a run of units up to a space, `?` or `<` (which holds libxml2's name, and is it when
                    // `?>` follows). Every `<` is looked at, since libxml2 goes on after a `<?` it cannot read (`<?<?x?>`).
                    var end = position + 2
                    while end < units.count, units[end] != 0x3F, units[end] != 0x3C, !isSpace(units[end]) { end += 1 }
                    if end > position + 2, end + 1 < units.count, units[end] == 0x3F, units[end + 1] == 0x3E { spaces.append(end) }
                }
                position += 1
            }
            guard !spaces.isEmpty else { return units.bytes }
            let layout = units.layout
            let space: [UInt8] = layout.width == 1 ? [0x20] : layout.bigEndian ? [0x00, 0x20] : [0x20, 0x00]
            var out: [UInt8] = []
            out.reserveCapacity(units.bytes.count + spaces.count * space.count)
            var copied = 0
            for unit in spaces {
                let offset = layout.start + unit * layout.width
                out.append(contentsOf: units.bytes[copied..<offset])
                out.append(contentsOf: space)
                copied = offset
            }
            out.append(contentsOf: units.bytes[copied...])
            return out
        }

        private static func isUTF16(_ name: String, bigEndian: Bool) -> Bool {
            ["utf-16", "utf16", bigEndian ? "utf-16be" : "utf-16le"].contains(name.lowercased())
        }

        private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D }
    }

    /// The guard's output or error for `bytes`, read `pieceSize` bytes at a time.
    private func settled(_ bytes: [UInt8], pieceSize: Int) -> Result<[UInt8], PointFileError> {
        Result { try XMLInputGuard.settled(bytes, pieceSize: pieceSize) }.mapError { $0 as! PointFileError }
    }

    private func reference(_ bytes: [UInt8]) -> Result<[UInt8], PointFileError> {
        Result {
            try Reference.prepare(bytes) { bytes in
                if let bad = UTF8Text.firstInvalid(bytes[...]) {
                    throw PointFileError.notUTF8(line: bad.line, offset: bad.offset, byte: bad.value)
                }
            }
        }.mapError { $0 as! PointFileError }
    }

    /// `text` as UTF-16 code units in bytes.
    private func utf16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        bytes.flatMap { bigEndian ? [0, $0] : [$0, 0] }
    }

    @Test("cut in pieces of any size, a file settles as it did whole, or fails with the same error", arguments: 0..<400)
    func piecesSettleAsTheWhole(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let parts: [[UInt8]] = ["<", "?", ">", "!", "<?", "?>", "<?x?>", "<?a b?>", "<!DOCTYPE", "<!DOC", " ", "\n", "\r\n", "é", "a",
                                "<gpx>", "</gpx>", "<wpt lat=\"1\" lon=\"2\">", "xml", "encoding", "\"", "€", "𝄞"].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0xE2, 0x82], [0x80], [0x00]]
        let heads: [[UInt8]] = [[], Array("<?xml version=\"1.0\"?>".utf8), Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8),
                                Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>".utf8), Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>".utf8),
                                Array("<?xml version='1.0' encoding='utf-16'?>".utf8), Array("<?xml encoding".utf8), [0xEF, 0xBB, 0xBF]]
        let length = Int.random(in: 0...40, using: &generator)
        var bytes = heads.randomElement(using: &generator)! + (0..<length).flatMap { _ in parts.randomElement(using: &generator)! }
        switch seed % 6 {
        case 0: bytes = [0xFF, 0xFE] + utf16(bytes, bigEndian: false)
        case 1: bytes = utf16(bytes, bigEndian: true)
        case 2 where !bytes.isEmpty: bytes.removeLast()
        default: break
        }
        let expected = reference(bytes)
        for pieceSize in [1, 2, 3, 5, 8, 64] {
            #expect(settled(bytes, pieceSize: pieceSize) == expected, "piece \(pieceSize): \(bytes)")
        }
    }

    @Test("a declaration is read across pieces; one longer than the guard holds is refused, not read in part")
    func longDeclarations() throws {
        let body = Array("<gpx><?x?></gpx>".utf8)
        let spaced = Array("<?xml version=\"1.0\"".utf8) + [UInt8](repeating: 0x20, count: 1_000) + Array(" encoding=\"latin1\"?>".utf8) + body + [0xE9]
        #expect(settled(spaced, pieceSize: 7) == reference(spaced))
        #expect(try XMLInputGuard.settled(spaced, pieceSize: 7).suffix(body.count + 2) == Array("<gpx><?x ?></gpx>".utf8) + [0xE9])
        let endless = Array("<?xml version=\"1.0\"".utf8) + [UInt8](repeating: 0x20, count: XMLInputGuard.longestHead) + Array("?>".utf8) + body
        #expect(settled(endless, pieceSize: 4096)
                == .failure(.notXML(line: 1, column: 1, reason: "the XML declaration's encoding is not written as XML says")))
    }
}
