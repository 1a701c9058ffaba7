import Foundation
import TroveIndex
import TroveSchema

/// Business records around a place, read from the index: for the map, its clusters and their statistics.
public struct BusinessMap {
    public let index: RecordIndex

    public init(index: RecordIndex) { self.index = index }

    /// The records inside `box`: one dog's, or with `dog` nil every dog's.
    public func records(in box: GeoBox, dog: String?) throws -> [MappedBusiness] {
        try index.locatedRecords(in: box, type: RecordType.business, parent: dog).compactMap(MappedBusiness.init)
    }

    /// The cluster whose grid square at `zoom` holds `point`, or nil when the square is empty.
    public func cluster(at point: Coordinates, zoom: Int, dog: String?) throws -> BusinessCluster? {
        let cell = BusinessClustering.cell(latitude: point.latitude, longitude: point.longitude, zoom: zoom)
        let inside = try records(in: BusinessClustering.box(of: cell, zoom: zoom), dog: dog).filter {
            BusinessClustering.cell(latitude: $0.latitude, longitude: $0.longitude, zoom: zoom) == cell
        }
        return inside.isEmpty ? nil : BusinessClustering.clusters(of: inside, zoom: zoom).first
    }

    /// The nearest record to `point` within `radius` metres, to point a user who missed a cluster to it.
    public func nearest(to point: Coordinates, within radius: Double, dog: String?) throws -> MappedBusiness? {
        let center = GeoPoint(latitude: point.latitude, longitude: point.longitude)
        return try index.records(near: center, radius: radius, type: RecordType.business, limit: 50).lazy
            .filter { dog == nil || $0.record.parent == dog }
            .compactMap { nearby -> MappedBusiness? in
                let record = nearby.record
                guard let latitude = record.latitude, let longitude = record.longitude, let dog = record.parent, let at = record.start,
                      let kind = record.label.flatMap(BusinessKind.init(rawValue:)) else { return nil }
                return MappedBusiness(id: record.id, dogID: dog, kind: kind, at: at, latitude: latitude, longitude: longitude)
            }.first
    }

    /// The view of `width` × `height` dots centred on `center` at `zoom`, with its records as dots and markers.
    ///
    /// The markers are grouped by `MarkerClustering` for a drawing whose markers are `footprint` big,
    /// with the "you" marker at `here` (nil: none drawn). The index adds the records up by pixel, so a
    /// view of every record in a big store stays quick; the markers' latest records are then read whole.
    public func view(center: Coordinates, zoom: Int, width: Int, height: Int, dog: String?,
                     footprint: MarkerFootprint, here: Coordinates? = nil) throws -> BusinessMapView {
        var view = BusinessMapView(center: center, zoom: zoom, width: width, height: height)
        let pixels = try index.pixelSummaries(in: view.box, type: RecordType.business, parent: dog, projection: view.projection,
                                              countingLabel: BusinessKind.pee.rawValue)
            .sorted { ($0.latestStart, $0.latestID) > ($1.latestStart, $1.latestID) }
        for pixel in pixels {
            view.recordCount += pixel.count
            view.dots.append((Self.wrapped(Double(pixel.x) - view.originX, view.projection.worldSize), pixel.y - Int(view.originY)))
        }
        // A pixel's records are a few metres apart at most: they go into one marker together, by their latest.
        let points = view.dots.map { MapPoint(x: Double($0.x), y: Double($0.y)) }
        let you = here.map { view.dot(latitude: $0.latitude, longitude: $0.longitude) }.map { MapPoint(x: Double($0.x), y: Double($0.y)) }
        let groups = MarkerClustering.group(points, you: you, footprint: footprint)
        let places = Dictionary(try index.locatedRecords(ids: groups.map { pixels[$0.members[0]].latestID }).map { ($0.id, $0) },
                                uniquingKeysWith: { first, _ in first })
        view.markers = groups.compactMap { group -> BusinessMarker? in
            let members = group.members.map { pixels[$0] }
            guard let latest = places[members[0].latestID].flatMap(MappedBusiness.init) else { return nil }
            let statistics = BusinessStatistics(count: members.reduce(0) { $0 + $1.count }, pees: members.reduce(0) { $0 + $1.labelled },
                                                first: members.compactMap(\.first).min(), last: members[0].latestStart)
            return BusinessMarker(point: group.point, latest: latest, statistics: statistics, besideYou: group.besideYou)
        }
        return view
    }

    /// A distance in pixels east, taking the nearer way round the world.
    static func wrapped(_ x: Double, _ worldSize: Double) -> Int {
        var x = x
        if x > worldSize / 2 { x -= worldSize } else if x < -worldSize / 2 { x += worldSize }
        return Int(x)
    }
}

/// What a map shows: a window of dots onto the projection, and the records and clusters in it.
public struct BusinessMapView: Sendable {
    public let center: Coordinates
    public let projection: WebMercator
    /// The canvas size, in dots.
    public let width: Int
    public let height: Int
    /// The pixel at the canvas's top-left dot.
    public let originX: Double
    public let originY: Double
    /// How many records the view holds.
    public var recordCount = 0
    /// The dots with at least one record, from the canvas's top left (some may be off it).
    public var dots: [(x: Int, y: Int)] = []
    /// Newest first.
    public var markers: [BusinessMarker] = []

    public init(center: Coordinates, zoom: Int, width: Int, height: Int) {
        self.center = center
        projection = WebMercator(zoom: zoom)
        self.width = max(1, width)
        self.height = max(1, height)
        let pixel = projection.pixel(latitude: center.latitude, longitude: center.longitude)
        originX = (pixel.x - Double(self.width) / 2).rounded(.down)
        originY = (pixel.y - Double(self.height) / 2).rounded(.down)
    }

    /// The points the canvas covers.
    public var box: GeoBox {
        projection.box(minX: originX, minY: originY, maxX: originX + Double(width), maxY: originY + Double(height))
    }

    /// Where a point falls on the canvas, in dots from the top left (it may be off the canvas).
    public func dot(latitude: Double, longitude: Double) -> (x: Int, y: Int) {
        let pixel = projection.pixel(latitude: latitude, longitude: longitude)
        var x = pixel.x - originX
        // Across the antimeridian the nearer copy of the world is the one on screen.
        if x > projection.worldSize / 2 { x -= projection.worldSize } else if x < -projection.worldSize / 2 { x += projection.worldSize }
        return (Int(x.rounded(.down)), Int((pixel.y - originY).rounded(.down)))
    }

    /// The ground a dot spans, at the centre.
    public var metresPerDot: Double { projection.metresPerPixel(atLatitude: center.latitude) }

    /// A scale bar: the longest round distance (1, 2 or 5 times a power of ten metres) that fits in a quarter of the width.
    public var scaleBar: (metres: Double, dots: Int) {
        let room = max(1, Double(width) / 4) * metresPerDot
        var metres = pow(10, (log10(room)).rounded(.down))
        for step in [5.0, 2.0] where metres * step <= room {
            metres *= step
            break
        }
        return (metres, max(1, Int((metres / metresPerDot).rounded())))
    }

    /// A distance as the scale bar labels it: `50 m`, `2 km`.
    public static func distanceLabel(_ metres: Double) -> String {
        metres >= 1000 ? "\(BusinessMapView.trimmed(metres / 1000)) km" : "\(BusinessMapView.trimmed(metres)) m"
    }

    private static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
