import Foundation
import TroveIndex
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore

/// What `map` and `business show` share: the map's size, its title and legend, and its exports.
enum MapLayout {
    /// Lines around the drawing: the title above, the legend and a hint below, and the next prompt.
    static let reservedRows = 4

    /// The drawing's size in cells: `--size COLSxROWS`, else the terminal's (80 × 24 off a terminal).
    static func size(_ given: String?, _ env: CommandEnvironment) throws -> (columns: Int, rows: Int) {
        if let given {
            let parts = given.lowercased().split(separator: "x").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let columns = parts[0], let rows = parts[1], (10...1000).contains(columns), (3...500).contains(rows) else {
                throw CommandFailure(message: "'\(given)' is not a size: give COLUMNSxROWS, e.g. 80x20 (at least 10x3)")
            }
            return (columns, rows)
        }
        return (max(10, env.terminal.width), max(3, env.terminal.height - reservedRows))
    }

    /// `Pixel · 48.87250, 2.36510 · zoom 16, 120 m across · 23 records`.
    static func title(view: BusinessMapView, dog: Dog?) throws -> String {
        let across = BusinessMapView.distanceLabel((Double(view.width) * view.metresPerDot).rounded())
        let count = view.recordCount
        return "\(dog?.displayName ?? "All dogs") · \(BusinessRecordOptions.format(view.center)) · zoom \(view.projection.zoom), \(across) across · "
            + "\(count) record\(count == 1 ? "" : "s")" + (view.markers.count < count ? " in \(view.markers.count) marker\(view.markers.count == 1 ? "" : "s")" : "")
    }

    /// Prints the title, the drawing, the legend and how to see a marker's statistics.
    static func print(_ view: BusinessMapView, here: Coordinates?, highlighted: MappedBusiness?, title: String, _ env: CommandEnvironment) {
        lines(view, here: here, highlighted: highlighted, title: title, color: env.terminal.color).forEach { env.out.line($0) }
    }

    /// The title, the drawing, the legend and how to see a marker's statistics, as lines.
    static func lines(_ view: BusinessMapView, here: Coordinates?, highlighted: MappedBusiness?, title: String, color: Bool) -> [String] {
        var lines = [SGR.apply([.bold], to: title, color: color)]
        lines += BusinessMapCanvas(view: view, here: here, highlighted: highlighted).render(color: color)
        lines.append(BusinessMapCanvas.legend)
        if let here, BusinessMapCanvas.isOff(here, view) {
            let away = GeoMath.distance(GeoPoint(latitude: here.latitude, longitude: here.longitude),
                                        GeoPoint(latitude: view.center.latitude, longitude: view.center.longitude))
            lines.append("You are off the map, \(BusinessMapView.distanceLabel(away.rounded())) from its centre: trove map --center")
        }
        if let newest = view.markers.first?.latest {
            lines.append("Statistics of the newest marker: trove business at \(String(format: "%.6f,%.6f", newest.latitude, newest.longitude)) --zoom \(view.projection.zoom)")
        }
        return lines
    }

    /// The view as JSON: its centre and zoom, and each marker with its statistics.
    static func json(_ view: BusinessMapView) -> JSONValue {
        [
            "center": ["lat": .double(view.center.latitude), "lon": .double(view.center.longitude)],
            "zoom": .integer(view.projection.zoom), "records": .integer(view.recordCount),
            "markers": .array(view.markers.map { cluster in
                let statistics = cluster.statistics
                return [
                    "id": .string(cluster.latest.id), "kind": .string(cluster.latest.kind.rawValue),
                    "lat": .double(cluster.latest.latitude), "lon": .double(cluster.latest.longitude),
                    "count": .integer(statistics.count), "besideYou": .bool(cluster.besideYou), "pees": .integer(statistics.pees), "poos": .integer(statistics.poos),
                    "first": statistics.first.map { .string($0) } ?? .null, "last": statistics.last.map { .string($0) } ?? .null,
                ]
            }),
        ]
    }

    /// Records as the exporters take them, with their dogs' names.
    static func exported(_ records: [MappedBusiness], store: Store) throws -> [ExportedBusiness] {
        let names = Dictionary(try DogBook(store: store).all().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return records.sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map { record in
            ExportedBusiness(id: record.id, kind: record.kind.rawValue,
                             time: Date(timeIntervalSince1970: Double(Timestamp.milliseconds(record.at) ?? 0) / 1000),
                             latitude: record.latitude, longitude: record.longitude, dogID: record.dogID,
                             dogName: names[record.dogID] ?? nil, note: nil)
        }
    }

    /// Writes a file whole (a temporary file renamed over it), or says why not.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do { try LocalFile.write(bytes, to: path) } catch {
            throw CommandFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
