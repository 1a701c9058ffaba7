import Foundation
import TroveJSON

/// Points to import, read once to be checked and again to be written: a file held in memory (`PointFile`) or one
/// on disk read a feature at a time (`GeoJSONFile`), so that an import knows before it writes whether the file is
/// good, and holds no more than one point at a time.
public protocol PointSource {
    /// One line per point left out, each naming its position.
    var problems: [String] { get }
    /// Things left alone that are not errors, such as tracks and routes in a GPX file.
    var notes: [String] { get }
    /// When the file as a whole was made (GPX metadata), for points that carry no time of their own.
    var fileTime: Date? { get }
    /// How many points `forEachPoint` hands over.
    var pointCount: Int { get }
    /// Hands over each point in the file's order; throws `PointFileError.changedWhileReading` when the file no longer
    /// reads as it did.
    func forEachPoint(_ body: (BusinessPoint) throws -> Void) throws
}

extension PointFile: PointSource {
    public var pointCount: Int { points.count }
    public func forEachPoint(_ body: (BusinessPoint) throws -> Void) throws { try points.forEach(body) }
}

/// A GeoJSON file on disk, read one feature at a time: 500,000 points are imported in the memory of one.
///
/// Opening it reads it through once, keeping only the count of its points, its problems and its notes.
public struct GeoJSONFile: PointSource, Sendable {
    public let path: String
    public let problems: [String]
    public let notes: [String]
    public var fileTime: Date? { nil }
    public let pointCount: Int

    /// Reads the file at `path` through, checking every feature; throws `PointFileError` when it is not GeoJSON.
    public init(path: String) throws {
        self.path = path
        var count = 0
        var problems: [String] = []
        var stream = try Self.open(path)
        notes = try GeoJSONReader.read(&stream, point: { _ in count += 1 }, problem: { problems.append($0) })
        pointCount = count
        self.problems = problems
    }

    public func forEachPoint(_ body: (BusinessPoint) throws -> Void) throws {
        try SecondReading.check(items: pointCount, problems: problems.count, changed: PointFileError.changedWhileReading) { tally in
            var stream = try Self.open(path)
            _ = try GeoJSONReader.read(&stream, point: { point in try tally.item { try body(point) } }, problem: { _ in tally.problem() })
        }
    }

    private static func open(_ path: String) throws(PointFileError) -> JSONObjectStream {
        do { return try JSONObjectStream(path: path) } catch JSONStreamError.unreadable(let reason) {
            throw .unreadable(reason)
        } catch {
            throw .unreadable("\(error)")
        }
    }
}
