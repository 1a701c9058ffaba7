import Foundation
import TroveKit

/// The business map as an SVG picture: the terminal map's content, drawn with shapes and no map tiles.
///
/// One braille dot becomes `scale` pixels, so the picture keeps the terminal map's proportions; a
/// legend line runs under the map.
public enum BusinessMapSVG {
    static let scale = 4.0
    static let markerRadius = 8.0
    /// The "you" marker's halo, which a record marker must not cover either.
    static let youRadius = 12.0

    /// The markers' size in this picture's pixels, for `MarkerClustering`: records whose circles would
    /// overlap are one marker, and one that would hide under the "you" marker is drawn just right of it.
    public static let footprint = MarkerFootprint(width: markerRadius * 2, height: markerRadius * 2,
                                                  youClearanceX: markerRadius + youRadius, youClearanceY: markerRadius + youRadius,
                                                  unitsPerDot: scale)
    static let peeColor = "#d4a017"
    static let pooColor = "#7b4a1e"

    /// The picture, titled `title`, with the location marker at `here` when given.
    public static func render(_ view: BusinessMapView, here: Coordinates?, title: String) -> [UInt8] {
        let width = Double(view.width) * scale, height = Double(view.height) * scale
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height + 28 + 16))" \
            viewBox="0 0 \(number(width)) \(number(height + 28 + 16))" font-family="sans-serif">
            <title>\(MarkupText.escape(title))</title>
            <rect width="100%" height="100%" fill="#f6f3ec"/>
            <text x="8" y="19" font-size="14" fill="#333">\(MarkupText.escape(title))</text>
            <g transform="translate(0,28)">

            """
        for dot in view.dots {
            let (x, y) = point(MapPoint(x: Double(dot.x), y: Double(dot.y)))
            svg += "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"2\" fill=\"#777\" fill-opacity=\"0.45\"/>\n"
        }
        for cluster in view.markers.reversed() {
            let latest = cluster.latest, statistics = cluster.statistics
            let (x, y) = point(cluster.point)
            let percentages = statistics.percentages
            svg += "<g class=\"marker \(latest.kind.rawValue)\(cluster.besideYou ? " beside-you" : "")\">"
                + "<title>\(statistics.count) record\(statistics.count == 1 ? "" : "s")\(cluster.besideYou ? " (some where you are)" : ""): "
                + "pee \(percentages.pee)%, poo \(percentages.poo)%, latest \(latest.at)</title>"
                + "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(markerRadius))\" fill=\"\(color(latest.kind))\" stroke=\"#fff\" stroke-width=\"1.5\"/>"
            if statistics.count > 1 {
                svg += "<text x=\"\(number(x))\" y=\"\(number(y + 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#fff\">\(statistics.count)</text>"
            }
            svg += "</g>\n"
        }
        if let here {
            let dot = view.dot(latitude: here.latitude, longitude: here.longitude)
            let (x, y) = point(MapPoint(x: Double(dot.x), y: Double(dot.y)))
            svg += "<g class=\"you\"><title>You</title><circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(youRadius))\" fill=\"#2a6fdb\" fill-opacity=\"0.2\"/>"
                + "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"6\" fill=\"#2a6fdb\" stroke=\"#fff\" stroke-width=\"2\"/></g>\n"
        }
        let (metres, dots) = view.scaleBar
        let barEnd = 12 + Double(dots) * scale, barY = height - 14
        svg += """
            <g class="scale" stroke="#333" stroke-width="2"><line x1="12" y1="\(number(barY))" x2="\(number(barEnd))" y2="\(number(barY))"/>\
            <line x1="12" y1="\(number(barY - 5))" x2="12" y2="\(number(barY + 3))"/>\
            <line x1="\(number(barEnd))" y1="\(number(barY - 5))" x2="\(number(barEnd))" y2="\(number(barY + 3))"/></g>
            <text class="legend" x="8" y="\(number(height + 12))" font-size="10" fill="#555">\
            a number: that many records close together, the latest shown; records where you are: the marker beside you</text>
            <text x="\(number(barEnd + 6))" y="\(number(barY + 4))" font-size="12" fill="#333">\(BusinessMapView.distanceLabel(metres))</text>
            <g class="north" transform="translate(\(number(width - 22)),10)"><polygon points="0,18 7,0 14,18 7,13" fill="#333"/>\
            <text x="7" y="32" font-size="12" text-anchor="middle" fill="#333">N</text></g>
            </g>
            </svg>

            """
        return Array(svg.utf8)
    }

    /// A dot's centre, in pixels.
    private static func point(_ dot: MapPoint) -> (Double, Double) {
        ((dot.x + 0.5) * scale, (dot.y + 0.5) * scale)
    }

    private static func color(_ kind: BusinessKind) -> String { kind == .pee ? peeColor : pooColor }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
