/// One property as read: name, parameters, its value as text, and typed readings.
public struct ICalProperty: Sendable, Hashable {
    /// Upper-case name, e.g. `DTSTART` or `X-WR-CALNAME`.
    public var name: String
    /// Parameters in file order, names upper-case, e.g. `("TZID", "Europe/Paris")`.
    public var parameters: [Parameter]
    /// The value in iCalendar syntax (text escaped), as libical prints it.
    public var value: String
    /// TEXT values unescaped (`\n` is a newline); `nil` for other value types.
    public var text: String?
    /// DATE and DATE-TIME values (and the start of a PERIOD), with the zone resolved.
    public var time: ICalTime?
    /// The end of a PERIOD value (`RDATE;VALUE=PERIOD`), given as an end or as the start plus a duration.
    public var periodEnd: ICalTime?
    /// DURATION values (DURATION, a relative TRIGGER).
    public var duration: ICalDuration?
    /// GEO as latitude and longitude.
    public var geo: Geo?
    /// 1-based line of the property in the file; 0 when unknown or not read from a file.
    public var line: Int

    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Geo: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// A property to write whose value is already iCalendar syntax, e.g.
    /// `ICalProperty("DTSTART", "20261122T073000", ["TZID": "Europe/Paris"])`.
    public init(_ name: String, _ value: String, _ parameters: [Parameter] = []) {
        self.name = name.uppercased()
        self.value = value
        self.parameters = parameters
        self.line = 0
    }

    /// A TEXT property to write; libical escapes commas, semicolons and newlines.
    public init(_ name: String, text: String) {
        self.init(name, "")
        self.text = text
    }

    /// The value of a parameter, by case-insensitive name.
    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.value
    }

    /// The TEXT value unescaped, or the raw value for other types.
    public var textOrValue: String { text ?? value }
}

/// A component (VCALENDAR, VEVENT, VTODO, VTIMEZONE, VALARM, ...) as plain values.
///
/// Reading copies libical's tree into these, so nothing outlives the C objects.
public struct ICalComponent: Sendable, Hashable {
    /// Upper-case name, e.g. `VEVENT`.
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// 1-based line of its BEGIN; 0 when unknown.
    public var line: Int
    /// 1-based line of its END; 0 when unknown.
    public var endLine: Int
    /// On a calendar: the components that had no END (name, line and UID only), left out of it.
    public var unterminated: [ICalComponent] = []

    public init(_ name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
        self.line = 0
        self.endLine = 0
    }

    /// The first property of that name.
    public func property(_ name: String) -> ICalProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    /// Every property of that name, in file order.
    public func properties(_ name: String) -> [ICalProperty] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }

    /// Child components of that name, in file order.
    public func components(_ name: String) -> [ICalComponent] {
        let wanted = name.uppercased()
        return components.filter { $0.name == wanted }
    }

    /// Problems libical found inside this component: the `X-LIC-ERROR` properties it
    /// inserts in place of a property it could not parse (which it then drops).
    public var parseProblems: [ICalProperty] { properties("X-LIC-ERROR") }

    /// The UID, if any.
    public var uid: String? { property("UID")?.textOrValue }
}
