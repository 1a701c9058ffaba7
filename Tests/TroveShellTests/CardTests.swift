import Testing
@testable import TroveShell

struct CardTests {
    let trip = Card(title: "Kyoto trip", fields: [
        .init("title", "Kyoto"),
        .init("created", "2026-11-02"),
        .init("notes", nil),
    ])

    @Test func rendersTitleAndAlignedFields() {
        #expect(trip.render(width: 40, color: false) == [
            "Kyoto trip",
            "title    Kyoto",
            "created  2026-11-02",
            "notes    —",
        ])
    }

    @Test func showsEmptyAndBlankValuesAsADash() {
        let card = Card(fields: [.init("a", ""), .init("b", "  \n "), .init("c", nil)])
        #expect(card.render(width: 40, color: false) == ["a  —", "b  —", "c  —"])
    }

    @Test func wrapsLongValuesUnderTheValueColumn() {
        let card = Card(fields: [.init("notes", "one two three four five six"), .init("id", "7")])
        #expect(card.render(width: 20, color: false) == [
            "notes  one two three",
            "       four five six",
            "id     7",
        ])
    }

    @Test func keepsTheValuesNewlines() {
        let card = Card(fields: [.init("address", "1 Main St\n\nSpringfield")])
        #expect(card.render(width: 40, color: false) == [
            "address  1 Main St",
            "",
            "         Springfield",
        ])
    }

    @Test func cutsLongKeysToLeaveRoomForValues() {
        let card = Card(fields: [.init("a very long key indeed, really", "value")])
        let lines = card.render(width: 30, color: false)
        #expect(lines == ["a very long key…  value"])
        #expect(Card.minimumValueWidth == 12)
    }

    @Test func makesKeysDimAndTheTitleBoldOnlyWithColour() {
        let lines = trip.render(width: 40, color: true)
        #expect(lines[0] == "\u{1B}[1mKyoto trip\u{1B}[0m")
        #expect(lines[1] == "\u{1B}[2mtitle\u{1B}[0m    Kyoto")
        #expect(lines[3] == "\u{1B}[2mnotes\u{1B}[0m    \u{1B}[2m—\u{1B}[0m")
        #expect(!trip.render(width: 40, color: false).contains(where: RenderingFixtures.hasEscape))
    }

    @Test func rendersNothingForAnEmptyCard() {
        #expect(Card().render(width: 40, color: false) == [])
        #expect(Card(title: "Only a title").render(width: 40, color: false) == ["Only a title"])
        var card = Card()
        card.add("k", "v")
        #expect(card.render(width: 40, color: false) == ["k  v"])
    }

    @Test func linesNeverExceedTheWidth() {
        var generator = RenderingFixtures.Generator(seed: 4)
        for _ in 0..<60 {
            var card = Card(title: RenderingFixtures.text(&generator, words: 3))
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let value = Bool.random(using: &generator)
                    ? nil : RenderingFixtures.text(&generator, words: 10) + "\n" + RenderingFixtures.text(&generator)
                card.add(RenderingFixtures.text(&generator, words: 2), value)
            }
            for width in [0, 1, 2, 3, 4, 6, 10, 16, 25, 40, 80] {
                for line in card.render(width: width, color: false) {
                    #expect(TextWidth.of(line) <= width, "\(line) at \(width)")
                    #expect(!line.hasSuffix(" "))
                }
            }
        }
    }
}
