/// Why a vCard file could not be read at all: it names the file and the line; nothing is imported.
public struct VCardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name, or `nil` for text read from elsewhere.
    public var file: String?
    /// The 1-based line at fault, or `nil` for the file as a whole.
    public var line: Int?
    public var reason: String

    public init(file: String?, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// Like `class.vcf, line 7: a card begins before the card at line 1 ends (END:VCARD missing)`.
    public var description: String {
        let place = [file, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return (place.isEmpty ? "" : place + ": ") + reason
    }
}

/// Something wrong with one card; the card is left out (with `--skip-invalid`) or refuses the import.
public struct VCardProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    /// The line of the card's BEGIN:VCARD.
    public var line: Int
    /// The card's name, when it has one.
    public var name: String?
    public var message: String

    public init(file: String?, line: Int, name: String?, message: String) {
        self.file = file
        self.line = line
        self.name = name
        self.message = message
    }

    /// Like `class.vcf, line 12 (card "Ada Lovelace"): 'ada@' is not an email address…`.
    public var description: String {
        let place = [file, "line \(line)"].compactMap { $0 }.joined(separator: ", ")
        return place + (name.map { " (card \"\($0)\")" } ?? " (card)") + ": " + message
    }
}
