import Foundation
import Testing
@testable import TroveKit

@Suite("month grids, weeks and periods")
struct CalendarMonthTests {
    /// 2026's months starting on each weekday, with the grid's first and last days for both week starts.
    @Test("grids for months starting on each weekday show a whole week either side", arguments: [
        // June 2026 starts on a Monday, September a Tuesday, April a Wednesday, January a Thursday,
        // May a Friday, August a Saturday and February a Sunday.
        (6, Weekday.monday, "2026-05-25", "2026-07-12", 7), (6, .sunday, "2026-05-24", "2026-07-11", 7),
        (9, .monday, "2026-08-24", "2026-10-11", 7), (9, .sunday, "2026-08-23", "2026-10-10", 7),
        (4, .monday, "2026-03-23", "2026-05-10", 7), (4, .sunday, "2026-03-22", "2026-05-09", 7),
        (1, .monday, "2025-12-22", "2026-02-08", 7), (1, .sunday, "2025-12-21", "2026-02-07", 7),
        (5, .monday, "2026-04-20", "2026-06-07", 7), (5, .sunday, "2026-04-19", "2026-06-13", 8),
        (8, .monday, "2026-07-20", "2026-09-13", 8), (8, .sunday, "2026-07-19", "2026-09-12", 8),
        (2, .monday, "2026-01-19", "2026-03-08", 7), (2, .sunday, "2026-01-25", "2026-03-07", 6),
    ])
    func grid(month: Int, firstWeekday: Weekday, first: String, last: String, weeks: Int) {
        let grid = CalendarMonth(year: 2026, month: month, firstWeekday: firstWeekday)
        #expect(grid.first.weekday == [6: Weekday.monday, 9: .tuesday, 4: .wednesday, 1: .thursday, 5: .friday, 8: .saturday, 2: .sunday][month])
        #expect(grid.weeks.count == weeks)
        #expect(grid.gridDays.first?.description == first)
        #expect(grid.gridDays.last?.description == last)
        #expect(grid.gridDays.count == 7 * weeks)
        #expect(grid.weeks.allSatisfy { $0.start.weekday == firstWeekday })
        // The leading and trailing weeks lie wholly in the neighbouring months.
        #expect(grid.weeks.first!.days.allSatisfy { $0 < grid.first })
        #expect(grid.weeks.last!.days.allSatisfy { $0 > grid.last })
        #expect(grid.weeks[1].contains(grid.first))
        #expect(grid.weeks[weeks - 2].contains(grid.last))
        #expect(grid.ownWeeks.count == weeks - 2)
    }

    @Test("every grid from 2000 to 2030 is continuous and matches MonthGrid's arithmetic")
    func matchesShellGrid() {
        for year in 2000...2030 {
            for month in 1...12 {
                for firstWeekday in [Weekday.monday, .sunday] {
                    let grid = CalendarMonth(year: year, month: month, firstWeekday: firstWeekday)
                    let days = grid.gridDays
                    // MonthGrid.days(): the days before the 1st and after the last, as the shell counts them.
                    let before = (grid.first.weekday.rawValue - firstWeekday.rawValue + 7) % 7 + 7
                    let after = (firstWeekday.rawValue + 6 - grid.last.weekday.rawValue) % 7 + 7
                    #expect(days.first == grid.first.adding(days: -before))
                    #expect(days.last == grid.last.adding(days: after))
                    #expect(zip(days, days.dropFirst()).allSatisfy { $0.adding(days: 1) == $1 })
                    #expect((6...8).contains(grid.weeks.count))
                    #expect(grid.days.count == CivilDate.daysIn(month: month, year: year))
                }
            }
        }
    }

    @Test("months roll over and move forward and back")
    func navigation() {
        let november = CalendarMonth(year: 2026, month: 11, firstWeekday: .monday)
        #expect(november.next == CalendarMonth(year: 2026, month: 12, firstWeekday: .monday))
        #expect(november.next.next.year == 2027 && november.next.next.month == 1)
        #expect(november.adding(months: -11) == CalendarMonth(year: 2025, month: 12, firstWeekday: .monday))
        #expect(CalendarMonth(year: 2026, month: 0, firstWeekday: .monday).month == 12)
        #expect(CalendarMonth(year: 2026, month: 0, firstWeekday: .monday).year == 2025)
        #expect(CalendarMonth(containing: Cal.d(2026, 2, 14), firstWeekday: .sunday).previous.first == Cal.d(2026, 1, 1))
        #expect(november.contains(Cal.d(2026, 11, 30)) && !november.contains(Cal.d(2026, 12, 1)))
        #expect(november.interval(in: Cal.newYork).start == Cal.at("2026-11-01T04:00:00Z"))
        #expect(november.interval(in: Cal.newYork).end == Cal.at("2026-12-01T05:00:00Z"))
    }

    @Test("neighbouring months always have different shades, across years too")
    func shades() {
        var month = Cal.d(1999, 1, 15)
        for _ in 0..<400 {
            #expect(CalendarMonth.shade(of: month) != CalendarMonth.shade(of: month.adding(months: 1)))
            #expect(CalendarMonth.shade(of: month.firstOfMonth) == CalendarMonth.shade(of: month.lastOfMonth))
            month = month.adding(months: 1)
        }
    }

    @Test("the week containing a date, and moving by weeks")
    func weeks() {
        let monday = CalendarWeek(containing: Cal.d(2026, 11, 22), firstWeekday: .monday)
        #expect(monday.start == Cal.d(2026, 11, 16) && monday.end == Cal.d(2026, 11, 22))
        let sunday = CalendarWeek(containing: Cal.d(2026, 11, 22), firstWeekday: .sunday)
        #expect(sunday.start == Cal.d(2026, 11, 22) && sunday.end == Cal.d(2026, 11, 28))
        #expect(monday.next.start == Cal.d(2026, 11, 23))
        #expect(monday.previous.days.first == Cal.d(2026, 11, 9))
        #expect(monday.days.map(\.weekday) == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
        #expect(CalendarWeek(containing: Cal.d(2026, 12, 31), firstWeekday: .monday).next.start == Cal.d(2027, 1, 4))
        // The week of the fall-back night has an hour more.
        #expect(CalendarWeek(containing: Cal.d(2026, 11, 1), firstWeekday: .sunday).interval(in: Cal.newYork).duration == 7 * 86400 + 3600)
    }

    @Test("day, week and month views cover their days and step through time")
    func periods() {
        let date = Cal.d(2026, 1, 31)
        #expect(CalendarPeriod.day.days(containing: date, firstWeekday: .monday) == date...date)
        #expect(CalendarPeriod.week.days(containing: date, firstWeekday: .monday) == Cal.d(2026, 1, 26)...Cal.d(2026, 2, 1))
        #expect(CalendarPeriod.month.days(containing: date, firstWeekday: .monday) == Cal.d(2026, 1, 1)...date)
        #expect(CalendarPeriod.day.step(date, by: 1) == Cal.d(2026, 2, 1))
        #expect(CalendarPeriod.week.step(date, by: -1) == Cal.d(2026, 1, 24))
        #expect(CalendarPeriod.month.step(date, by: 1) == Cal.d(2026, 2, 28))
        #expect(CalendarPeriod(rawValue: "week") == .week)
        let spring = CalendarPeriod.day.interval(containing: Cal.d(2026, 3, 8), firstWeekday: .monday, in: Cal.newYork)
        #expect(spring.duration == 23 * 3600)
    }
}
