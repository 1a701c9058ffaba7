/// A holiday on one day: its name, its date, and the icon the month view shows on it.
public struct Holiday: Hashable, Sendable, CustomStringConvertible {
    /// Whether the day is a day off (a public or bank holiday) or only marked (Halloween).
    public enum Kind: String, Hashable, Sendable {
        case publicHoliday = "public"
        case observance
    }

    /// "Christmas Day"; an observed or substitute day says so: "Independence Day (observed)".
    public var name: String
    /// The day, on the wall calendar of the country (no time zone).
    public var date: CivilDate
    /// The ISO 3166 code of the country whose rules gave this holiday: "US".
    public var country: String
    public var kind: Kind
    /// Whether this is the day off in place of a holiday that fell on a weekend.
    public var isObserved: Bool
    /// One emoji, two columns wide in a terminal, for the month view's "watermark": 🎄.
    public var icon: String

    public init(name: String, date: CivilDate, country: String, kind: Kind = .publicHoliday, isObserved: Bool = false, icon: String) {
        self.name = name
        self.date = date
        self.country = country
        self.kind = kind
        self.isObserved = isObserved
        self.icon = icon
    }

    /// "2026-12-25 Christmas Day".
    public var description: String { "\(date) \(name)" }
}

/// A holiday that could not be found.
public enum HolidayError: Error, Equatable, CustomStringConvertible, UserFacingError {
    case unknownCountry(String, known: [String])

    public var description: String {
        switch self {
        case .unknownCountry(let code, let known):
            return "no holidays are known for '\(code)': use one of \(known.joined(separator: ", "))"
        }
    }
}
