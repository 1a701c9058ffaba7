import TroveSchema
import TroveStore

/// A dog friend, as read from a `dog` record. Every field but the id is optional, as in the seed.
public struct Dog: Sendable, Equatable {
    public enum Sex: String, Sendable, CaseIterable {
        case female, male

        /// The sex an answer names, as people type it: `female`, `f`, `F`, `♀`; `male`, `m`, `♂`.
        public init?(answer: String) {
            switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
            case "female", "f", "♀": self = .female
            case "male", "m", "♂": self = .male
            default: return nil
            }
        }
    }

    public var id: String
    public var name: String?
    public var sex: Sex?
    /// The date of birth, `YYYY-MM-DD`.
    public var born: String?
    public var breed: String?
    public var createdAt: String

    public init?(_ record: Record) {
        guard record.type == RecordType.dog else { return nil }
        let value = record.value
        id = record.id
        name = value["name"]?.stringValue
        sex = value["sex"]?.stringValue.flatMap(Sex.init(rawValue:))
        born = value["born"]?.stringValue
        breed = value["breed"]?.stringValue
        createdAt = record.createdAt ?? ""
    }

    /// How the dog is called on screen: its name, or a short id for a dog without one.
    public var displayName: String { name ?? "dog \(id.suffix(6))" }
}
