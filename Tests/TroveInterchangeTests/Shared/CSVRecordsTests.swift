import Foundation
import Testing
import TroveTestSupport
@testable import TroveInterchange

/// The one CSV reader: text without quotes is cut directly, and must read exactly as the byte-by-byte reader
/// reads it.
@Suite("CSV records")
struct CSVRecordsTests {
    private func summary(_ records: [CSVRecord]) -> [String] {
        records.map { "\($0.line):\($0.unterminated):\($0.fields.joined(separator: "|"))" }
    }

    @Test("fields, line ends of every kind, blank lines and a last line without its end")
    func unquoted() {
        let text = Array("tracker,time,lat,lon\r\nc4,2026-11-21T16:40:05Z, 48.8 ,2.3\n\nlast,é,\rtail,".utf8)
        let records = csvRecords(text[...])
        #expect(summary(records) == ["1:false:tracker|time|lat|lon", "2:false:c4|2026-11-21T16:40:05Z| 48.8 |2.3", "3:false:",
                                     "4:false:last|é|", "5:false:tail|"])
        #expect(records[2].isBlank)
        #expect(csvRecords([][...]).isEmpty)
        #expect(summary(csvRecords(Array("a\n".utf8)[...])) == ["1:false:a"])
    }

    @Test("quoted fields keep their commas, line ends and doubled quotes")
    func quoted() {
        let records = csvRecords(Array("a,\"b, \"\"c\"\"\nd\",e\n  \"f\",g\n\"open".utf8)[...])
        #expect(summary(records) == ["1:false:a|b, \"c\"\nd|e", "3:false:f|g", "4:true:open"])
    }

    @Test("text without quotes reads the same cut directly as byte by byte", arguments: 0..<200)
    func sameAsByteByByte(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let pieces: [[UInt8]] = [[0x2C], [0x0D], [0x0A], [0x0D, 0x0A], [0x20], [0x09], Array("é".utf8), Array("ab".utf8), Array("12.5".utf8)]
        let length = Int.random(in: 0...40, using: &generator)
        let bytes = (0..<length).flatMap { _ in pieces.randomElement(using: &generator)! }
        #expect(summary(unquotedCSVRecords(bytes[...], firstLine: 1, final: true).records)
                == summary(quotedCSVRecords(bytes[...], firstLine: 1, final: true).records), "\(bytes)")
        // A slice that does not start at zero, as a line of a larger buffer is.
        let padded = [0x41, 0x0A] + bytes
        #expect(summary(unquotedCSVRecords(padded[2...], firstLine: 1, final: true).records)
                == summary(quotedCSVRecords(padded[2...], firstLine: 1, final: true).records))
    }

    /// Reads `bytes` with `CSVPieces`, a piece of `pieceSize` at a time: the records, and the failure if any.
    private func pieced(_ source: CSVPieces.Source, pieceSize: Int) -> (records: [CSVRecord], failure: CSVPieces.Failure?) {
        var records: [CSVRecord] = []
        do {
            try CSVPieces.forEachRecord(in: source, pieceSize: pieceSize) { records.append($0) }
            return (records, nil)
        } catch {
            return (records, error as? CSVPieces.Failure)
        }
    }

    @Test("read a piece at a time, any text gives the whole text's records, or its first byte that is not UTF-8", arguments: 0..<300)
    func piecesReadAsTheWhole(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let parts: [[UInt8]] = [[0x2C], [0x0D], [0x0A], [0x0D, 0x0A], [0x22], [0x22, 0x22], [0x20], Array("é".utf8),
                                Array("ab".utf8), Array("\"q,\nr\"".utf8), Array("12.5".utf8)]
        let length = Int.random(in: 0...60, using: &generator)
        var bytes = (0..<length).flatMap { _ in parts.randomElement(using: &generator)! }
        if seed % 5 == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        if seed % 7 == 0, !bytes.isEmpty { bytes.insert(0xFF, at: Int.random(in: 0..<bytes.count, using: &generator)) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        let expected: (records: [CSVRecord], failure: CSVPieces.Failure?)
        if let bad = UTF8Text.firstInvalid(body) {
            expected = ([], .notUTF8(UTF8Text.BadByte(offset: bad.offset + bytes.count - body.count, line: bad.line, value: bad.value)))
        } else {
            expected = (csvRecords(body), nil)
        }
        for pieceSize in [1, 2, 3, 5, 8, 64, 1 << 20] {
            let read = pieced(.bytes(bytes), pieceSize: pieceSize)
            #expect(read.failure == expected.failure, "piece \(pieceSize): \(bytes)")
            if expected.failure == nil { #expect(read.records == expected.records, "piece \(pieceSize): \(bytes)") }
        }
    }

    @Test("a file reads as its bytes do; a file that cannot be opened says why")
    func file() throws {
        let folder = TemporaryFolder()
        var text = "time,lat,lon,kind\r\n"
        for row in 0..<20_000 { text += "2026-11-\(10 + row % 10)T08:00:00Z,\"48.\(row)\",2.3,pee\r\n" }
        let path = folder.child("points.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let fromFile = pieced(.file(path), pieceSize: 4096)
        #expect(fromFile.failure == nil)
        #expect(fromFile.records == csvRecords(Array(text.utf8)[...]))
        #expect(fromFile.records.count == 20_001 && fromFile.records.last?.line == 20_001)
        #expect(pieced(.file(folder.child("none.csv")), pieceSize: 4096).failure == .unreadable("No such file or directory"))
    }

    /// A hostile file: one quoted field that never closes, 1 MB of lines. Read 64 bytes at a time it must still read
    /// as the whole text does (reading the open record afresh at every piece took 16,384 passes of up to 1 MB).
    @Test("a record longer than many pieces is read once it is whole, not again at every piece")
    func longRecord() {
        let line = Array("x,\"".utf8) + Array(repeating: Array("a long line, inside quotes\n".utf8), count: 40_000).joined()
        let read = pieced(.bytes(line), pieceSize: 64)
        #expect(read.failure == nil)
        #expect(read.records == csvRecords(line[...]))
        #expect(read.records.count == 1 && read.records[0].unterminated && read.records[0].fields[1].count == line.count - 3)
        // The same without a line end at all.
        let flat = Array(repeating: UInt8(ascii: "b"), count: 1 << 20)
        #expect(pieced(.bytes(flat), pieceSize: 64).records == [CSVRecord(fields: [String(repeating: "b", count: 1 << 20)], line: 1)])
    }
}
