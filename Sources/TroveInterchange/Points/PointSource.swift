import Foundation
import TroveJSON

/// Points to import, read once to be checked and again to be written: a file held in memory (`PointFile`) or one
/// on disk read a point at a time (`StreamedPointFile`), so that an import knows before it writes whether the file is
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

/// What a reading of a points file found besides its points and problems.
public struct PointFileSummary: Sendable, Equatable {
    /// Things left alone that are not errors, such as tracks and routes in a GPX file.
    public var notes: [String]
    /// When the file as a whole was made (GPX metadata).
    public var fileTime: Date?

    public init(notes: [String] = [], fileTime: Date? = nil) {
        self.notes = notes
        self.fileTime = fileTime
    }
}

/// A format whose files `StreamedPointFile` reads from disk a point at a time, with what it needs to know to read
/// one (GPX: the kind of waypoints that say none).
public protocol PointFileFormat: Sendable {
    /// Reads the file at `path` through, handing over each point and each problem in the file's order. Throws
    /// `PointFileError` when the file cannot be read or is not of this format, and what `point` or `problem` throw.
    func read(path: String, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> PointFileSummary
}

/// A points file on disk, read a point at a time: 500,000 points are imported in the memory of one.
///
/// Opening it reads it through once, keeping only the count of its points, its problems and its notes; the import
/// reads it again (`SecondReading`).
public struct StreamedPointFile<Format: PointFileFormat>: PointSource, Sendable {
    public let path: String
    public let format: Format
    public let problems: [String]
    public let notes: [String]
    public let fileTime: Date?
    public let pointCount: Int

    /// Reads the file at `path` through, checking every point; throws `PointFileError` when it is not of the format.
    public init(path: String, format: Format) throws {
        self.path = path
        self.format = format
        var count = 0
        var problems: [String] = []
        let summary = try format.read(path: path, point: { _ in count += 1 }, problem: { problems.append($0) })
        notes = summary.notes
        fileTime = summary.fileTime
        pointCount = count
        self.problems = problems
    }

    public func forEachPoint(_ body: (BusinessPoint) throws -> Void) throws {
        try SecondReading.check(items: pointCount, problems: problems.count, changed: PointFileError.changedWhileReading) { tally in
            _ = try format.read(path: path, point: { point in try tally.item { try body(point) } }, problem: { _ in tally.problem() })
        }
    }
}

/// A GeoJSON file on disk, read a feature at a time.
public typealias GeoJSONFile = StreamedPointFile<GeoJSONReader>

/// A GPX file on disk, read a waypoint at a time (`GuardedXMLStream`).
public typealias GPXFile = StreamedPointFile<GPXReader>

extension StreamedPointFile where Format == GeoJSONReader {
    public init(path: String) throws { try self.init(path: path, format: GeoJSONReader()) }
}

extension GeoJSONReader: PointFileFormat {
    public func read(path: String, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> PointFileSummary {
        var stream: JSONObjectStream
        do { stream = try JSONObjectStream(path: path) } catch JSONStreamError.unreadable(let reason) {
            throw PointFileError.unreadable(reason)
        } catch {
            throw PointFileError.unreadable("\(error)")
        }
        return PointFileSummary(notes: try Self.read(&stream, point: point, problem: problem))
    }
}
