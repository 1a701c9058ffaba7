/// Rows of text in aligned columns under a header, fitted to a terminal width.
///
/// Layout: columns are separated by two spaces, and the header row (bold with colour) comes first,
/// then one line per row; with no rows there is just the header. Cells are padded to their column's
/// width except in the last column, which is only padded when right-aligned, and no line has trailing
/// spaces. A row with fewer cells than columns is filled with empty cells; extra cells are ignored.
/// Newlines and tabs in cells become spaces, since each row is exactly one line.
///
/// Fitting, when the natural width (widest cell of each column, plus separators) exceeds `width`:
/// 1. flexible columns are shortened with "…", always the widest first, but not below
///    `minimumFlexibleWidth` columns (or their natural width, if smaller);
/// 2. if that is not enough, trailing columns (never the first) are dropped one at a time, and the
///    columns left start again from their natural widths;
/// 3. if the first column alone is still too wide, it is cut to `width`, flexible or not.
/// So no line is ever wider than `width`. Rendering again with another width re-fits the table
/// from scratch, which is how callers redraw after the terminal is resized.
struct Table: Sendable {
    /// One column: its header, the side its cells align to, and whether it may be shortened.
    struct Column: Sendable {
        var header: String
        var alignment: TextWidth.Alignment
        /// Whether the column may be shortened with "…" to fit (see `Table`).
        var flexible: Bool

        init(_ header: String, alignment: TextWidth.Alignment = .left, flexible: Bool = false) {
            self.header = header
            self.alignment = alignment
            self.flexible = flexible
        }
    }

    /// The fewest columns fitting shortens a flexible column to.
    static let minimumFlexibleWidth = 8

    var columns: [Column]
    var rows: [[String]]
    /// Whether the first line is the headers (a plain listing has none).
    var showsHeader: Bool

    init(columns: [Column], rows: [[String]] = [], showsHeader: Bool = true) {
        self.columns = columns
        self.rows = rows
        self.showsHeader = showsHeader
    }

    /// The header and the rows as lines of at most `width` columns; no escape codes unless `color`.
    func render(width: Int, color: Bool) -> [String] {
        // The text's lines hold no newline: cells are made single-line first.
        text(width: width, color: color).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// The widths of the leading columns that are kept, after the fitting steps described on `Table`.
    func fittedWidths(natural: [Int], width: Int) -> [Int] {
        for count in stride(from: natural.count, to: 0, by: -1) {
            var widths = Array(natural.prefix(count))
            shrinkFlexible(&widths, by: Self.totalWidth(widths) - width)
            if Self.totalWidth(widths) <= width { return widths }
        }
        return [min(natural.first ?? 0, width)]
    }

    /// Shortens flexible columns, widest first, until `excess` columns are saved or none can shrink.
    private func shrinkFlexible(_ widths: inout [Int], by excess: Int) {
        var excess = excess
        while excess > 0 {
            let shrinkable = widths.indices.filter { columns[$0].flexible && widths[$0] > Self.minimumFlexibleWidth }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { return }
            // Go straight down to the next widest (or the minimum), so one very long cell costs one step.
            let nextWidest = shrinkable.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let target = max(nextWidest, Self.minimumFlexibleWidth)
            let step = max(1, min(excess, widths[widest] - target))
            widths[widest] -= step
            excess -= step
        }
    }

    /// One row laid out in the kept columns by cutting and padding its cells as strings, without trailing spaces.
    ///
    /// `TableText` lays out rows whose cells fit byte by byte; this is the way for the others, and the definition.
    func line(for row: [String], widths: [Int]) -> String {
        let last = widths.count - 1
        let cells = widths.indices.map { index in
            let cell = TextWidth.truncate(row[index], to: widths[index])
            let alignment = columns[index].alignment
            // The last column is padded only to push right-aligned text over; left-aligned padding would trail.
            return index == last && alignment == .left ? cell : TextWidth.pad(cell, to: widths[index], alignment: alignment)
        }
        return TextWidth.trimmingTrailingSpaces(cells.joined(separator: "  "))
    }

    /// The width of a line with columns of `widths`, counting the two-space separators.
    static func totalWidth(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    }
}
