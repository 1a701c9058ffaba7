import TroveKit

/// Draws a business map on braille cells: each record a dot, each cluster its latest record's
/// symbol with a count, the user's marker, a scale bar and a north arrow.
struct BusinessMapCanvas {
    static let peeSymbol: Character = "○"
    static let pooSymbol: Character = "●"
    static let markerSymbol: Character = "◉"
    static let peeColor = SGR.foreground(3)
    static let pooColor = SGR.foreground(130)
    static let markerColor = SGR.foreground(12)
    static let dotColor = SGR.foreground(244)
    /// A marker is a symbol and the column after it (where its count starts) wide, and one cell (4 dots)
    /// high; "you" is one cell (2 × 4 dots). Markers closer than that would share a cell, so they cluster.
    static let footprint = MarkerFootprint(width: 4, height: 4, youClearanceX: 2, youClearanceY: 4, unitsPerDot: 1)
    /// What the map's symbols mean, printed under it.
    static let legend = "\(markerSymbol) you  \(peeSymbol) pee  \(pooSymbol) poo  (a number: that many records close together, "
        + "the latest shown; records where you stand: the marker just right of \(markerSymbol))"

    var view: BusinessMapView
    /// Where the location marker goes; none when nil.
    var here: Coordinates?
    /// A record whose marker is drawn in reverse video (the one `business show` centres on).
    var highlighted: MappedBusiness?

    /// Terminal cells across and down.
    var columns: Int { view.width / 2 }
    var rows: Int { view.height / 4 }

    /// The map as `rows` lines of `columns` columns.
    func render(color: Bool) -> [String] {
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        for dot in view.dots { canvas.set(x: dot.x, y: dot.y, color: Self.dotColor) }
        let shown = highlighted.flatMap(marker(holding:))
        drawScaleBar(on: &canvas)
        canvas.text("N", column: columns - 2, row: 0, color: .bold)
        canvas.text("↑", column: columns - 2, row: 1, color: .bold)
        let marker = here.map { view.dot(latitude: $0.latitude, longitude: $0.longitude) }.map { (column: $0.x / 2, row: $0.y / 4) }
        // Cells taken by a label: a label never covers another, so two counts can never run together.
        var taken = Set<Int>()
        if let marker {
            canvas.text(String(Self.markerSymbol), column: marker.column, row: marker.row, color: Self.markerColor)
            taken.insert(marker.row * columns + marker.column)
        }
        // Newest first: where labels crowd, the newer one is shown whole.
        for cluster in view.markers {
            let latest = cluster.latest
            let column = Int(cluster.point.x.rounded(.down)) / 2
            let row = Int(cluster.point.y.rounded(.down)) / 4
            guard column >= 0, column < columns, row >= 0, row < rows, !taken.contains(row * columns + column) else { continue }
            let symbol = latest.kind == .pee ? Self.peeSymbol : Self.pooSymbol
            let count = cluster.statistics.count > 1 ? String(cluster.statistics.count) : ""
            // The count needs its columns free and one free after it; otherwise the symbol stands alone.
            let room = (column + 1...column + count.count + 1).allSatisfy { $0 >= columns || !taken.contains(row * columns + $0) }
            let label = String(symbol) + (room ? count : "")
            let isHighlighted = shown == cluster
            canvas.text(label, column: column, row: row,
                        color: isHighlighted ? .reverse : (latest.kind == .pee ? Self.peeColor : Self.pooColor))
            for used in column..<min(columns, column + label.count + (room && !count.isEmpty ? 1 : 0)) { taken.insert(row * columns + used) }
        }
        return canvas.render(color: color)
    }

    /// The marker holding `record`: the newest one it would overlap where `MarkerClustering` draws it.
    private func marker(holding record: MappedBusiness) -> BusinessMarker? {
        let dot = view.dot(latitude: record.latitude, longitude: record.longitude)
        let you = here.map { view.dot(latitude: $0.latitude, longitude: $0.longitude) }.map { MapPoint(x: Double($0.x), y: Double($0.y)) }
        let drawn = MarkerClustering.drawn(MapPoint(x: Double(dot.x), y: Double(dot.y)), you: you, footprint: Self.footprint).point
        return view.markers.first { $0.latest.id == record.id } ?? view.markers.first { Self.footprint.overlap($0.point, drawn) }
    }

    /// Whether `point` falls outside the view's canvas.
    static func isOff(_ point: Coordinates, _ view: BusinessMapView) -> Bool {
        let dot = view.dot(latitude: point.latitude, longitude: point.longitude)
        return dot.x < 0 || dot.y < 0 || dot.x >= view.width || dot.y >= view.height
    }

    /// `├──┤ 50 m` along the bottom left, drawn in dots so its length is exact.
    private func drawScaleBar(on canvas: inout BrailleCanvas) {
        guard rows >= 2, columns >= 12 else { return }
        let (metres, length) = view.scaleBar
        let y = view.height - 3, start = 2
        canvas.line(from: .init(x: start, y: y), to: .init(x: start + length, y: y))
        for x in [start, start + length] { canvas.line(from: .init(x: x, y: y - 2), to: .init(x: x, y: y + 1)) }
        canvas.text(BusinessMapView.distanceLabel(metres), column: (start + length) / 2 + 2, row: rows - 1)
    }
}
