import Testing
@testable import TroveShell

struct BrailleCanvasTests {
    /// A canvas of `columns` × `rows` with every dot set.
    func full(columns: Int, rows: Int) -> BrailleCanvas {
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        for x in 0..<canvas.width { for y in 0..<canvas.height { canvas.set(x: x, y: y) } }
        return canvas
    }

    @Test func mapsEachDotToItsBrailleBit() {
        let expected: [(x: Int, y: Int, symbol: String)] = [
            (0, 0, "⠁"), (0, 1, "⠂"), (0, 2, "⠄"), (1, 0, "⠈"), (1, 1, "⠐"), (1, 2, "⠠"), (0, 3, "⡀"), (1, 3, "⢀"),
        ]
        for dot in expected {
            var canvas = BrailleCanvas(columns: 1, rows: 1)
            canvas.set(x: dot.x, y: dot.y)
            #expect(canvas.render(color: false) == [dot.symbol], "\(dot)")
            #expect(canvas.isSet(x: dot.x, y: dot.y))
        }
        #expect(full(columns: 1, rows: 1).render(color: false) == ["⣿"])
    }

    @Test func rendersEmptyCellsAsSpaces() {
        #expect(BrailleCanvas(columns: 3, rows: 2).render(color: false) == ["   ", "   "])
        #expect(BrailleCanvas(columns: 0, rows: 2).render(color: false) == ["", ""])
        #expect(BrailleCanvas(columns: -1, rows: -1).render(color: false) == [])
    }

    @Test func ignoresDotsOffTheCanvas() {
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        for (x, y) in [(-1, 0), (2, 0), (0, -1), (0, 4), (Int.min, Int.max)] { canvas.set(x: x, y: y) }
        #expect(canvas.render(color: false) == [" "])
        #expect(!canvas.isSet(x: 5, y: 5))
    }

    @Test func drawsLines() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.line(from: .init(x: 0, y: 0), to: .init(x: 3, y: 3))
        #expect(canvas.render(color: false) == ["⠑⢄"])
        var flat = BrailleCanvas(columns: 2, rows: 1)
        flat.line(from: .init(x: 3, y: 0), to: .init(x: 0, y: 0))
        #expect(flat.render(color: false) == ["⠉⠉"])
        var dot = BrailleCanvas(columns: 1, rows: 1)
        dot.line(from: .init(x: 1, y: 2), to: .init(x: 1, y: 2))
        #expect(dot.render(color: false) == ["⠠"])
    }

    @Test func drawsTheVisiblePartOfLinesRunningOffTheCanvas() {
        var canvas = BrailleCanvas(columns: 4, rows: 1)
        canvas.line(from: .init(x: -1_000_000, y: 2), to: .init(x: 1_000_000, y: 2))
        #expect(canvas.render(color: false) == ["⠤⠤⠤⠤"])
        var missed = BrailleCanvas(columns: 4, rows: 1)
        missed.line(from: .init(x: -5, y: -1), to: .init(x: 20, y: -1))
        missed.line(from: .init(x: Int.min, y: Int.min), to: .init(x: Int.max, y: Int.min))
        #expect(missed.render(color: false) == ["    "])
        var extreme = BrailleCanvas(columns: 4, rows: 2)
        extreme.line(from: .init(x: Int.min, y: Int.min), to: .init(x: Int.max, y: Int.max))
        #expect(extreme.render(color: false).count == 2, "does not hang or overflow")
    }

    @Test func setsOneDotPerStepAlongTheMajorAxis() {
        var generator = RenderingFixtures.Generator(seed: 6)
        for _ in 0..<200 {
            var canvas = BrailleCanvas(columns: 10, rows: 5)
            let start = BrailleCanvas.Dot(x: Int.random(in: 0..<20, using: &generator), y: Int.random(in: 0..<20, using: &generator))
            let end = BrailleCanvas.Dot(x: Int.random(in: 0..<20, using: &generator), y: Int.random(in: 0..<20, using: &generator))
            canvas.line(from: start, to: end)
            let set = (0..<20).flatMap { x in (0..<20).filter { y in canvas.isSet(x: x, y: y) } }
            #expect(set.count == max(abs(end.x - start.x), abs(end.y - start.y)) + 1)
            #expect(canvas.isSet(x: start.x, y: start.y) && canvas.isSet(x: end.x, y: end.y))
        }
    }

    @Test func laysTextOverTheDots() {
        var canvas = full(columns: 4, rows: 1)
        canvas.text("ab", column: 1, row: 0)
        #expect(canvas.render(color: false) == ["⣿ab⣿"])
        var clipped = full(columns: 4, rows: 1)
        clipped.text("abc", column: -1, row: 0)
        clipped.text("xyz", column: 3, row: 0)
        clipped.text("ignored", column: 0, row: 1)
        #expect(clipped.render(color: false) == ["bc⣿x"])
    }

    @Test func givesWideCharactersTwoCells() {
        var canvas = full(columns: 4, rows: 1)
        canvas.text("漢", column: 2, row: 0)
        #expect(canvas.render(color: false) == ["⣿⣿漢"])
        var tooLate = full(columns: 4, rows: 1)
        tooLate.text("a🎄", column: 2, row: 0)
        #expect(tooLate.render(color: false) == ["⣿⣿a⣿"], "no room for the second half")
        var covered = full(columns: 4, rows: 1)
        covered.text("漢", column: 1, row: 0)
        covered.text("x", column: 2, row: 0)
        #expect(covered.render(color: false) == ["⣿⣿x⣿"], "half a wide character is removed whole")
        var shifted = full(columns: 4, rows: 1)
        shifted.text("漢", column: 2, row: 0)
        shifted.text("字", column: 1, row: 0)
        #expect(shifted.render(color: false) == ["⣿字⣿"])
    }

    @Test func coloursCellsOnlyWithColour() {
        var canvas = BrailleCanvas(columns: 4, rows: 1)
        canvas.line(from: .init(x: 0, y: 0), to: .init(x: 3, y: 0), color: .foreground(1))
        canvas.text("!", column: 3, row: 0, color: .foreground(3))
        #expect(canvas.render(color: true) == ["\u{1B}[38;5;1m⠉⠉\u{1B}[0m \u{1B}[38;5;3m!\u{1B}[0m"])
        #expect(canvas.render(color: false) == ["⠉⠉ !"])
        canvas.setColor(nil, column: 0, row: 0)
        #expect(canvas.render(color: true) == ["⠉\u{1B}[38;5;1m⠉\u{1B}[0m \u{1B}[38;5;3m!\u{1B}[0m"])
    }

    @Test func rowsAreAlwaysExactlyTheCanvasWidth() {
        var generator = RenderingFixtures.Generator(seed: 7)
        for _ in 0..<50 {
            var canvas = BrailleCanvas(columns: Int.random(in: 1...12, using: &generator), rows: 3)
            for _ in 0..<6 {
                let column = Int.random(in: -3...14, using: &generator)
                canvas.text(RenderingFixtures.text(&generator, words: 2), column: column, row: Int.random(in: 0...2, using: &generator))
                canvas.line(
                    from: .init(x: Int.random(in: -5...30, using: &generator), y: Int.random(in: -5...15, using: &generator)),
                    to: .init(x: Int.random(in: -5...30, using: &generator), y: Int.random(in: -5...15, using: &generator))
                )
            }
            for line in canvas.render(color: false) {
                #expect(TextWidth.of(line) == canvas.columns, "\(line)")
                #expect(!RenderingFixtures.hasEscape(line))
            }
        }
    }
}
