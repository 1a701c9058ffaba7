/// How a report names what is wrong with its input: the first few problems, each cut to a readable
/// length, and a count of the rest.
///
/// A file can have a million bad lines, or one value of a hundred megabytes, and a report as large as the file
/// helps no one (one bad items CSV printed 124 MB of errors). Every importer's list of problems, refused or
/// skipped, is rendered here.
public struct ProblemList: Sendable, Equatable {
    /// How many problems are named.
    public static let named = 10
    /// The most characters of one value (a word of the input) a problem quotes.
    public static let longestValue = 80
    /// The most characters of one problem, its place and reason included.
    public static let longestProblem = 300

    /// The first `named` problems, each cut (see `cut`).
    public private(set) var shown: [String] = []
    /// How many problems there are, named or not.
    public private(set) var count = 0

    public init() {}

    public init(_ problems: some Sequence<String>) {
        for problem in problems { add(problem) }
    }

    /// Counts `problem`, and keeps it (cut) if it is among the first `named`.
    public mutating func add(_ problem: String) {
        count += 1
        if shown.count < Self.named { shown.append(Self.cut(problem)) }
    }

    /// Counts problems that were found but are not named here (a running total over several lists).
    public mutating func addUnnamed(_ number: Int) {
        count += max(0, number)
    }

    /// The shown problems after `prefix`, then a line counting the rest (with `more`'s words), if any.
    public func lines(prefix: String = "", more: (String) -> String = { "… and \($0) more" }) -> [String] {
        let rest = count - shown.count
        return shown.map { prefix + $0 } + (rest > 0 ? [prefix + more(Self.grouped(rest))] : [])
    }

    /// `value` as a message may quote it: at most `longestValue` characters, ending in "…" when cut.
    public static func excerpt(_ value: some StringProtocol) -> String {
        // `count` walks the whole value: a prefix one longer says as much without reading megabytes.
        value.prefix(longestValue + 1).count > longestValue ? String(value.prefix(longestValue - 1)) + "…" : String(value)
    }

    /// `problem` on one line (line breaks shown as ⏎), each word (a run without spaces, such as an id or a path)
    /// cut to `longestValue`, and the whole kept to about `longestProblem` by leaving out its middle, where the
    /// value is: the place it starts with and the reason it ends with stay.
    public static func cut(_ problem: String) -> String {
        if problem.utf8.count <= longestValue && !problem.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return problem }
        var words: [String] = []
        for word in problem.split(separator: " ", omittingEmptySubsequences: false) {
            let flat = word.contains(where: \.isNewline)
                ? String(word.map { $0.isNewline ? "⏎" : $0 })
                : String(word)
            // Closing quotes and punctuation stay after the cut, so the quoted value still reads as one.
            let closing = flat.reversed().prefix { "'\"”’`),;:.".contains($0) }.prefix(3).count
            words.append(excerpt(flat.dropLast(closing)) + flat.suffix(closing))
        }
        let text = words.joined(separator: " ")
        guard text.count > longestProblem else { return text }
        return String(text.prefix(longestProblem - longestValue - 3)) + " … " + String(text.suffix(longestValue))
    }

    /// `1204` as `1,204`.
    public static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
