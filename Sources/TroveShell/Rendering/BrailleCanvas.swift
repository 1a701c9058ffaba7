/// A drawing surface of `columns` × `rows` terminal cells, each holding 2 × 4 braille dots.
///
/// Dots are addressed from the top left, `x` to the right (0 ..< `width`) and `y` down
/// (0 ..< `height`); dots outside are ignored, so shapes may run off the edges. Text laid over the
/// dots wins over them, a wide character taking two cells. Each cell may carry a colour, used only
/// when rendering with colour. Every rendered row is exactly `columns` columns wide, with an empty
/// cell as a plain space.
struct BrailleCanvas: Sendable {
    /// A dot position.
    struct Dot: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    /// What a cell shows instead of its dots.
    private enum Glyph: Hashable, Sendable {
        case character(Character, wide: Bool)
        /// The right half of the wide character in the cell to the left.
        case continuation
    }

    private struct Cell: Hashable, Sendable {
        var dots: UInt8 = 0
        var glyph: Glyph?
        var color: SGR?
    }

    /// The bit of each dot in a braille cell, by [x][y] within the cell (Unicode's dot numbering).
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    let columns: Int
    let rows: Int
    private var cells: [Cell]

    /// Dots across and down.
    var width: Int { columns * 2 }
    var height: Int { rows * 4 }

    /// An empty canvas; negative sizes count as zero.
    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: Cell(), count: self.columns * self.rows)
    }

    /// Whether the dot at (`x`, `y`) is on the canvas.
    func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Whether the dot at (`x`, `y`) is set.
    func isSet(x: Int, y: Int) -> Bool {
        guard contains(x: x, y: y) else { return false }
        return cells[(y / 4) * columns + x / 2].dots & Self.bits[x % 2][y % 4] != 0
    }

    /// Sets the dot at (`x`, `y`), and gives its cell `color` if one is passed; ignored off the canvas.
    mutating func set(x: Int, y: Int, color: SGR? = nil) {
        guard contains(x: x, y: y) else { return }
        let index = (y / 4) * columns + x / 2
        cells[index].dots |= Self.bits[x % 2][y % 4]
        if let color { cells[index].color = color }
    }

    /// Sets the dots of a straight line from `start` to `end`, both included (Bresenham's algorithm).
    mutating func line(from start: Dot, to end: Dot, color: SGR? = nil) {
        guard let segment = clipped(start, end) else { return }
        let (start, end) = segment
        let dx = abs(end.x - start.x), dy = -abs(end.y - start.y)
        let stepX = start.x < end.x ? 1 : -1, stepY = start.y < end.y ? 1 : -1
        var (x, y) = (start.x, start.y)
        var error = dx + dy
        while true {
            set(x: x, y: y, color: color)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// Lays `text` over the cells from (`column`, `row`) rightwards; what falls off the canvas is dropped.
    ///
    /// A wide character takes two cells (and is dropped if only one is left); escape sequences are ignored.
    mutating func text(_ text: String, column: Int, row: Int, color: SGR? = nil) {
        guard row >= 0, row < rows else { return }
        var column = column
        for (character, size) in TextWidth.characters(of: text) where size > 0 {
            if column >= columns { return }
            if column >= 0 && column + size <= columns {
                place(character, wide: size == 2, at: row * columns + column, color: color)
            }
            column += size
        }
    }

    /// Sets the colour of the cell at (`column`, `row`), or clears it with nil; ignored off the canvas.
    mutating func setColor(_ color: SGR?, column: Int, row: Int) {
        guard column >= 0, row >= 0, column < columns, row < rows else { return }
        cells[row * columns + column].color = color
    }

    /// The canvas as `rows` lines of exactly `columns` columns; cell colours only when `color`.
    func render(color: Bool) -> [String] {
        (0..<rows).map { row in
            var line = ""
            var current: SGR?
            for cell in cells[row * columns ..< (row + 1) * columns] {
                let symbol: String
                switch cell.glyph {
                case .continuation?: continue
                case .character(let character, _)?: symbol = String(character)
                case nil: symbol = cell.dots == 0 ? " " : Self.braille(cell.dots)
                }
                if color && cell.color != current {
                    if current != nil { line += SGR.reset }
                    if let next = cell.color { line += SGR.start([next]) }
                    current = cell.color
                }
                line += symbol
            }
            return current == nil ? line : line + SGR.reset
        }
    }

    /// The braille character with `dots` raised.
    private static func braille(_ dots: UInt8) -> String {
        Unicode.Scalar(0x2800 + UInt32(dots)).map { String(Character($0)) } ?? " "
    }

    /// Puts a character into the cell at `index` (and the next, if wide), removing any glyph it partly covers.
    private mutating func place(_ character: Character, wide: Bool, at index: Int, color: SGR?) {
        let covered = wide ? [index, index + 1] : [index]
        for cell in covered { removeGlyph(at: cell) }
        cells[index].glyph = .character(character, wide: wide)
        if wide { cells[index + 1].glyph = .continuation }
        if let color { for cell in covered { cells[cell].color = color } }
    }

    /// Removes the glyph showing in the cell at `index`, both halves if it is wide, so the dots show again.
    private mutating func removeGlyph(at index: Int) {
        switch cells[index].glyph {
        case .character(_, wide: true)?: cells[index + 1].glyph = nil
        case .continuation?: cells[index - 1].glyph = nil
        default: break
        }
        cells[index].glyph = nil
    }

    /// The part of the segment inside the canvas (Liang–Barsky), or nil if none is.
    ///
    /// A segment already inside is returned as is, so it is drawn exactly; one reaching outside is
    /// cut at the edges and rounded to dots, which keeps drawing quick however far away its ends are.
    private func clipped(_ start: Dot, _ end: Dot) -> (Dot, Dot)? {
        guard width > 0, height > 0 else { return nil }
        if contains(x: start.x, y: start.y) && contains(x: end.x, y: end.y) { return (start, end) }
        let x0 = Double(start.x), y0 = Double(start.y)
        let dx = Double(end.x) - x0, dy = Double(end.y) - y0
        var (enter, leave) = (0.0, 1.0)
        let edges = [(-dx, x0), (dx, Double(width - 1) - x0), (-dy, y0), (dy, Double(height - 1) - y0)]
        for (direction, room) in edges {
            if direction == 0 {
                if room < 0 { return nil }
                continue
            }
            let t = room / direction
            if direction < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
        }
        guard enter <= leave else { return nil }
        let point = { (t: Double) in Dot(x: Int((x0 + t * dx).rounded()), y: Int((y0 + t * dy).rounded())) }
        return (point(enter), point(leave))
    }
}
