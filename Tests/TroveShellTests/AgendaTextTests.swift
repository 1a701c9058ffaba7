import Foundation
import Testing
@testable import TroveKit
@testable import TroveShell

/// The agenda's lines written straight into bytes, against the table `Output.table` lays out of the same items.
@Suite("agenda text")
struct AgendaTextTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let base = Date(timeIntervalSince1970: 1_772_409_600)  // 2026-03-02T00:00:00Z

    static func rows() -> AgendaRows {
        AgendaRows(timeZone: ZoneOffsetTable(zone, from: base.addingTimeInterval(-30 * 86_400), to: base.addingTimeInterval(60 * 86_400)))
    }

    /// `Output.table`'s layout of rows of four cells, as bytes.
    static func table(_ cells: [[String]], width: Int) -> [UInt8] {
        Table(columns: (0..<4).map { Table.Column("", flexible: $0 == 3) }, rows: cells, showsHeader: false).text(width: width, color: false)
    }

    /// An item's cells made the way the agenda made them before, with Foundation's zone (not `AgendaRows`).
    static func cellsBefore(_ item: AgendaItem) -> [String] {
        let when = item.time.map { time in
            CalendarText.day(CivilDate(time, in: zone)) + " " + (item.allDay ? "all day" : CalendarText.time(time, zone))
        } ?? ""
        return [when, item.lengthMinutes.map { $0 > 0 ? CalendarText.minutes($0) : "" } ?? "", item.title, CalendarText.shortID(item.id)]
    }

    static let titles = ["Lecture [CS101] @ Room 4", "Lab ↻", "Café Lumière @ 12 Rue de Rivoli", "Concert: Brahms & Dvořák ↻", "漢字の会議",
                         "🎄 party", "e\u{301}te\u{301}", "\u{1B}[31mred\u{1B}[0m", "(untitled)", "☐ Essay 2 [ENGL101]", "☑ done",
                         "trailing  ", "Arabic \u{0600} ", "— dash … ellipsis", "x"]

    static func items(seed: UInt64, count: Int) -> [AgendaItem] {
        var generator = RenderingFixtures.Generator(seed: seed)
        return (0..<count).map { number in
            let time: Date? = number % 13 == 5 ? nil : base.addingTimeInterval(Double(Int.random(in: -20...50, using: &generator)) * 86_400
                                                                              + Double(Int.random(in: 0..<96, using: &generator)) * 900)
            let ids = ["0190d5a1-7c1e-7b2e-9f3a-1234567890ab", "short", "", "01900000-0000-7000-8000-00000000abcd"]
            return AgendaItem(id: ids[Int.random(in: 0..<ids.count, using: &generator)], kind: number % 5 == 0 ? .task : .event,
                              title: titles[Int.random(in: 0..<titles.count, using: &generator)], time: time,
                              lengthMinutes: [nil, 0, 45, 90, 1440, 3 * 1440 - 60, -30][Int.random(in: 0..<7, using: &generator)],
                              itemClass: nil, allDay: number % 4 == 0)
        }
    }

    @Test("the lines of the table of the items' cells, whatever their titles, ids, times and lengths", arguments: [1, 2, 3] as [UInt64])
    func sameAsTable(seed: UInt64) throws {
        let items = Self.items(seed: seed, count: 300)
        let rows = Self.rows()
        let order = Array(items.indices.reversed())
        let cells = order.map { Self.cellsBefore(items[$0]) }
        #expect(order.map { rows.cells(items[$0]) } == cells, "cells as before")
        let text = try #require(rows.text(items, in: order, width: Int.max / 4))
        #expect(String(decoding: text, as: UTF8.self) == String(decoding: Self.table(cells, width: Int.max / 4), as: UTF8.self))
    }

    @Test("nil, for the table to lay out, when the lines are too wide, a title is on several lines or an id is not plain")
    func leftToTheTable() {
        let rows = Self.rows()
        let item = AgendaItem(id: "0190d5a1-7c1e-7b2e-9f3a-1234567890ab", kind: .event, title: "Lecture", time: Self.base, lengthMinutes: 60)
        #expect(rows.text([item], in: [0], width: 80) != nil)
        #expect(rows.text([item], in: [0], width: 20) == nil)
        var twoLines = item
        twoLines.title = "Lecture\nand lab"
        #expect(rows.text([twoLines], in: [0], width: 200) == nil)
        var tab = item
        tab.title = "Lecture\tand lab"
        #expect(rows.text([tab], in: [0], width: 200) == nil)
        var accented = item
        accented.id = "01éé"
        #expect(rows.text([accented], in: [0], width: 200) == nil)
        #expect(rows.text([item], in: [], width: 80) == [])
    }
}

