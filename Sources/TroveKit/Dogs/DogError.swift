/// Why a dog or business command was refused; nothing was written.
public enum DogError: Error, Equatable, CustomStringConvertible {
    case unknownDog(String, known: [String])
    case ambiguousDog(String)
    case noDog
    case dogExists(String)
    case bornInFuture(String)
    case noLocation
    case unknownRecord(String)
    case ambiguousRecord(String, matches: Int)

    public var description: String {
        switch self {
        case .unknownDog(let name, let known):
            return "no dog called '\(name)'" + (known.isEmpty ? ": there is none yet" : " (dogs: \(known.joined(separator: ", ")))")
        case .ambiguousDog(let name):
            return "several dogs are called '\(name)': give its id"
        case .noDog:
            return "there is no dog yet"
        case .dogExists(let name):
            return "a dog called '\(name)' already exists"
        case .bornInFuture(let date):
            return "the date of birth \(date) is in the future"
        case .noLocation:
            return "there is no current location"
        case .unknownRecord(let id):
            return "no business record with id \(id)"
        case .ambiguousRecord(let prefix, let count):
            return "\(count) business records have ids starting or ending with \(prefix): give more of the id"
        }
    }
}

extension DogError: UserFacingError {}
