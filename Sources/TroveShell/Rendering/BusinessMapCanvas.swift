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
        let highlightedCell = highlighted.map {
            BusinessClustering.cell(latitude: $0.latitude, longitude: $0.longitude, zoom: view.projection.zoom)
        }
        drawScaleBar(on: &canvas)
        canvas.text("N", column: columns - 2, row: 0, color: .bold)
        canvas.text("↑", column: columns - 2, row: 1, color: .bold)
        let marker = here.map { view.dot(latitude: $0.latitude, longitude: $0.longitude) }.map { (column: $0.x / 2, row: $0.y / 4) }
        // Oldest first, so a newer cluster's label is drawn over an older one's.
        for cluster in view.markers.reversed() {
            let latest = cluster.latest
            let dot = view.dot(latitude: latest.latitude, longitude: latest.longitude)
            // A marker where the user stands goes just right of the location marker, which is drawn last.
            let column = dot.x / 2 + (marker.map { $0 == (dot.x / 2, dot.y / 4) } == true ? 1 : 0)
            let symbol = latest.kind == .pee ? Self.peeSymbol : Self.pooSymbol
            let label = String(symbol) + (cluster.statistics.count > 1 ? String(cluster.statistics.count) : "")
            let isHighlighted = cluster.cell == highlightedCell
            canvas.text(label, column: column, row: dot.y / 4,
                        color: isHighlighted ? .reverse : (latest.kind == .pee ? Self.peeColor : Self.pooColor))
        }
        if let marker { canvas.text(String(Self.markerSymbol), column: marker.column, row: marker.row, color: Self.markerColor) }
        return canvas.render(color: color)
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
