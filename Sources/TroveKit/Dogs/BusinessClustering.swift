import Foundation
import TroveIndex

/// A business record as a map needs it, read from the index alone.
public struct MappedBusiness: Sendable, Equatable {
    public var id: String
    public var dogID: String
    public var kind: BusinessKind
    /// When it happened, a UTC timestamp (these sort in time order as text).
    public var at: String
    public var latitude: Double
    public var longitude: Double

    public init(id: String, dogID: String, kind: BusinessKind, at: String, latitude: Double, longitude: Double) {
        self.id = id
        self.dogID = dogID
        self.kind = kind
        self.at = at
        self.latitude = latitude
        self.longitude = longitude
    }

    init?(_ located: LocatedRecord) {
        guard let kind = located.label.flatMap(BusinessKind.init(rawValue:)), let dog = located.parent, let at = located.start else { return nil }
        self.init(id: located.id, dogID: dog, kind: kind, at: at, latitude: located.latitude, longitude: located.longitude)
    }

    /// Whether this happened after `other` (ties broken by id, so every machine agrees).
    func isNewer(than other: MappedBusiness) -> Bool { (at, id) > (other.at, other.id) }
}

/// Records close together at a zoom, shown as one marker: the latest of them, with a count.
public struct BusinessCluster: Sendable, Equatable {
    /// A square of the clustering grid, in cells of `BusinessClustering.cellSize` pixels.
    public struct Cell: Hashable, Sendable {
        public var x: Int
        public var y: Int
    }

    public var cell: Cell
    /// Its records, newest first.
    public var records: [MappedBusiness]

    /// The record that stands for the cluster on the map.
    public var latest: MappedBusiness { records[0] }
    public var statistics: BusinessStatistics { BusinessStatistics(records) }
}

/// Grid clustering, for `business at` and `business list --at`: records in the same square of `cellSize`
/// pixels at a zoom form one cluster.
///
/// A fixed grid means the cluster "under a point" is a simple box, the same whatever else is on the
/// screen. The drawn map groups by distance instead (`MarkerClustering`), so two records either side of
/// a grid line are one marker there.
public enum BusinessClustering {
    /// The grid's square, in pixels (braille dots): four terminal columns by two rows.
    public static let cellSize = 8.0

    /// The grid square holding a point at `zoom`.
    public static func cell(latitude: Double, longitude: Double, zoom: Int) -> BusinessCluster.Cell {
        let pixel = WebMercator(zoom: zoom).pixel(latitude: latitude, longitude: longitude)
        return BusinessCluster.Cell(x: Int((pixel.x / cellSize).rounded(.down)), y: Int((pixel.y / cellSize).rounded(.down)))
    }

    /// The records grouped by grid square, the cluster with the newest record first.
    public static func clusters(of records: [MappedBusiness], zoom: Int) -> [BusinessCluster] {
        var byCell: [BusinessCluster.Cell: [MappedBusiness]] = [:]
        for record in records {
            byCell[cell(latitude: record.latitude, longitude: record.longitude, zoom: zoom), default: []].append(record)
        }
        return byCell.map { cell, records in
            BusinessCluster(cell: cell, records: records.sorted { $0.isNewer(than: $1) })
        }.sorted { $0.latest.isNewer(than: $1.latest) }
    }

    /// A box holding the grid square (a little more: records are then sorted by `cell` exactly).
    public static func box(of cell: BusinessCluster.Cell, zoom: Int) -> GeoBox {
        let margin = 0.5
        return WebMercator(zoom: zoom).box(
            minX: Double(cell.x) * cellSize - margin, minY: Double(cell.y) * cellSize - margin,
            maxX: Double(cell.x + 1) * cellSize + margin, maxY: Double(cell.y + 1) * cellSize + margin)
    }
}

/// A marker as a map draws it: where, its latest record and the statistics, without the records themselves.
public struct BusinessMarker: Sendable, Equatable {
    /// Where it is drawn, in the view's dots: its latest record's dot, or beside the "you" marker.
    public var point: MapPoint
    public var latest: MappedBusiness
    public var statistics: BusinessStatistics
    /// Whether it holds records at the user's location, moved beside the "you" marker so they stay visible.
    public var besideYou: Bool

    public init(point: MapPoint, latest: MappedBusiness, statistics: BusinessStatistics, besideYou: Bool = false) {
        self.point = point
        self.latest = latest
        self.statistics = statistics
        self.besideYou = besideYou
    }
}

/// How many pees and poos, and over what time.
public struct BusinessStatistics: Sendable, Equatable {
    public var count: Int
    public var pees: Int
    public var poos: Int
    /// The first and last times, UTC timestamps; `nil` when there are no records.
    public var first: String?
    public var last: String?

    public init(count: Int, pees: Int, first: String?, last: String?) {
        self.count = count
        self.pees = pees
        poos = count - pees
        self.first = first
        self.last = last
    }

    public init(_ records: [MappedBusiness]) {
        count = records.count
        pees = records.count { $0.kind == .pee }
        poos = count - pees
        first = records.map(\.at).min()
        last = records.map(\.at).max()
    }

    /// Whole percentages that add up to 100 (0 and 0 with no records).
    public var percentages: (pee: Int, poo: Int) {
        guard count > 0 else { return (0, 0) }
        let pee = Int((Double(pees) * 100 / Double(count)).rounded())
        return (pee, 100 - pee)
    }
}
