import Testing
@testable import TroveShell

struct TableTests {
    let fruit = Table(
        columns: [.init("Name", flexible: true), .init("Size", alignment: .right), .init("Kind")],
        rows: [["apple", "3", "fruit"], ["cabbage", "12", "vegetable"]]
    )

    @Test func rendersAlignedColumns() {
        #expect(fruit.render(width: 80, color: false) == [
            "Name     Size  Kind",
            "apple       3  fruit",
            "cabbage    12  vegetable",
        ])
    }

    @Test func rendersJustTheHeaderWithoutRows() {
        #expect(Table(columns: [.init("Name"), .init("Size")]).render(width: 80, color: false) == ["Name  Size"])
        #expect(Table(columns: []).render(width: 80, color: false) == [])
    }

    @Test func makesTheHeaderBoldOnlyWithColour() {
        let lines = fruit.render(width: 80, color: true)
        #expect(lines[0] == "\u{1B}[1mName     Size  Kind\u{1B}[0m")
        #expect(lines.dropFirst() == fruit.render(width: 80, color: false).dropFirst())
        #expect(!fruit.render(width: 80, color: false).contains(where: RenderingFixtures.hasEscape))
    }

    @Test func padsARightAlignedLastColumnButLeavesNoTrailingSpaces() {
        let table = Table(columns: [.init("Item"), .init("Count", alignment: .right)], rows: [["a", "7"]])
        #expect(table.render(width: 80, color: false) == ["Item  Count", "a         7"])
        let gaps = Table(columns: [.init("A"), .init("B")], rows: [["x"], ["longer", ""]])
        #expect(gaps.render(width: 80, color: false) == ["A       B", "x", "longer"])
    }

    @Test func keepsEachRowOnOneLine() {
        let table = Table(columns: [.init("Note")], rows: [["two\nlines\tand a tab"]])
        #expect(table.render(width: 80, color: false) == ["Note", "two lines and a tab"])
    }

    @Test func shortensFlexibleColumnsFirst() {
        let table = Table(
            columns: [.init("Title", flexible: true), .init("Year", alignment: .right)],
            rows: [["The Hitchhiker's Guide to the Galaxy", "1979"]]
        )
        #expect(table.render(width: 20, color: false) == [
            "Title           Year",
            "The Hitchhike…  1979",
        ])
    }

    @Test func shortensTheWidestFlexibleColumnFirst() {
        let table = Table(columns: [.init("A", flexible: true), .init("B", flexible: true), .init("C")])
        #expect(table.fittedWidths(natural: [20, 12, 5], width: 38) == [17, 12, 5])
        #expect(table.fittedWidths(natural: [20, 12, 5], width: 31) == [11, 11, 5])
        #expect(table.fittedWidths(natural: [20, 12, 5], width: 25) == [8, 8, 5])
        #expect(table.fittedWidths(natural: [5, 12, 5], width: 22) == [5, 8, 5], "a narrow column keeps its width")
    }

    @Test func dropsTrailingColumnsWhenShorteningIsNotEnough() {
        let table = Table(columns: [.init("A", flexible: true), .init("B"), .init("C")])
        #expect(table.fittedWidths(natural: [30, 10, 10], width: 20) == [8, 10])
        #expect(table.fittedWidths(natural: [30, 10, 10], width: 40) == [16, 10, 10])
        #expect(table.fittedWidths(natural: [30, 10, 10], width: 25) == [13, 10], "kept columns widen again")
        #expect(table.fittedWidths(natural: [30, 10, 10], width: 9) == [9])
        #expect(table.fittedWidths(natural: [30, 10, 10], width: 7) == [7], "the first column alone is cut to fit")
    }

    @Test func cutsTheFirstColumnWhenItAloneIsTooWide() {
        let table = Table(columns: [.init("Identifier"), .init("Name")], rows: [["0123456789abcdef", "x"]])
        #expect(table.render(width: 6, color: false) == ["Ident…", "01234…"])
        #expect(table.render(width: 0, color: false) == ["", ""])
    }

    @Test func fillsShortRowsAndIgnoresExtraCells() {
        let table = Table(columns: [.init("A"), .init("B", alignment: .right)], rows: [["1"], ["2", "3", "extra"]])
        #expect(table.render(width: 80, color: false) == ["A  B", "1", "2  3"])
    }

    @Test func refitsWhenRenderedAtAnotherWidth() {
        let wide = fruit.render(width: 80, color: false)
        let narrow = fruit.render(width: 16, color: false)
        #expect(narrow == ["Name     Size", "apple       3", "cabbage    12"])
        #expect(fruit.render(width: 80, color: false) == wide)
    }

    @Test func measuresWideCharacters() {
        let table = Table(columns: [.init("Name"), .init("Mark")], rows: [["漢字", "🎄"], ["ab", "x"]])
        #expect(table.render(width: 80, color: false) == ["Name  Mark", "漢字  🎄", "ab    x"])
    }

    @Test func linesNeverExceedTheWidth() {
        var generator = RenderingFixtures.Generator(seed: 3)
        for _ in 0..<60 {
            let columnCount = Int.random(in: 1...5, using: &generator)
            let columns = (0..<columnCount).map { index in
                Table.Column(
                    RenderingFixtures.text(&generator, words: 2),
                    alignment: Bool.random(using: &generator) ? .left : .right,
                    flexible: index > 0 && Bool.random(using: &generator)
                )
            }
            let rows = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                (0..<Int.random(in: 0...columnCount, using: &generator)).map { _ in RenderingFixtures.text(&generator, words: 4) }
            }
            let table = Table(columns: columns, rows: rows)
            for width in [0, 1, 2, 5, 8, 12, 20, 30, 50, 80] {
                let lines = table.render(width: width, color: false)
                #expect(lines.count == rows.count + 1)
                for line in lines {
                    #expect(TextWidth.of(line) <= width)
                    #expect(!line.hasSuffix(" "))
                }
            }
        }
    }
}
