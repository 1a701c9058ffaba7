import Testing
@testable import TroveShell

struct BarChartTests {
    let fruit = BarChart(items: [.init("apples", 4), .init("pears", 2), .init("plums", 0)])

    @Test func scalesBarsToTheLargestValue() {
        #expect(fruit.render(width: 20, color: false) == [
            "apples ███████████ 4",
            "pears  █████▌ 2",
            "plums  0",
        ])
    }

    @Test func drawsFractionsInEighths() {
        #expect(BarChart.bar(1, of: 8, width: 1) == "▏")
        #expect(BarChart.bar(4, of: 8, width: 1) == "▌")
        #expect(BarChart.bar(7, of: 8, width: 1) == "▉")
        #expect(BarChart.bar(8, of: 8, width: 1) == "█")
        #expect(BarChart.bar(3, of: 8, width: 2) == "▊")
        #expect(BarChart.bar(11, of: 16, width: 2) == "█▍")
    }

    @Test func givesEveryPositiveValueAVisibleBar() {
        #expect(BarChart.bar(0.001, of: 1000, width: 10) == "▏")
        #expect(BarChart.bar(0, of: 1000, width: 10) == "")
    }

    @Test func drawsNegativeAndNonFiniteValuesAsZero() {
        let chart = BarChart(items: [.init("up", 2), .init("down", -3), .init("odd", .nan), .init("far", .infinity)])
        #expect(chart.render(width: 17, color: false) == [
            "up   ████████ 2",
            "down -3",
            "odd  NaN",
            "far  ∞",
        ])
    }

    @Test func survivesAllZeroAndEmptyInput() {
        let zeros = BarChart(items: [.init("a", 0), .init("b", -1)])
        #expect(zeros.render(width: 20, color: false) == ["a 0", "b -1"])
        #expect(BarChart(items: []).render(width: 20, color: false) == [])
    }

    @Test func usesTheFormatter() {
        let chart = BarChart(items: [.init("done", 0.5), .init("left", 0.25)]) { "\(Int($0 * 100))%" }
        #expect(chart.render(width: 17, color: false) == ["done ████████ 50%", "left ████ 25%"])
    }

    @Test func formatsNumbersCompactly() {
        #expect(BarChart.defaultFormat(42) == "42")
        #expect(BarChart.defaultFormat(-7) == "-7")
        #expect(BarChart.defaultFormat(1.5) == "1.5")
        #expect(BarChart.defaultFormat(3.14159) == "3.14")
        #expect(BarChart.defaultFormat(-0.001) == "0")
        #expect(BarChart.defaultFormat(1e20) == "100000000000000000000")
    }

    @Test func coloursOnlyTheBarsAndOnlyWithColour() {
        let lines = fruit.render(width: 20, color: true)
        #expect(lines[1] == "pears  \u{1B}[38;5;6m█████▌\u{1B}[0m 2")
        #expect(lines[2] == "plums  0")
        #expect(!fruit.render(width: 20, color: false).contains(where: RenderingFixtures.hasEscape))
    }

    @Test func cutsLongLabelsToLeaveRoomForBars() {
        let chart = BarChart(items: [.init("a rather long label", 1)])
        #expect(chart.render(width: 20, color: false) == ["a rath… ██████████ 1"])
    }

    @Test func linesNeverExceedTheWidth() {
        var generator = RenderingFixtures.Generator(seed: 5)
        for _ in 0..<60 {
            let items = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                BarChart.Item(RenderingFixtures.text(&generator, words: 3), Double.random(in: -10...1000, using: &generator))
            }
            let chart = BarChart(items: items)
            for width in [0, 1, 3, 8, 12, 20, 40, 80] {
                let lines = chart.render(width: width, color: false)
                #expect(lines.count == items.count)
                for line in lines { #expect(TextWidth.of(line) <= width) }
            }
        }
    }
}
