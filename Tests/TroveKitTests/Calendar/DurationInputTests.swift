import Testing
@testable import TroveKit

@Suite("durations")
struct DurationInputTests {
    @Test("lengths read as minutes", arguments: [
        ("2h30m", 150), ("90m", 90), ("1h", 60), ("45", 45), ("1.5h", 90), ("2d", 2880), ("1d2h", 1560),
        ("2h 30m", 150), ("30min", 30), ("2hrs", 120), ("0", 0), ("0.25h", 15), ("1H30M", 90), (" 10m ", 10),
    ])
    func reads(text: String, minutes: Int) throws {
        #expect(try DurationInput.minutes(text) == minutes)
    }

    @Test("minutes format in the shortest form and read back")
    func roundTrip() throws {
        #expect(DurationInput.format(minutes: 150) == "2h30m")
        #expect(DurationInput.format(minutes: 90) == "1h30m")
        #expect(DurationInput.format(minutes: 45) == "45m")
        #expect(DurationInput.format(minutes: 60) == "1h")
        #expect(DurationInput.format(minutes: 2880) == "2d")
        #expect(DurationInput.format(minutes: 1561) == "1d2h1m")
        #expect(DurationInput.format(minutes: 0) == "0m")
        #expect(DurationInput.format(minutes: -90) == "-1h30m")
        for minutes in Array(0...3000) + [10_000, 99_999, 100_000] {
            #expect(try DurationInput.minutes(DurationInput.format(minutes: minutes)) == minutes)
        }
    }

    @Test("bad lengths are refused with the forms to use", arguments: [
        "", "abc", "2x", "h", "2h30", "30m2h", "2h2h", "1..5h", "-5", ".h", "1.5", "2 3", "99999999999999999999", "5000d",
    ])
    func refused(text: String) {
        #expect(throws: DurationError.invalid(text)) { try DurationInput.minutes(text) }
        #expect(DurationError.invalid(text).description.contains("2h30m"))
    }
}
