import Testing
@testable import TroveKit

@Suite("Easter")
struct EasterTests {
    @Test("the Meeus/Jones/Butcher computus gives the classic check years", arguments: [
        (1954, 4, 18), (1981, 4, 19), (2049, 4, 18), (2076, 4, 19), (2100, 3, 28),
        // Extremes of the range: March 22 (1818, 2285) and April 25 (1943, 2038).
        (1818, 3, 22), (2285, 3, 22), (1943, 4, 25), (2038, 4, 25),
    ])
    func checkYears(year: Int, month: Int, day: Int) {
        #expect(Easter.sunday(year) == Cal.d(year, month, day))
    }

    @Test("Easter 2000-2030 matches the published table, and is always a Sunday")
    func table() {
        // From the published table of Western Easter dates (checked against dateutil.easter).
        let table = ["04-23", "04-15", "03-31", "04-20", "04-11", "03-27", "04-16", "04-08", "03-23", "04-12",
                     "04-04", "04-24", "04-08", "03-31", "04-20", "04-05", "03-27", "04-16", "04-01", "04-21",
                     "04-12", "04-04", "04-17", "04-09", "03-31", "04-20", "04-05", "03-28", "04-16", "04-01", "04-21"]
        for (offset, monthDay) in table.enumerated() {
            let year = 2000 + offset
            #expect(Easter.sunday(year).description == "\(year)-\(monthDay)")
        }
        for year in 1583...3000 {
            let easter = Easter.sunday(year)
            #expect(easter.weekday == .sunday)
            #expect(easter >= Cal.d(year, 3, 22) && easter <= Cal.d(year, 4, 25))
        }
    }
}
