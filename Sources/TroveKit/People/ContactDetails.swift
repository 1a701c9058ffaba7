import Foundation
import TroveJSON

/// An email or phone with its vCard types (`work`, `cell`…), as a contact record's `emails` and `phones` hold them.
public struct ContactValue: Sendable, Equatable {
    public var value: String
    /// Lower-case, without `pref`: the preferred one is the record's `email` or `phone`.
    public var types: [String]

    public init(_ value: String, types: [String] = []) {
        self.value = value
        self.types = types
    }

    init?(_ json: JSONValue) {
        guard let value = json["value"]?.stringValue else { return nil }
        self.value = value
        types = json["types"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["value": .string(value)]
        if !types.isEmpty { fields["types"] = .array(types.map { .string($0) }) }
        return .object(fields)
    }

    /// The values of a record's `emails` or `phones`, with its `email` or `phone` first when the list lacks it
    /// (a record written before the lists, or edited with `contact edit` since).
    static func all(_ list: JSONValue?, preferred: String?) -> [ContactValue] {
        let values = list?.arrayValue?.compactMap(ContactValue.init) ?? []
        guard let preferred, !values.contains(where: { $0.value == preferred }) else { return values }
        return [ContactValue(preferred)] + values
    }
}

/// A postal address: vCard ADR's seven parts (empty when absent) and its types.
public struct ContactAddress: Sendable, Hashable {
    /// The record's keys, in ADR's order: post office box, extended address, street, locality, region, postal code, country.
    public static let keys = ["poBox", "extended", "street", "locality", "region", "postalCode", "country"]
    /// The seven parts, in `keys`' order.
    public var parts: [String]
    public var types: [String]

    public init(parts: [String], types: [String] = []) {
        self.parts = (0..<Self.keys.count).map { $0 < parts.count ? parts[$0] : "" }
        self.types = types
    }

    init?(_ json: JSONValue) {
        guard json.objectValue != nil else { return nil }
        self.init(parts: Self.keys.map { json[$0]?.stringValue ?? "" }, types: json["types"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    public var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }

    public var json: JSONValue {
        var fields: [String: JSONValue] = [:]
        for (key, part) in zip(Self.keys, parts) where !part.isEmpty { fields[key] = .string(part) }
        if !types.isEmpty { fields["types"] = .array(types.map { .string($0) }) }
        return .object(fields)
    }
}

/// vCard N: the parts of a name, empty when absent.
public struct ContactNameParts: Sendable, Equatable {
    public static let keys = ["family", "given", "additional", "prefixes", "suffixes"]
    /// The five parts, in `keys`' (and N's) order.
    public var parts: [String]

    public init(parts: [String]) {
        self.parts = (0..<Self.keys.count).map { $0 < parts.count ? parts[$0] : "" }
    }

    init?(_ json: JSONValue?) {
        guard let json, json.objectValue != nil else { return nil }
        self.init(parts: Self.keys.map { json[$0]?.stringValue ?? "" })
    }

    /// The parts a name is taken to have when nothing says otherwise: the last word the family name, the rest given.
    public static func guessed(from name: String) -> ContactNameParts {
        let words = name.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > 1 else { return ContactNameParts(parts: [name]) }
        return ContactNameParts(parts: [words.last!, words.dropLast().joined(separator: " ")])
    }

    public var json: JSONValue {
        var fields: [String: JSONValue] = [:]
        for (key, part) in zip(Self.keys, parts) where !part.isEmpty { fields[key] = .string(part) }
        return .object(fields)
    }
}
