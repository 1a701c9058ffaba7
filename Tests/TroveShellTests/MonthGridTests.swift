import Foundation
import Testing
@testable import TroveShell

struct MonthGridTests {
    /// A Gregorian calendar in `zone` with weeks starting on `firstWeekday` (1 is Sunday) and English names.
    func calendar(_ zone: String = "Europe/Berlin", firstWeekday: Int = 2) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    func date(_ calendar: Calendar, _ year: Int, _ month: Int, _ day: Int, hour: Int = 0) throws -> Date {
        try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour)))
    }

    /// November 2026 starts on a Sunday and ends on a Monday, so it spans six Monday weeks, eight with the neighbours.
    func november(color: Bool = false, width: Int = 42, palette: MonthGrid.Palette = .light) throws -> [String] {
        let calendar = try calendar()
        var grid = MonthGrid(
            calendar: calendar, year: 2026, month: 11,
            today: try date(calendar, 2026, 11, 12, hour: 15),
            marks: [try date(calendar, 2026, 11, 12, hour: 9): "3", try date(calendar, 2026, 12, 6, hour: 23): "🎄"]
        )
        grid.palette = palette
        return grid.render(width: width, color: color)
    }

    @Test func rendersAContinuousMonthWithoutColour() throws {
        #expect(try november() == [
            "              November 2026",
            " Mo    Tu    We    Th    Fr    Sa    Su",
            "(19)  (20)  (21)  (22)  (23)  (24)  (25)",
            "(26)  (27)  (28)  (29)  (30)  (31)    1",
            "  2     3     4     5     6     7     8",
            "  9    10    11   [12]3  13    14    15",
            " 16    17    18    19    20    21    22",
            " 23    24    25    26    27    28    29",
            " 30    (1)   (2)   (3)   (4)   (5)   (6)🎄",
            " (7)   (8)   (9)  (10)  (11)  (12)  (13)",
        ])
    }

    @Test func shadesMonthsAndTodayWithColour() throws {
        let lines = try november(color: true)
        #expect(lines[0] == "\u{1B}[1m              November 2026\u{1B}[0m")
        #expect(lines[1] == "\u{1B}[2m Mo    Tu    We    Th    Fr    Sa    Su\u{1B}[0m")
        // Every cell sets its text colour with its background, so none leans on the terminal's own colours.
        let outside = "\u{1B}[38;5;242;48;5;251m"
        let inside = "\u{1B}[38;5;16;48;5;254m"
        #expect(lines[3].hasPrefix(outside + " 26   \u{1B}[0m"))
        #expect(lines[3].hasSuffix(inside + "  1   \u{1B}[0m"))
        #expect(lines[5].contains("\u{1B}[38;5;231;48;5;25;1m 12 3 \u{1B}[0m"), "today stands out")
        #expect(lines[8].hasSuffix(outside + "  6 🎄\u{1B}[0m"))
        #expect(!lines.joined().contains("["  + "12]"), "no brackets with colour")
        #expect(!(try november()).contains(where: RenderingFixtures.hasEscape))
        let cells = lines.dropFirst(2).joined().split(separator: "\u{1B}").filter { $0.hasPrefix("[38;5;") || $0.hasPrefix("[48;5;") }
        #expect(cells.allSatisfy { $0.hasPrefix("[38;5;") && $0.contains(";48;5;") }, "no background without a text colour")
    }

    @Test func picksADarkPaletteWhenTheTerminalSaysItsBackgroundIsDark() throws {
        #expect(MonthGrid.Palette.forTerminal(["COLORFGBG": "15;0"]) == .dark)
        #expect(MonthGrid.Palette.forTerminal(["COLORFGBG": "0;15"]) == .light)
        #expect(MonthGrid.Palette.forTerminal([:]) == .light)
        let dark = try november(color: true, palette: .dark)
        #expect(dark[3].hasSuffix("\u{1B}[38;5;255;48;5;238m  1   \u{1B}[0m"))
    }

    @Test func usesTheWidthItHas() throws {
        let wide = try november(width: 160)
        #expect(wide[1].hasPrefix(" Mo                  Tu"), "cells of 20 columns at 160: \(wide[1])")
        #expect(wide.allSatisfy { TextWidth.of($0) <= 140 })
        #expect(wide[0] == String(repeating: " ", count: 63) + "November 2026", "centred over the 140-column grid")
        let calendar = try calendar()
        var rooms: Set<Int> = []
        let grid = MonthGrid(calendar: calendar, year: 2026, month: 11) { _, room in rooms.insert(room); return "Standup meeting" }
        let lines = grid.render(width: 100, color: false)
        #expect(rooms == [10], "a 14-column cell leaves 10 for the mark")
        #expect(lines[4].hasPrefix("  2 Standup m…"), "\(lines[4])")
    }

    @Test func dropsMarksWhenNarrow() throws {
        let lines = try november(width: 30)
        #expect(lines[1] == " Mo  Tu  We  Th  Fr  Sa  Su")
        #expect(lines[5] == "  9  10  11 [12] 13  14  15")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 28 })
    }

    @Test func startsWeeksOnTheCalendarsFirstWeekday() throws {
        // February 2026 runs exactly Sunday the 1st to Saturday the 28th: the shortest grid, six weeks.
        let calendar = try calendar("America/New_York", firstWeekday: 1)
        let grid = MonthGrid(calendar: calendar, year: 2026, month: 2)
        let lines = grid.render(width: 42, color: false)
        #expect(lines[0] == "              February 2026")
        #expect(lines[1] == " Su    Mo    Tu    We    Th    Fr    Sa")
        #expect(lines[2] == "(25)  (26)  (27)  (28)  (29)  (30)  (31)")
        #expect(lines[3] == "  1     2     3     4     5     6     7")
        #expect(lines.last == " (1)   (2)   (3)   (4)   (5)   (6)   (7)")
        #expect(grid.days().count == 42)
    }

    @Test func listsTheDaysInDisplayOrder() throws {
        let calendar = try calendar()
        let days = MonthGrid(calendar: calendar, year: 2026, month: 11).days()
        #expect(days.count == 56)
        #expect(days.first == (try date(calendar, 2026, 10, 19)))
        #expect(days.last == (try date(calendar, 2026, 12, 13)))
    }

    @Test func marksAreLookedUpByDayStart() throws {
        let calendar = try calendar()
        var asked: [Date] = []
        let grid = MonthGrid(calendar: calendar, year: 2026, month: 11) { day, _ in
            asked.append(day)
            return nil
        }
        _ = grid.render(width: 80, color: false)
        #expect(asked == grid.days())
    }

    @Test func cutsMarksToTwoColumns() throws {
        let calendar = try calendar()
        let grid = MonthGrid(calendar: calendar, year: 2026, month: 11) { _, _ in "1234" }
        #expect(grid.render(width: 42, color: false)[4] == "  2 1…  3 1…  4 1…  5 1…  6 1…  7 1…  8 1…")
    }

    /// Every month of two years, in zones with odd DST rules, for each first weekday.
    @Test func gridsAreWholeWeeksAroundTheMonth() throws {
        for zone in ["UTC", "Europe/Berlin", "America/Santiago", "Asia/Tehran", "Pacific/Apia", "Australia/Lord_Howe"] {
            for firstWeekday in 1...7 {
                let calendar = try calendar(zone, firstWeekday: firstWeekday)
                for month in 1...24 {
                    let grid = MonthGrid(calendar: calendar, year: 2025 + (month - 1) / 12, month: (month - 1) % 12 + 1)
                    let days = grid.days()
                    let first = try #require(grid.firstOfMonth)
                    #expect(days.count % 7 == 0 && (42...56).contains(days.count))
                    #expect(calendar.component(.weekday, from: days[0]) == firstWeekday)
                    #expect(days.prefix(7).allSatisfy { $0 < first }, "a whole week before the month")
                    #expect(days.suffix(7).allSatisfy { !calendar.isDate($0, equalTo: first, toGranularity: .month) && $0 > first })
                    for (day, next) in zip(days, days.dropFirst()) {
                        // Not `dateComponents(_:from:to:)`: it counts a day that starts at 01:00 (Santiago) as 0 days long.
                        let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: day))
                        #expect(calendar.isDate(next, inSameDayAs: tomorrow), "\(zone) \(day) \(next)")
                        #expect(calendar.startOfDay(for: day) == day)
                    }
                    let lines = grid.render(width: 80, color: false)
                    #expect(lines.count == 2 + days.count / 7)
                    #expect(lines.allSatisfy { TextWidth.of($0) <= 80 })
                }
            }
        }
    }
}
