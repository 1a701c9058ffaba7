import TroveJSON

/// One stored record: a JSON object with Trove's envelope (`id`, `type`, `v`, timestamps, `clock`).
public struct Record: Sendable, Equatable {
    /// The whole record, envelope included.
    public var value: JSONValue

    public init(_ value: JSONValue) { self.value = value }

    public var id: String { value["id"]?.stringValue ?? "" }
    public var type: String { value["type"]?.stringValue ?? "" }
    public var createdAt: String? { value["createdAt"]?.stringValue }
    public var updatedAt: String? { value["updatedAt"]?.stringValue }
    public var clock: String? { value["clock"]?.stringValue }

    /// A short human label: the record's name or title if it has one.
    public var label: String? {
        for key in ["name", "title", "username"] {
            if let text = value[key]?.stringValue, !text.isEmpty { return text }
        }
        return nil
    }

    /// What a person calls the record in a sentence: its label, else the first line of its text
    /// (an entry's), without Markdown's heading marks; `nil` when it has neither.
    public var spokenName: String? {
        if let label { return label }
        guard let text = value["text"]?.stringValue else { return nil }
        let line = text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let name = line.map { $0.drop { $0 == "#" || $0 == " " } }.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// The canonical bytes stored in git.
    public var canonicalBytes: [UInt8] { CanonicalJSON.encode(value) }
}

extension JSONValue {
    /// The canonical form of a record: coordinates (`lat`, `lon`) rounded to 7 decimals, at any depth.
    func canonicalized() -> JSONValue {
        canonicalizedIfChanged() ?? self
    }

    /// The canonical form, or `nil` when the value already is (most are: no copy then).
    private func canonicalizedIfChanged() -> JSONValue? {
        switch self {
        case .object(let members):
            var result: [String: JSONValue]?
            for (key, value) in members {
                let changed: JSONValue?
                if key == "lat" || key == "lon", case .double(let number) = value {
                    let rounded = JSONValue.number((number * 1e7).rounded() / 1e7)
                    changed = rounded == value ? Optional<JSONValue>.none : rounded
                } else {
                    changed = value.canonicalizedIfChanged()
                }
                if let changed {
                    if result == nil { result = members }
                    result![key] = changed
                }
            }
            return result.map { .object($0) }
        case .array(let elements):
            let changed = elements.map { $0.canonicalizedIfChanged() }
            guard changed.contains(where: { $0 != nil }) else { return nil }
            return .array(zip(elements, changed).map { $1 ?? $0 })
        default:
            return nil
        }
    }
}
