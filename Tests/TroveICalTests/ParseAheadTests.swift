import Foundation
import Testing
@testable import TroveICal

/// libical parses while the lines are found, unless the text may nest too deep for it: the quick look that decides
/// (`ICalLines.mayParseAhead`) must never find a text shallower than `ICalLines` does.
@Suite("parsing ahead of the lines")
struct ParseAheadTests {
    /// Lines that open, close or fold blocks in the ways `ICalLines` reads them: upper and lower case, parameters
    /// on END, BEGIN and END folded across lines, an END of an outer block, and plain properties.
    static let pieces = [
        "BEGIN:VEVENT", "begin:vevent", "BEGIN;X=1:VTODO", "BEG\r\n IN:VALARM", "END:VEVENT", "end:vevent", "END;X=1:VTODO",
        "E\r\n ND:VALARM", "END:VCALENDAR", "SUMMARY:Lecture", "DTSTART:20261127T090000Z", "", " continued", "BDAY:x",
    ]

    @Test("random nestings: whenever the lines are too deep, the quick look keeps the text from libical")
    func neverShallower() {
        var generator = SystemRandomNumberGenerator()
        var deep = 0
        for _ in 0..<3_000 {
            // Mostly openings, so that many texts pass 32 levels.
            let count = Int.random(in: 1...120, using: &generator)
            let body = (0..<count).map { _ in
                Int.random(in: 0..<3, using: &generator) == 0 ? Self.pieces.randomElement(using: &generator)! : Self.pieces[Int.random(in: 0..<4, using: &generator)]
            }
            let end = ["\r\n", "\n", "\r"].randomElement(using: &generator)!
            let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + body + ["END:VCALENDAR"]).joined(separator: end) + end
            let lines = ICalLines(text)
            if lines.tooDeep != nil {
                deep += 1
                #expect(!ICalLines.mayParseAhead(text), "\(text.debugDescription)")
            }
        }
        #expect(deep > 100)
    }

    @Test("a calendar of ordinary depth is parsed ahead, and reads the same as one cut short and parsed after its lines")
    func ordinaryCalendar() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + (0..<50).map { "BEGIN:VEVENT\r\nUID:\($0)\r\nDTSTART:20261127T090000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n"
        #expect(ICalLines.mayParseAhead(text))
        // Text that is no calendar is never given to libical ahead of the lines, which refuse it.
        #expect(!ICalLines.mayParseAhead("BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n"))
        #expect(!ICalLines.mayParseAhead(String(repeating: "x", count: 10_000)))
        #expect(ICalLines.mayParseAhead("begin:vcalendar\nEND:VCALENDAR\n"))
        let calendar = try ICalParser.parse(text)
        #expect(calendar.components.count == 50 && calendar.components.allSatisfy { $0.components.count == 1 })
        // With an unterminated event first, the text is cut before libical reads it: the parse ahead is not used.
        let cut = try ICalParser.parse(text.replacingOccurrences(of: "VERSION:2.0\r\n", with: "VERSION:2.0\r\nBEGIN:VEVENT\r\nUID:open\r\n"))
        #expect(cut.unterminated.map(\.uid) == ["open"])
        #expect(cut.components.filter { $0.name == "VEVENT" }.map(\.uid) == calendar.components.map(\.uid))
    }
}
