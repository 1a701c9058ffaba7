import TroveSchema
import TroveStore

/// A calendar, as read from a `calendar` record: a name and a colour that events and tasks belong to.
///
/// Not named `Calendar`, which would hide Foundation's.
public struct CalendarInfo: Sendable, Equatable {
    public var id: String
    public var name: String
    /// `#rrggbb`, or `nil` for the default colour.
    public var color: String?
    public var createdAt: String

    public init?(_ record: Record) {
        guard record.type == RecordType.calendar, let name = record.value["name"]?.stringValue else { return nil }
        id = record.id
        self.name = name
        color = record.value["color"]?.stringValue
        createdAt = record.createdAt ?? ""
    }

    /// Colours by name, as `--color` takes them.
    static let namedColors: [String: String] = [
        "red": "#d0453a", "green": "#3f9b4f", "blue": "#1f6fc5", "yellow": "#d9a521", "purple": "#8250c4",
        "orange": "#e07b24", "teal": "#22968f", "grey": "#7d8590", "gray": "#7d8590",
    ]

    /// `text` as a stored colour: a name from `namedColors` or `#rrggbb` (any case).
    static func color(_ text: String) throws -> String {
        let lowered = text.lowercased()
        if let named = namedColors[lowered] { return named }
        let hex = lowered.dropFirst()
        guard lowered.hasPrefix("#"), hex.count == 6, hex.allSatisfy(\.isHexDigit) else { throw CalendarError.invalidColor(text) }
        return lowered
    }
}
