import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The user's preferences that follow them to every peer: one `settings` record per store.
///
/// Its id is derived from a fixed key, so two peers that each save a setting before they first
/// sync write the same record, which then merges field by field instead of becoming two.
public struct SyncedSettings {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// The settings record's id, the same in every store.
    static let recordID = RecordID.derived(from: "trove-settings", at: Date(timeIntervalSince1970: 1_767_225_600))

    /// The values in force, with defaults for those never set.
    public struct Values: Sendable, Equatable {
        public var notificationsEnabled = true
        /// alert (at the shell prompt), email or text.
        public var method = "alert"
        /// How long before a due time a reminder comes.
        public var leadMinutes = 60
        public var email: String?
        public var phone: String?
        public var includeFeedback = false
        public var assistant = false
        public var weekStart: String?
        public var holidayCountries = ["US"]
        public var timeZone: String?
    }

    /// A setting `trove settings set` takes: its name, the field it writes, and the values it accepts.
    struct Key: Sendable {
        var name: String
        var path: [String]
        var expected: String
        var parse: @Sendable (String) -> JSONValue?
    }

    static let onOff: @Sendable (String) -> JSONValue? = { ["on": true, "yes": true, "true": true, "off": false, "no": false, "false": false][$0.lowercased()].map(JSONValue.bool) }

    static let keys: [Key] = [
        Key(name: "notifications", path: ["notifications", "enabled"], expected: "on or off", parse: onOff),
        Key(name: "notifications.method", path: ["notifications", "method"], expected: "alert, email or text") {
            ["alert", "email", "text"].contains($0.lowercased()) ? .string($0.lowercased()) : nil
        },
        Key(name: "notifications.lead", path: ["notifications", "leadMinutes"], expected: "minutes before, such as 30 or 1h30m") {
            (try? DurationInput.minutes($0)).map { JSONValue.integer($0) }
        },
        Key(name: "notifications.email", path: ["notifications", "email"], expected: "an email address") {
            $0.contains("@") && !$0.contains(" ") ? .string($0) : nil
        },
        Key(name: "notifications.phone", path: ["notifications", "phone"], expected: "a phone number") {
            $0.count >= 3 && $0.contains(where: \.isNumber) ? .string($0) : nil
        },
        Key(name: "notifications.include-feedback", path: ["notifications", "includeFeedback"], expected: "on or off", parse: onOff),
        Key(name: "assistant", path: ["assistant"], expected: "on or off", parse: onOff),
        Key(name: "week-start", path: ["weekStart"], expected: "monday or sunday") {
            ["monday", "sunday"].contains($0.lowercased()) ? .string($0.lowercased()) : nil
        },
        Key(name: "holidays", path: ["holidayCountries"], expected: "country codes such as US or US,GB") { text in
            let codes = text.uppercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !codes.isEmpty, codes.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else { return nil }
            return .array(codes.map(JSONValue.string))
        },
        Key(name: "time-zone", path: ["timeZone"], expected: "a time zone name such as Europe/Paris") {
            TimeZone(identifier: $0) != nil ? .string($0) : nil
        },
    ]

    /// The names `set` takes.
    public static var names: [String] { keys.map(\.name) }

    /// The stored settings record's fields, or none.
    func stored() throws -> [String: JSONValue] {
        try store.record(id: Self.recordID)?.value.objectValue ?? [:]
    }

    /// The values in force.
    public func current() throws -> Values {
        let fields = try stored()
        var values = Values()
        let notifications = fields["notifications"]
        if let enabled = notifications?["enabled"]?.boolValue { values.notificationsEnabled = enabled }
        if let method = notifications?["method"]?.stringValue { values.method = method }
        if let lead = notifications?["leadMinutes"]?.intValue { values.leadMinutes = lead }
        values.email = notifications?["email"]?.stringValue
        values.phone = notifications?["phone"]?.stringValue
        values.includeFeedback = notifications?["includeFeedback"]?.boolValue ?? false
        values.assistant = fields["assistant"]?.boolValue ?? false
        values.weekStart = fields["weekStart"]?.stringValue
        if let countries = fields["holidayCountries"]?.arrayValue?.compactMap(\.stringValue), !countries.isEmpty {
            values.holidayCountries = countries
        }
        values.timeZone = fields["timeZone"]?.stringValue
        return values
    }

    /// Each setting's name and stored value, as `trove settings` lists them ("-" for one never set).
    public func listing() throws -> [(name: String, value: String)] {
        let fields = JSONValue.object(try stored())
        return Self.keys.map { key in
            var value: JSONValue? = fields
            for step in key.path { value = value?[step] }
            return (key.name, value.map(Self.display) ?? "-")
        }
    }

    /// Sets one setting from the text a person typed; refuses an unknown name or a value it does not take.
    @discardableResult
    public func set(_ name: String, to text: String) throws -> CommitResult {
        guard let key = Self.keys.first(where: { $0.name == name.lowercased() }) else {
            throw CalendarError.unknownSetting(name, known: Self.names)
        }
        guard let value = key.parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw CalendarError.invalidSettingValue(key: key.name, value: text, expected: key.expected)
        }
        return try store.transaction(message: "Set \(key.name) to \(text)") { transaction in
            var fields = try transaction.record(id: Self.recordID)?.value.objectValue ?? ["id": .string(Self.recordID)]
            if key.path.count == 2 {
                var group = fields[key.path[0]]?.objectValue ?? [:]
                group[key.path[1]] = value
                fields[key.path[0]] = .object(group)
            } else {
                fields[key.path[0]] = value
            }
            try transaction.put(.object(fields), type: RecordType.settings)
        }.result
    }

    private static func display(_ value: JSONValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "on" : "off"
        case .string(let text): return text
        case .array(let items): return items.compactMap(\.stringValue).joined(separator: ",")
        default: return CanonicalJSON.compact(value)
        }
    }
}
