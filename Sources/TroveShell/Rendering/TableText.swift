extension Table {
    /// The lines of `render(width:color:)`, each followed by a newline, as bytes.
    ///
    /// A listing can be tens of thousands of rows (a year's agenda), so they are laid out straight into one
    /// buffer: each cell is measured once, and a row whose cells fit their columns is copied and padded
    /// byte by byte. Only a row that needs cutting goes through `line(for:widths:)`.
    func text(width: Int, color: Bool) -> [UInt8] {
        guard !columns.isEmpty else { return [] }
        var cells = TableCells(columns: columns.count, rows: rows.count + 1)
        if showsHeader { cells.add(columns.map(\.header)) }
        for row in rows { cells.add(row) }
        let natural = columns.indices.map { column in
            stride(from: column, to: cells.widths.count, by: columns.count).reduce(0) { max($0, cells.widths[$1]) }
        }
        let widths = fittedWidths(natural: natural, width: max(0, width))
        var text: [UInt8] = []
        text.reserveCapacity(cells.rowCount * (Self.totalWidth(widths) + 1))
        for row in 0..<cells.rowCount {
            if row == 0 && showsHeader {
                let header = line(for: cells.row(0), widths: widths)
                text.append(contentsOf: SGR.apply([.bold], to: header, color: color).utf8)
            } else if !appendFittingLine(row, of: cells, widths: widths, to: &text) {
                text.append(contentsOf: line(for: cells.row(row), widths: widths).utf8)
            }
            text.append(0x0A)
        }
        return text
    }

    /// Appends `line(for:widths:)` of a row whose kept cells all fit their columns, laid out byte by byte;
    /// false, with nothing appended, for a row that needs cutting or whose end only strings can trim.
    private func appendFittingLine(_ row: Int, of cells: TableCells, widths: [Int], to text: inout [UInt8]) -> Bool {
        let first = row * columns.count
        guard widths.indices.allSatisfy({ cells.widths[first + $0] <= widths[$0] }) else { return false }
        let start = text.count
        let last = widths.count - 1
        for (column, width) in widths.enumerated() {
            if column > 0 { text.append(contentsOf: [0x20, 0x20]) }
            let gap = width - cells.widths[first + column]
            let right = columns[column].alignment == .right
            if right { text.append(contentsOf: repeatElement(0x20, count: gap)) }
            let cell = cells.texts[first + column].utf8
            if cell.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil { text.append(contentsOf: cell) }
            // The last column is padded only to push right-aligned text over; left-aligned padding would trail.
            if !right && column < last { text.append(contentsOf: repeatElement(0x20, count: gap)) }
        }
        while text.count > start && text[text.count - 1] == 0x20 {
            // A space is a character of its own after ASCII; after anything else it may belong to the
            // character before it, which only the string's own trimming knows.
            guard text.count - 1 == start || text[text.count - 2] < 0x80 else {
                text.removeSubrange(start...)
                return false
            }
            text.removeLast()
        }
        return true
    }
}

/// A table's cells made single-line, row after row, with their widths: each measured once.
private struct TableCells {
    let columns: Int
    var texts: [String] = []
    var widths: [Int] = []
    /// The widths of texts that are not plain ASCII: listings repeat them (titles with "é" or "↻"), and
    /// measuring one walks its characters.
    private var measured: [String: Int] = [:]

    init(columns: Int, rows: Int) {
        self.columns = columns
        texts.reserveCapacity(columns * rows)
        widths.reserveCapacity(columns * rows)
    }

    var rowCount: Int { texts.count / columns }

    /// Adds a row, missing cells empty and extra ones left out.
    mutating func add(_ row: [String]) {
        for column in 0..<columns {
            let cell = column < row.count ? row[column] : ""
            if TextWidth.isPrintableASCII(cell) {
                texts.append(cell)
                widths.append(cell.utf8.count)
                continue
            }
            let line = TextWidth.singleLine(cell)
            let width = measured[line] ?? TextWidth.of(line)
            measured[line] = width
            texts.append(line)
            widths.append(width)
        }
    }

    /// The cells of row `row`.
    func row(_ row: Int) -> [String] { Array(texts[(row * columns)..<((row + 1) * columns)]) }
}
