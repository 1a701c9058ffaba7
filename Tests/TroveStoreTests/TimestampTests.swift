import Foundation
import Testing
import TroveStore

/// The one reader of ISO 8601 date-times (Day One, jrnl, GPX, GeoJSON, CSV, tracker reports, gpsd and OwnTracks,
/// the HTML export, typed instants) and the one writer of the stored form.
@Suite("timestamps")
struct TimestampTests {
    @Test("date-times read as UTC and write back in the stored form", arguments: [
        ("2024-04-16T23:00:00Z", "2024-04-16T23:00:00.000Z"),
        ("2024-04-16T23:00:00.5Z", "2024-04-16T23:00:00.500Z"),
        ("2024-04-17T01:00:00+02:00", "2024-04-16T23:00:00.000Z"),
        ("2024-04-16T18:30:00-0430", "2024-04-16T23:00:00.000Z"),
        ("2024-04-16t23:00:00,25z", "2024-04-16T23:00:00.250Z"),
        ("2024-04-16 23:00:00.123456789Z", "2024-04-16T23:00:00.123Z"),
        ("2026-11-22T08:30:00.250+0100", "2026-11-22T07:30:00.250Z"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00.000Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"),
    ])
    func readsAndWrites(text: String, utc: String) throws {
        let date = try #require(Timestamp.date(iso: text))
        #expect(Timestamp.string(date, rounded: .toNearestOrAwayFromZero) == utc)
        #expect(Timestamp.date(iso: text, withoutZone: .utc) == date, "a zone given is used whatever the rule")
    }

    @Test("a time without a zone is UTC only where the format says so")
    func withoutZone() throws {
        #expect(Timestamp.date(iso: "2024-02-29T12:00:00") == nil)
        let utc = try #require(Timestamp.date(iso: "2024-02-29T12:00:00", withoutZone: .utc))
        #expect(Timestamp.string(utc) == "2024-02-29T12:00:00.000Z")
    }

    @Test("what is not a date-time, or names no real time, reads as nothing", arguments: [
        "", "2024-04-16", "yesterday", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2026-02-30T00:00:00Z",
        "2024-04-16T24:00:00Z", "2024-04-16T23:60:00Z", "2024-04-16T23:00:61Z", "2024-04-16T23:00:00Zjunk",
        "2024-04-16T23:00:00+2", "2024-04-16T23:00:00+24:00", "2024-04-16T23:00:00+01:60", "24-04-16T23:00:00Z",
        "2024-04-16T23:00:00.", "2024-04-16T23:00:00.Z", "2024-04-16T23:00Z", "2024-04-16X23:00:00Z", " 2024-04-16T23:00:00Z",
        "２０２４-04-16T23:00:00Z",
    ])
    func refuses(text: String) {
        #expect(Timestamp.date(iso: text, withoutZone: .utc) == nil)
    }

    @Test("agrees with Foundation's ISO 8601 reader on 5,000 random instants, offsets and fractions")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            // Whole milliseconds from 1601 to 9999, in a zone from -12:00 to +14:00 by quarter hours.
            let milliseconds = Int64.random(in: -11_644_473_600_000...253_402_300_799_000, using: &generator)
            let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            formatter.timeZone = TimeZone(secondsFromGMT: Int.random(in: -48...56, using: &generator) * 900)
            let text = formatter.string(from: instant)
            let read = try #require(Timestamp.date(iso: text), "\(text)")
            #expect(Int64((read.timeIntervalSince1970 * 1000).rounded()) == milliseconds, "\(text)")
            #expect(formatter.date(from: text).map { abs($0.timeIntervalSince(read)) < 0.000_5 } == true, "\(text)")
        }
    }

    @Test("the stored form: cut to the millisecond by default, or rounded for a time read from a file")
    func storedForm() throws {
        let read = try #require(Timestamp.date(iso: "2026-11-22T07:55:12.345Z"))
        #expect(Timestamp.string(read, rounded: .toNearestOrAwayFromZero) == "2026-11-22T07:55:12.345Z")
        #expect(Timestamp.string(milliseconds: 1_795_334_112_345) == "2026-11-22T07:55:12.345Z")
        #expect(Timestamp.milliseconds("2026-11-22T07:55:12.345Z") == 1_795_334_112_345)
        #expect(Timestamp.string(Date(timeIntervalSince1970: 1_795_334_112.3459)) == "2026-11-22T07:55:12.345Z")
    }

    @Test("epoch seconds: beyond ten thousand years is a unit mix-up, not a time")
    func unixSeconds() {
        #expect(Timestamp.date(unixSeconds: 1_795_279_205) == Date(timeIntervalSince1970: 1_795_279_205))
        #expect(Timestamp.date(unixSeconds: 1_795_279_205_000_000) == nil)
        #expect(Timestamp.date(unixSeconds: .nan) == nil)
    }

    @Test("a field is zero-padded to its width, and never cut")
    func field() {
        #expect(Timestamp.field(7, width: 2) == "07")
        #expect(Timestamp.field(0, width: 3) == "000")
        #expect(Timestamp.field(45, width: 4) == "0045")
        #expect(Timestamp.field(2026, width: 2) == "2026")
        #expect(Timestamp.field(12, width: 2) == "12")
    }
}
