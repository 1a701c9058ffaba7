import Foundation
import TroveSystem

/// One CSV record: its fields and the line it starts on.
struct CSVRecord: Equatable {
    var fields: [String]
    /// 1-based physical line where the record starts (a quoted field may span lines).
    var line: Int
    /// True when the file ended inside a quoted field.
    var unterminated = false

    /// An empty or all-space line, skipped rather than reported.
    var isBlank: Bool { fields.count == 1 && fields[0].allSatisfy { $0 == " " || $0 == "\t" } }
}

/// Splits RFC 4180 text into records (the delimiters are all ASCII, so UTF-8 inside fields passes through
/// untouched).
func csvRecords(_ bytes: ArraySlice<UInt8>) -> [CSVRecord] {
    csvRecords(bytes, firstLine: 1, final: true).records
}

/// What `csvRecords` reads of one piece of a text.
struct CSVPiece {
    var records: [CSVRecord]
    /// How many bytes of the piece those records took, line ends included; the rest starts the next piece.
    var consumed: Int
    /// The line the next record starts on.
    var nextLine: Int
}

/// The records of `bytes`, the first starting on line `firstLine`. When `final` is false, `bytes` is a piece of a
/// longer text (`CSVPieces`): only the records whose line end it holds are read, and a line end that may be half of
/// a CR LF waits for the next piece.
func csvRecords(_ bytes: ArraySlice<UInt8>, firstLine: Int, final: Bool) -> CSVPiece {
    // Text without a quote, such as every line of a tracker's reports, is cut at its commas and line ends
    // directly: the byte-by-byte reader below copied each byte into a field first (tracker ingest of 2,000,000
    // lines took 10-20 % longer with it than with its own split).
    bytes.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "\"")) == nil } == true
        ? unquotedCSVRecords(bytes, firstLine: firstLine, final: final) : quotedCSVRecords(bytes, firstLine: firstLine, final: final)
}

/// `csvRecords` of text that holds no quote: a field is the bytes between delimiters.
func unquotedCSVRecords(_ bytes: ArraySlice<UInt8>, firstLine: Int, final: Bool) -> CSVPiece {
    let comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
    var records: [CSVRecord] = []
    var fields: [String] = []
    var line = firstLine
    var fieldStart = bytes.startIndex
    var recordStart = bytes.startIndex
    var index = bytes.startIndex
    // A piece's last byte, when it is a CR, is left for the next piece (it may be the first half of CR LF).
    let end = !final && bytes.last == cr ? bytes.endIndex - 1 : bytes.endIndex
    while index < end {
        let byte = bytes[index]
        guard byte == comma || byte == cr || byte == lf else {
            index += 1
            continue
        }
        fields.append(String(decoding: bytes[fieldStart..<index], as: UTF8.self))
        index += 1
        if byte != comma {
            if byte == cr, index < end, bytes[index] == lf { index += 1 }
            records.append(CSVRecord(fields: fields, line: line))
            fields.removeAll()
            line += 1
            recordStart = index
        }
        fieldStart = index
    }
    guard final else { return CSVPiece(records: records, consumed: recordStart - bytes.startIndex, nextLine: line) }
    if fieldStart < bytes.endIndex || !fields.isEmpty {
        fields.append(String(decoding: bytes[fieldStart...], as: UTF8.self))
        records.append(CSVRecord(fields: fields, line: line))
    }
    return CSVPiece(records: records, consumed: bytes.count, nextLine: line + 1)
}

/// `csvRecords`, byte by byte: a quoted field may hold commas, line ends and doubled quotes.
func quotedCSVRecords(_ bytes: ArraySlice<UInt8>, firstLine: Int, final: Bool) -> CSVPiece {
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = firstLine
    var recordLine = firstLine
    // Where the last complete record ended, and the line after it.
    var complete = (index: bytes.startIndex, line: firstLine)
    var inQuotes = false
    var index = bytes.startIndex
    // A piece's last byte, when it is a CR or a quote, is left for the next piece (the first half of CR LF, or of a
    // doubled quote).
    let end = !final && (bytes.last == cr || bytes.last == quote) ? bytes.endIndex - 1 : bytes.endIndex

    func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
    }
    func endRecord() {
        endField()
        records.append(CSVRecord(fields: fields, line: recordLine))
        fields.removeAll()
    }

    while index < end {
        let byte = bytes[index]
        index += 1
        if inQuotes {
            if byte == quote {
                // A doubled quote is a literal quote; a single one ends the quoted part.
                if index < end, bytes[index] == quote {
                    field.append(quote)
                    index += 1
                } else {
                    inQuotes = false
                }
            } else {
                if byte == lf { line += 1 }
                field.append(byte)
            }
            continue
        }
        switch byte {
        case quote where field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
            // Spaces before an opening quote are dropped, as most spreadsheets do.
            field.removeAll(keepingCapacity: true)
            inQuotes = true
        case comma:
            endField()
        case cr, lf:
            if byte == cr, index < end, bytes[index] == lf { index += 1 }
            endRecord()
            line += 1
            recordLine = line
            complete = (index, line)
        default:
            field.append(byte)
        }
    }
    guard final else { return CSVPiece(records: records, consumed: complete.index - bytes.startIndex, nextLine: complete.line) }
    if inQuotes {
        endRecord()
        records[records.count - 1].unterminated = true
    } else if !field.isEmpty || !fields.isEmpty {
        endRecord()
    }
    return CSVPiece(records: records, consumed: bytes.count, nextLine: line + 1)
}

