import Foundation

/// A place on a map view, in its dots from the top left (fractions allowed: a drawing may be finer than a dot).
public struct MapPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// How big a drawing's markers are, in the drawing's own units (pixels for a picture, dots for braille).
///
/// Clustering needs the size actually drawn: markers that would overlap on that picture become one.
public struct MarkerFootprint: Sendable, Equatable {
    /// A marker's box: two markers overlap when their centres are closer than this across and closer than this down.
    public var width: Double
    public var height: Double
    /// How close a marker's centre may come to the "you" marker's, across and down, before one hides the other.
    public var youClearanceX: Double
    public var youClearanceY: Double
    /// The drawing's units in one dot of the map view.
    public var unitsPerDot: Double

    public init(width: Double, height: Double, youClearanceX: Double, youClearanceY: Double, unitsPerDot: Double) {
        self.width = width
        self.height = height
        self.youClearanceX = youClearanceX
        self.youClearanceY = youClearanceY
        self.unitsPerDot = unitsPerDot
    }

    /// Whether markers centred on `a` and `b` (in dots) would overlap when drawn.
    public func overlap(_ a: MapPoint, _ b: MapPoint) -> Bool {
        abs(a.x - b.x) * unitsPerDot < width && abs(a.y - b.y) * unitsPerDot < height
    }

    /// Whether a marker centred on `point` would hide under (or hide) the "you" marker at `you`.
    public func hides(_ point: MapPoint, you: MapPoint) -> Bool {
        abs(point.x - you.x) * unitsPerDot < youClearanceX && abs(point.y - you.y) * unitsPerDot < youClearanceY
    }

    /// The spot just right of the "you" marker, touching it, where a marker that would hide under it is drawn.
    public func beside(_ you: MapPoint) -> MapPoint { MapPoint(x: you.x + youClearanceX / unitsPerDot, y: you.y) }
}

/// The one rule that turns records into markers, for every drawing of the map (terminal and SVG).
///
/// Records are taken newest first; each joins the first (so the newest) marker it would overlap on the
/// picture drawn, or else starts its own marker at its place. A marker therefore stands at its newest
/// record, and no two markers drawn overlap. A record that would hide under the "you" marker is moved
/// just right of it first, so everything at the user's feet shows as one marker beside them.
public enum MarkerClustering {
    /// A marker: where it is drawn, which of the places given it holds (indices, newest first), and
    /// whether it holds records moved from under the "you" marker.
    public struct Group: Sendable, Equatable {
        public var point: MapPoint
        public var members: [Int]
        public var besideYou: Bool
    }

    /// Where a record at `point` is drawn: its own place, or beside `you` when it would hide under it.
    public static func drawn(_ point: MapPoint, you: MapPoint?, footprint: MarkerFootprint) -> (point: MapPoint, besideYou: Bool) {
        guard let you, footprint.hides(point, you: you) else { return (point, false) }
        return (footprint.beside(you), true)
    }

    /// Groups `points` (in dots, newest first) into markers, newest marker first.
    public static func group(_ points: [MapPoint], you: MapPoint?, footprint: MarkerFootprint) -> [Group] {
        var groups: [Group] = []
        // Markers by a bucket of the footprint's size: one that overlaps is in a neighbouring bucket.
        let bucketWidth = max(footprint.width / footprint.unitsPerDot, .leastNonzeroMagnitude)
        let bucketHeight = max(footprint.height / footprint.unitsPerDot, .leastNonzeroMagnitude)
        func bucket(_ point: MapPoint) -> (Int, Int) { (Int((point.x / bucketWidth).rounded(.down)), Int((point.y / bucketHeight).rounded(.down))) }
        var buckets: [[Int]: [Int]] = [:]
        for (index, point) in points.enumerated() {
            let (place, besideYou) = drawn(point, you: you, footprint: footprint)
            let (bx, by) = bucket(place)
            let candidates = (-1...1).flatMap { dx in (-1...1).flatMap { dy in buckets[[bx + dx, by + dy]] ?? [] } }
            if let joined = candidates.filter({ footprint.overlap(groups[$0].point, place) }).min() {
                groups[joined].members.append(index)
                groups[joined].besideYou = groups[joined].besideYou || besideYou
            } else {
                buckets[[bx, by], default: []].append(groups.count)
                groups.append(Group(point: place, members: [index], besideYou: besideYou))
            }
        }
        return groups
    }
}
