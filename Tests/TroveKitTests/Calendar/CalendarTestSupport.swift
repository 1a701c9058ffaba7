import Foundation
@testable import TroveKit

/// Dates for the calendar tests, written as they read.
enum Cal {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let utc = TimeZone(identifier: "UTC")!

    /// A civil date; crashes on a typo, which is what a test wants.
    static func d(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day)! }

    /// The instant of an ISO 8601 string with its zone.
    static func at(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
        return date
    }
}