@Suite("tables laid out into bytes")
struct TableTextTests {
    @Test("the lines of cutting and padding each row as strings, in every alignment, for random cells", arguments: [4, 5, 6] as [UInt64])
    func sameAsStrings(seed: UInt64) {
        var generator = RenderingFixtures.Generator(seed: seed)
        for _ in 0..<40 {
            let count = Int.random(in: 1...4, using: &generator)
            let columns = (0..<count).map { _ in
                Table.Column("head", alignment: Bool.random(using: &generator) ? .left : .right, flexible: Bool.random(using: &generator))
            }
            let rows = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                (0..<Int.random(in: 0...count + 1, using: &generator)).map { _ in
                    Bool.random(using: &generator) ? RenderingFixtures.text(&generator) : ["", " ", "a ", "\u{0600} ", "x\ty", "A\r\nB"].randomElement(using: &generator)!
                }
            }
            let table = Table(columns: columns, rows: rows, showsHeader: Bool.random(using: &generator))
            for width in [8, 30, 1_000] {
                let color = Bool.random(using: &generator)
                let lines = table.render(width: width, color: color)
                #expect(table.text(width: width, color: color) == Array(lines.map { $0 + "\n" }.joined().utf8))
                let all = (table.showsHeader ? [columns.map(\.header)] : []) + rows
                let cells = all.map { row in columns.indices.map { $0 < row.count ? TextWidth.singleLine(row[$0]) : "" } }
                let natural = columns.indices.map { column in cells.map { TextWidth.of($0[column]) }.max() ?? 0 }
                let widths = table.fittedWidths(natural: natural, width: width)
                let expected = cells.enumerated().map { number, row in
                    let line = table.line(for: row, widths: widths)
                    return number == 0 && table.showsHeader ? SGR.apply([.bold], to: line, color: color) : line
                }
                #expect(lines == expected, "\(rows) at \(width)")
            }
        }
    }
}

@Suite("narrow scalars")
struct NarrowScalarTests {
    static let narrow = (0x20...0x2FF).compactMap(Unicode.Scalar.init).filter(TextWidth.isNarrowScalar)
        + (0x2000...0x2200).compactMap(Unicode.Scalar.init).filter(TextWidth.isNarrowScalar)

    @Test("each is one column, and one character next to any other of them")
    func oneColumnEach() {
        #expect(Self.narrow.count > 800)
        for scalar in Self.narrow {
            #expect(TextWidth.width(of: Character(scalar)) == 1, "U+\(String(scalar.value, radix: 16))")
        }
        // Every pair of a sample of them (every third one) stays two characters.
        let sample = Self.narrow.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        for first in sample {
            for second in sample where String(first).appending(String(second)).count != 2 {
                Issue.record("U+\(String(first.value, radix: 16)) U+\(String(second.value, radix: 16)) join")
            }
        }
    }

    @Test("text of them is as wide as walking its characters says; other text is walked")
    func widths() {
        for text in ["Café Lumière ↻", "Concert: Brahms & Dvořák", "— … “quoted” ‘single’", "naïve ↔ ← →", "ÆØÅ ß ŁŻ ǅ ʃ ˈ"] {
            #expect(TextWidth.narrowScalars(text) == text.reduce(0) { $0 + TextWidth.width(of: $1) }, "\(text)")
        }
        for text in ["e\u{301}", "漢字", "🎄", "soft\u{AD}hyphen", "\u{1B}[31mred", "tab\t", "zero\u{200B}width", "⌚"] {
            #expect(TextWidth.narrowScalars(text) == nil, "\(text)")
        }
    }

    @Test("whether text is on one line, by its scalars as by its characters")
    func singleLine() {
        for text in ["plain", "Café", "a\nb", "a\r\nb", "a\rb", "tab\there", "nel\u{85}x", "ls\u{2028}x", "ps\u{2029}x", "vt\u{0B}", "ff\u{0C}",
                     "e\u{301}\n", "🎄", ""] {
            #expect(TextWidth.isSingleLine(text) == !text.contains { $0.isNewline || $0 == "\t" }, "\(text.debugDescription)")
        }
    }
}
