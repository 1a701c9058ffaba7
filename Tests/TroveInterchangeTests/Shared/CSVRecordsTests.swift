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
        #expect(summary(unquotedCSVRecords(bytes[...])) == summary(quotedCSVRecords(bytes[...])), "\(bytes)")
        // A slice that does not start at zero, as a line of a larger buffer is.
        let padded = [0x41, 0x0A] + bytes
        #expect(summary(unquotedCSVRecords(padded[2...])) == summary(quotedCSVRecords(padded[2...])))
    }
}
