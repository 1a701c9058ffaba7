import Foundation

/// The rules for an item's name: not blank, at most 80 characters, not another item's.
public enum ItemName {
    /// The longest name, in characters.
    public static let maximumLength = 80

    /// `text` trimmed, or the first rule it breaks; `others` are the names of the other items.
    public static func checked(_ text: String, others: [String]) throws -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ItemError.blankName }
        guard name.count <= maximumLength else { throw ItemError.nameTooLong(characters: name.count) }
        if let taken = others.first(where: { $0.compare(name, options: [.caseInsensitive]) == .orderedSame }) {
            throw ItemError.nameTaken(taken)
        }
        return name
    }
}
