import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's dog friends: adding, editing, removing and finding them, and which one is selected.
///
/// The selection is local state (`.git/trove/state.json`), so each machine keeps its own; with none
/// saved, or the saved dog gone, the first dog added is selected.
public struct DogBook {
    public let store: Store
    /// The local-state key of the selected dog's id.
    static let selectionKey = "dog"

    public init(store: Store) { self.store = store }

    /// Every dog, in the order they were added.
    public func all() throws -> [Dog] {
        try store.records(ofType: RecordType.dog).compactMap(Dog.init).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The dog called `name` (ignoring case), or with that id or a unique id prefix of at least 4 characters.
    public func dog(named name: String) throws -> Dog {
        let dogs = try all()
        if let byID = dogs.first(where: { $0.id == name }) { return byID }
        let matches = dogs.filter { $0.name?.lowercased() == name.lowercased() }
        if matches.count > 1 { throw DogError.ambiguousDog(name) }
        if let match = matches.first { return match }
        let byPrefix = name.count >= 4 ? dogs.filter { $0.id.hasPrefix(name.lowercased()) || $0.id.hasSuffix(name.lowercased()) } : []
        if byPrefix.count == 1 { return byPrefix[0] }
        throw DogError.unknownDog(name, known: dogs.map(\.displayName))
    }

    /// The selected dog: the one saved in local state, else the first; `nil` when there is no dog.
    public func selected() throws -> Dog? {
        let dogs = try all()
        let saved = LocalSettings(storePath: store.path).value(Self.selectionKey)?.stringValue
        return dogs.first { $0.id == saved } ?? dogs.first
    }

    /// The dog a command is about: the one named, else the selected one.
    public func dog(named name: String?) throws -> Dog {
        if let name { return try dog(named: name) }
        guard let dog = try selected() else { throw DogError.noDog }
        return dog
    }

    /// Makes `dog` the selected dog on this machine.
    public func select(_ dog: Dog) throws {
        try LocalSettings(storePath: store.path).set(Self.selectionKey, .string(dog.id))
    }

    /// Adds a dog; every field is optional, but a name must not be another dog's.
    @discardableResult
    public func add(_ profile: DogProfile, now: Date = Date()) throws -> (dog: Dog, result: CommitResult) {
        let (record, result) = try store.transaction(message: "Add dog \(profile.name ?? "without a name")") { transaction -> Record in
            var fields: [String: JSONValue] = [:]
            try profile.apply(to: &fields, others: all(), now: now)
            return try transaction.put(.object(fields), type: RecordType.dog)
        }
        return (Dog(record)!, result)
    }

    /// Changes the fields `profile` sets, leaving the others.
    @discardableResult
    public func edit(_ dog: Dog, _ profile: DogProfile, now: Date = Date()) throws -> (dog: Dog, result: CommitResult) {
        let (record, result) = try store.transaction(message: "Edit dog \(dog.displayName)") { transaction -> Record in
            guard let existing = try transaction.record(id: dog.id), var fields = existing.value.objectValue else {
                throw DogError.unknownDog(dog.displayName, known: [])
            }
            try profile.apply(to: &fields, others: all().filter { $0.id != dog.id }, now: now)
            if fields == existing.value.objectValue { return existing }
            return try transaction.put(.object(fields), type: RecordType.dog)
        }
        return (Dog(record)!, result)
    }

    /// Removes a dog and the business records given (its own, found by the caller's index), in one commit.
    public func remove(_ dog: Dog, records: [String]) throws -> CommitResult {
        try store.transaction(message: "Delete dog \(dog.displayName) and its \(records.count) business records") { transaction in
            for id in records where try transaction.record(id: id) != nil { try transaction.delete(id: id) }
            try transaction.delete(id: dog.id)
        }.result
    }
}

/// The fields of a dog's profile a command sets; `nil` leaves a field as it is.
public struct DogProfile: Sendable, Equatable {
    public var name: String?
    public var sex: Dog.Sex?
    /// As typed: `YYYY-MM-DD` or anything `DateInput` reads.
    public var born: String?
    public var breed: String?

    public init(name: String? = nil, sex: Dog.Sex? = nil, born: String? = nil, breed: String? = nil) {
        self.name = name
        self.sex = sex
        self.born = born
        self.breed = breed
    }

    /// Whether the profile sets nothing.
    public var isEmpty: Bool { self == DogProfile() }

    /// Checks the values and writes them into `fields`.
    func apply(to fields: inout [String: JSONValue], others: [Dog], now: Date) throws {
        if let name {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                fields["name"] = nil
            } else {
                if others.contains(where: { $0.name?.lowercased() == trimmed.lowercased() }) { throw DogError.dogExists(trimmed) }
                fields["name"] = .string(trimmed)
            }
        }
        if let sex { fields["sex"] = .string(sex.rawValue) }
        if let born { fields["born"] = .string(try Self.birthDate(born, now: now)) }
        if let breed {
            let trimmed = breed.trimmingCharacters(in: .whitespacesAndNewlines)
            fields["breed"] = trimmed.isEmpty ? nil : .string(trimmed)
        }
    }

    /// Checks a date of birth as typed, as adding a dog would.
    public static func check(born text: String, now: Date = Date()) throws {
        _ = try birthDate(text, now: now)
    }

    /// A date of birth as `YYYY-MM-DD`, refused when it is after today.
    static func birthDate(_ text: String, now: Date) throws -> String {
        let date = try DateInput.dayStart(text, now: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd"
        let day = formatter.string(from: date)
        guard day <= formatter.string(from: now) else { throw DogError.bornInFuture(day) }
        return day
    }
}
