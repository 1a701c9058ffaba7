import Foundation
import TroveKit

/// The business map as an SVG picture: the terminal map's content, drawn with shapes and no map tiles.
///
/// One braille dot becomes `scale` pixels, so the picture keeps the terminal map's proportions.
public enum BusinessMapSVG {
    static let scale = 4.0
    static let peeColor = "#d4a017"
    static let pooColor = "#7b4a1e"

    /// The picture, titled `title`, with the location marker at `here` when given.
    public static func render(_ view: BusinessMapView, here: Coordinates?, title: String) -> [UInt8] {
        let width = Double(view.width) * scale, height = Double(view.height) * scale
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height + 28))" \
            viewBox="0 0 \(number(width)) \(number(height + 28))" font-family="sans-serif">
            <title>\(ExportHTMLText.escape(title))</title>
            <rect width="100%" height="100%" fill="#f6f3ec"/>
            <text x="8" y="19" font-size="14" fill="#333">\(ExportHTMLText.escape(title))</text>
            <g transform="translate(0,28)">

            """
        for dot in view.dots {
            let (x, y) = point(dot)
            svg += "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"2\" fill=\"#777\" fill-opacity=\"0.45\"/>\n"
        }
        for cluster in view.markers.reversed() {
            let latest = cluster.latest, statistics = cluster.statistics
            let (x, y) = point(view.dot(latitude: latest.latitude, longitude: latest.longitude))
            let percentages = statistics.percentages
            svg += "<g class=\"marker \(latest.kind.rawValue)\"><title>\(statistics.count) record\(statistics.count == 1 ? "" : "s"): "
                + "pee \(percentages.pee)%, poo \(percentages.poo)%, latest \(latest.at)</title>"
                + "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"8\" fill=\"\(color(latest.kind))\" stroke=\"#fff\" stroke-width=\"1.5\"/>"
            if statistics.count > 1 {
                svg += "<text x=\"\(number(x))\" y=\"\(number(y + 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#fff\">\(statistics.count)</text>"
            }
            svg += "</g>\n"
        }
        if let here {
            let (x, y) = point(view.dot(latitude: here.latitude, longitude: here.longitude))
            svg += "<g class=\"you\"><title>You</title><circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"12\" fill=\"#2a6fdb\" fill-opacity=\"0.2\"/>"
                + "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"6\" fill=\"#2a6fdb\" stroke=\"#fff\" stroke-width=\"2\"/></g>\n"
        }
        let (metres, dots) = view.scaleBar
        let barEnd = 12 + Double(dots) * scale, barY = height - 14
        svg += """
            <g class="scale" stroke="#333" stroke-width="2"><line x1="12" y1="\(number(barY))" x2="\(number(barEnd))" y2="\(number(barY))"/>\
            <line x1="12" y1="\(number(barY - 5))" x2="12" y2="\(number(barY + 3))"/>\
            <line x1="\(number(barEnd))" y1="\(number(barY - 5))" x2="\(number(barEnd))" y2="\(number(barY + 3))"/></g>
            <text x="\(number(barEnd + 6))" y="\(number(barY + 4))" font-size="12" fill="#333">\(BusinessMapView.distanceLabel(metres))</text>
            <g class="north" transform="translate(\(number(width - 22)),10)"><polygon points="0,18 7,0 14,18 7,13" fill="#333"/>\
            <text x="7" y="32" font-size="12" text-anchor="middle" fill="#333">N</text></g>
            </g>
            </svg>

            """
        return Array(svg.utf8)
    }

    private static func point(_ dot: (x: Int, y: Int)) -> (Double, Double) {
        ((Double(dot.x) + 0.5) * scale, (Double(dot.y) + 0.5) * scale)
    }

    private static func color(_ kind: BusinessKind) -> String { kind == .pee ? peeColor : pooColor }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