/// CSV text read a piece at a time, so that a file of a million rows is read in the memory of one piece (a megabyte)
/// and its longest record.
///
/// The text is checked to be UTF-8 a piece at a time, before its records are handed over; a leading byte order mark
/// is skipped. The records are `csvRecords`' own, blank lines included, with the same line numbers.
///
/// ```swift
/// try CSVPieces.forEachRecord(in: .file(path)) { record in print(record.line, record.fields) }
/// ```
enum CSVPieces {
    /// Where the text comes from.
    enum Source {
        /// Text already in memory (standard input, read whole).
        case bytes([UInt8])
        /// A file read from disk as it is needed.
        case file(String)
    }

    /// Why the text could not be read.
    enum Failure: Error, Equatable {
        /// The file could not be opened or read: the system's reason.
        case unreadable(String)
        /// A byte that is not UTF-8: where it is (its offset counted from the file's first byte, the mark included).
        case notUTF8(UTF8Text.BadByte)
    }

    /// How much is read at a time.
    static let pieceSize = 1 << 20

    /// Hands each record of `source` to `body`, in order.
    static func forEachRecord(in source: Source, pieceSize: Int = pieceSize, _ body: (CSVRecord) throws -> Void) throws {
        var next: (inout [UInt8]) throws -> Bool
        var descriptor: Int32 = -1
        defer { if descriptor >= 0 { close(descriptor) } }
        switch source {
        case .bytes(let bytes):
            var offset = 0
            next = { pending in
                guard offset < bytes.count else { return false }
                let end = min(bytes.count, offset + pieceSize)
                pending.append(contentsOf: bytes[offset..<end])
                offset = end
                return true
            }
        case .file(let path):
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failure.unreadable(String(cString: strerror(errno))) }
            let file = descriptor
            next = { pending in
                let start = pending.count
                pending.append(contentsOf: repeatElement(0, count: pieceSize))
                let count = pending.withUnsafeMutableBytes { FileRead.piece(from: file, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
                guard count >= 0 else { throw Failure.unreadable(String(cString: strerror(errno))) }
                pending.removeLast(pieceSize - count)
                return count > 0
            }
        }
        var pending: [UInt8] = []
        var line = 1
        // Bytes of the text before `pending`, and line feeds among them (as `UTF8Text` counts lines).
        var offset = 0
        var lineFeeds = 0
        // Bytes of `pending` already checked to be UTF-8.
        var checked = 0
        var final = false
        var first = true
        // A record longer than what is pending (a quoted field that never closes, in a hostile file) is read again
        // only once twice as much is pending: reading it afresh every piece took time in its length squared.
        var wanted = 0
        while !final {
            final = try !next(&pending)
            if first, pending.count >= 3 || final {
                first = false
                if pending.starts(with: [0xEF, 0xBB, 0xBF]) {
                    pending.removeFirst(3)
                    offset = 3
                }
            }
            if first || (!final && pending.count < wanted) { continue }
            // The bytes up to the last line feed can be checked now: a character never spans one. (Only the bytes
            // not yet checked are searched, for the same reason as `wanted`.)
            let checkable = final ? pending.count : (pending[checked...].lastIndex(of: 0x0A).map { $0 + 1 } ?? checked)
            if checkable > checked {
                if let bad = UTF8Text.firstInvalid(pending[checked..<checkable]) {
                    let before = pending[..<checked].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    throw Failure.notUTF8(UTF8Text.BadByte(offset: offset + checked + bad.offset, line: lineFeeds + before + bad.line,
                                                           value: bad.value))
                }
                checked = checkable
            }
            let piece = csvRecords(pending[..<checked], firstLine: line, final: final)
            wanted = piece.consumed == 0 ? 2 * pending.count : 0
            for record in piece.records { try body(record) }
            line = piece.nextLine
            lineFeeds += pending[..<piece.consumed].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            offset += piece.consumed
            pending.removeFirst(piece.consumed)
            checked -= piece.consumed
        }
    }
}
