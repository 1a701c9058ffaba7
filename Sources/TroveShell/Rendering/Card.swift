/// One record shown as a title and `key  value` lines, fitted to a terminal width.
///
/// Layout:
/// - the title, if any, on its own line (bold with colour), cut with "…" if too long;
/// - one field per key, the keys left-aligned and padded to the longest key, then two spaces, then the value;
/// - values are word-wrapped to the remaining width (see `TextWidth.wrap`), their own newlines kept,
///   and every continuation line is indented to start under the value column;
/// - an empty, blank or missing value is shown as "—";
/// - keys (and the "—") are dim with colour.
///
/// Keys longer than the room allows are cut with "…" so that values keep at least
/// `minimumValueWidth` columns (or half the line on very narrow widths). No line is wider than `width`
/// and none has trailing spaces.
struct Card: Sendable {
    /// One `key  value` line; a `nil` value is shown as "—".
    struct Field: Sendable {
        var key: String
        var value: String?

        init(_ key: String, _ value: String?) {
            self.key = key
            self.value = value
        }
    }

    /// The fewest columns the value column keeps when keys are long.
    static let minimumValueWidth = 12

    var title: String?
    var fields: [Field]

    init(title: String? = nil, fields: [Field] = []) {
        self.title = title
        self.fields = fields
    }

    /// Adds a field at the end.
    mutating func add(_ key: String, _ value: String?) {
        fields.append(Field(key, value))
    }

    /// The card as lines of at most `width` columns; no escape codes unless `color`.
    func render(width: Int, color: Bool) -> [String] {
        let width = max(0, width)
        var lines: [String] = []
        if let title, !title.isEmpty {
            let line = TextWidth.trimmingTrailingSpaces(TextWidth.truncate(TextWidth.singleLine(title), to: width))
            lines.append(SGR.apply([.bold], to: line, color: color))
        }
        let keys = fields.map { TextWidth.singleLine($0.key) }
        let longestKey = keys.map(TextWidth.of).max() ?? 0
        let keyWidth = min(longestKey, max(1, width - 2 - Self.minimumValueWidth, (width - 2) / 2))
        let valueWidth = max(1, width - keyWidth - 2)
        let indent = String(repeating: " ", count: keyWidth + 2)
        for (key, field) in zip(keys, fields) {
            let shownKey = SGR.apply([.dim], to: TextWidth.truncate(key, to: keyWidth), color: color)
            let values = Self.valueLines(field.value, width: valueWidth, color: color)
            for (index, value) in values.enumerated() {
                let start = index == 0 ? TextWidth.pad(shownKey, to: keyWidth) + "  " : indent
                // The cut only bites below four columns, where even a one-letter key and value cannot fit.
                lines.append(TextWidth.trimmingTrailingSpaces(TextWidth.truncate(start + value, to: width)))
            }
        }
        return lines
    }

    /// The lines of one value wrapped to `width`, or a (dim) "—" when there is nothing to show.
    private static func valueLines(_ value: String?, width: Int, color: Bool) -> [String] {
        guard let value, value.contains(where: { !$0.isWhitespace }) else {
            return [SGR.apply([.dim], to: "—", color: color)]
        }
        return TextWidth.wrap(value, to: width)
    }
}
