/// Why an item, tracker or navigation command was refused; nothing was written.
public enum ItemError: Error, Equatable, CustomStringConvertible {
    case blankName
    case nameTooLong(characters: Int)
    case nameTaken(String)
    case unknownItem(String, known: [String])
    case ambiguousItem(String, matches: Int)
    case invalidTrackerID(String)
    case trackerBound(String, item: String)
    case unknownTracker(String)
    case noTracker(item: String)
    case noLocation(item: String)
    case noStart

    public var description: String {
        switch self {
        case .blankName:
            return "the item's name is empty: give it a name"
        case .nameTooLong(let count):
            return "the item's name is \(count) characters long: at most \(ItemName.maximumLength) are allowed"
        case .nameTaken(let name):
            return "an item called '\(name)' already exists: choose another name"
        case .unknownItem(let name, let known):
            return "no item called '\(name)'" + (known.isEmpty ? ": there is none yet" : " (items: \(known.joined(separator: ", ")))")
        case .ambiguousItem(let prefix, let count):
            return "\(count) items have ids starting with \(prefix): give more of the id"
        case .invalidTrackerID(let id):
            return "'\(ProblemList.excerpt(id))' is not a tracker id: use 1-64 lowercase letters, digits, '.', '_' or '-' (a MAC address such as AA:BB:CC:DD:EE:FF is fine)"
        case .trackerBound(let id, let item):
            return "tracker \(id) is already bound to '\(item)': a tracker belongs to one item"
        case .unknownTracker(let id):
            return "tracker \(id) is not registered to an item"
        case .noTracker(let item):
            return "'\(item)' has no tracker"
        case .noLocation(let item):
            return "'\(item)' has no location yet: no report has come from its tracker"
        case .noStart:
            return "no starting point: there is no current location"
        }
    }
}

extension ItemError: UserFacingError {}
