import Foundation
import TroveKit

/// The physical lines of a vCard file, as text, read from disk a megabyte at a time (`LineReader`) or from bytes in
/// memory: a line ends at LF, CR LF or a lone CR (old Mac files). Each line that is not UTF-8 is read as ISO-8859-1,
/// as 2.1 cards from phones write 8-bit text in their CHARSET; a byte order mark before the first line is dropped.
enum VCardPhysicalLines {
    /// Hands each line and its 1-based number to `body`; returns whether a line was not UTF-8. The nothing after a last
    /// line end is a line too: it matters to a soft line break (`VCardUnfolding`).
    @discardableResult
    static func forEachLine(in path: String, _ body: (Int, Substring) throws -> Void) throws -> Bool {
        var reading = Reading()
        try LineReader.forEachSegment(in: path) { segment, terminated in try reading.take(segment, terminated: terminated, body) }
        return reading.notUTF8
    }

    @discardableResult
    static func forEachLine(of bytes: [UInt8], _ body: (Int, Substring) throws -> Void) throws -> Bool {
        var reading = Reading()
        try LineReader.forEachSegment(of: bytes) { segment, terminated in try reading.take(segment, terminated: terminated, body) }
        return reading.notUTF8
    }

    private struct Reading {
        var number = 0
        var notUTF8 = false

        /// One run of bytes between line feeds: its CR before the line feed is half of a CR LF; any other CR ends a line.
        mutating func take(_ segment: ArraySlice<UInt8>, terminated: Bool, _ body: (Int, Substring) throws -> Void) throws {
            let bytes = terminated && segment.last == 0x0D ? segment.dropLast() : segment
            let text: String
            if let utf8 = String(validating: bytes, as: UTF8.self) {
                text = utf8
            } else {
                notUTF8 = true
                text = VCardLine.latin1(bytes)
            }
            for var line in text.split(separator: "\r", omittingEmptySubsequences: false) {
                number += 1
                if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
                try body(number, line)
            }
        }
    }
}

/// Physical lines joined into a vCard's logical lines, a line at a time: a line that begins with a space or tab
/// continues the one before (folding), without that character; a quoted-printable line (2.1) that ends with `=`
/// continues on the next line (a soft line break), without the `=`. Blank lines are dropped. Each logical line keeps
/// the number of the line it started on.
struct VCardUnfolding {
    /// The logical line being read, which a line to come may still continue.
    private var pending: (number: Int, text: String)?
    /// Whether the pending line is quoted-printable, read once from the head of its first physical line.
    private var quotedPrintable = false

    /// Takes the next physical line; returns the logical line it shows to be complete, if any.
    mutating func take(_ line: Substring, number: Int) -> (number: Int, text: String)? {
        if quotedPrintable, pending!.text.hasSuffix("=") {
            pending!.text.removeLast()
            pending!.text += line
        } else if let first = line.unicodeScalars.first, first == " " || first == "\t", pending != nil {
            // By scalar: a fold before a combining mark makes " " and the mark one Character.
            pending!.text.unicodeScalars.append(contentsOf: line.unicodeScalars.dropFirst())
        } else if !line.allSatisfy(\.isWhitespace) {
            let done = pending
            pending = (number, String(line))
            quotedPrintable = VCardLine.declaresQuotedPrintable(line)
            return done
        }
        return nil
    }

    /// The last logical line, once the file has ended.
    mutating func finish() -> (number: Int, text: String)? {
        defer { pending = nil }
        return pending
    }
}
