import Foundation
import TroveJSON

/// Reads business points from GeoJSON: a FeatureCollection, one Feature, or a bare Point.
///
/// Each Point feature is one pee or poo, its kind in `properties.kind`. Other geometries
/// (a walk's LineString, a park's Polygon) are counted in `notes` and left alone.
public struct GeoJSONReader: Sendable {
    public init() {}

    /// The points of a GeoJSON document held in memory.
    public static func read(_ bytes: [UInt8]) throws -> PointFile {
        var stream = JSONObjectStream(bytes: bytes)
        var points: [BusinessPoint] = []
        var problems: [String] = []
        let notes = try read(&stream, point: { points.append($0) }, problem: { problems.append($0) })
        return PointFile(points: points, problems: problems, notes: notes)
    }

    /// Reads a document one feature at a time: each point goes to `point` and each feature left out to `problem`, in
    /// the file's order, in memory that does not grow with a FeatureCollection's length (`GeoJSONFile`).
    ///
    /// - Returns: the notes on what was left alone (features that are not points).
    /// - Throws: `PointFileError` when the file is not GeoJSON (after handing over the features before the fault),
    ///   and whatever the closures throw.
    static func read(_ stream: inout JSONObjectStream, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> [String] {
        var reading = Reading()
        // RFC 7946 does not order the members: "type" may come after the features. Features are read as they come,
        // and the type checked at the end, which a file whose type is not FeatureCollection then fails as a whole.
        var members: [String: JSONValue] = [:]
        var features = 0
        var readBeforeType = false
        func take(_ result: Reading.Result) throws {
            switch result {
            case .point(let found): try point(found)
            case .problem(let text): try problem(text)
            case .skipped: break
            }
        }
        do {
            try stream.read(streaming: "features", element: { feature in
                features += 1
                // A Feature or geometry may carry a "features" member of its own (RFC 7946's foreign members).
                if let type = members["type"], type != .string("FeatureCollection") { return }
                if members["type"] == nil { readBeforeType = true }
                try take(reading.readFeature(feature, position: "feature \(features)"))
            }, member: { name, value in members[name] = value })
        } catch let error as JSONParseError {
            throw PointFileError.notJSON("line \(error.line), column \(error.column): \(error.reason)")
        } catch JSONStreamError.notAnObject(let found) {
            throw PointFileError.notGeoJSON(found: "a JSON \(found)")
        } catch JSONStreamError.unreadable(let reason) {
            throw PointFileError.unreadable(reason)
        }
        guard let type = members["type"]?.stringValue else {
            throw PointFileError.notGeoJSON(found: "an object without a \"type\"")
        }
        switch type {
        case "FeatureCollection":
            guard stream.sawArrayMember else {
                throw PointFileError.notGeoJSON(found: "a FeatureCollection without a \"features\" array")
            }
        case _ where readBeforeType:
            // Its features were read as a FeatureCollection's, but its type, which came after them, says otherwise.
            throw PointFileError.notGeoJSON(found: "an object with \"type\": \"\(type)\" and a \"features\" array")
        case "Feature":
            try take(reading.readFeature(.object(members), position: "feature 1"))
        case "Point":
            // A bare geometry has no properties, so it will lack a kind; it is still reported.
            try take(reading.readPoint(geometry: .object(members), properties: [:], position: "geometry"))
        case _ where geometryTypes.contains(type):
            reading.notes.append("the file is a single \(type) geometry, not points")
        default:
            throw PointFileError.notGeoJSON(found: "an object with \"type\": \"\(type)\"")
        }
        reading.addGeometryNote()
        return reading.notes
    }

    /// The geometry types of RFC 7946.
    private static let geometryTypes: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// The state of one read: what was found so far.
    private struct Reading {
        /// What one feature gave.
        enum Result {
            case point(BusinessPoint)
            /// Why the feature was left out, naming its position.
            case problem(String)
            /// Not a point (counted in the notes).
            case skipped
        }

        var notes: [String] = []
        /// Features that are not Points, by geometry type, in the order first seen.
        var skipped: [(type: String, count: Int)] = []

        mutating func readFeature(_ feature: JSONValue, position: String) -> Result {
            guard let members = feature.objectValue, members["type"]?.stringValue == "Feature" else {
                return .problem("\(position): not a Feature object")
            }
            let properties = members["properties"]?.objectValue ?? [:]
            guard let geometry = members["geometry"], geometry != .null else {
                return .problem("\(position): has no geometry")
            }
            let type = geometry["type"]?.stringValue ?? "untyped"
            guard type == "Point" else {
                if let index = skipped.firstIndex(where: { $0.type == type }) {
                    skipped[index].count += 1
                } else {
                    skipped.append((type, 1))
                }
                return .skipped
            }
            return readPoint(geometry: geometry, properties: properties, position: position)
        }

        func readPoint(geometry: JSONValue, properties: [String: JSONValue], position: String) -> Result {
            var issues: [String] = []
            var latitude = 0.0
            var longitude = 0.0
            let coordinates = geometry["coordinates"]?.arrayValue ?? []
            let numbers = coordinates.compactMap(\.doubleValue)
            if numbers.count < 2 || numbers.count != coordinates.count {
                issues.append("coordinates are not [lon, lat] numbers")
            } else {
                longitude = numbers[0]
                latitude = numbers[1]
                let range = PointFormat.rangeProblems(latitude: latitude, longitude: longitude)
                if !range.isEmpty {
                    // Many tools write [lat, lon]; when the swap would fit, say so.
                    let swappedFits = (-90...90).contains(longitude) && (-180...180).contains(latitude)
                    let hint = swappedFits ? " (GeoJSON puts longitude first: [lon, lat]; this looks swapped)" : ""
                    issues.append(range.joined(separator: "; ") + hint)
                }
            }

            let kindValue = properties["kind"] ?? properties["type"]
            var kind: String?
            switch kindValue {
            case nil, .null?:
                issues.append("no kind (properties.kind must be \"pee\" or \"poo\")")
            case .string(let text)?:
                kind = PointFormat.trimmed(text).lowercased()
                if !PointFormat.kinds.contains(kind!) { issues.append("kind \"\(text)\" must be pee or poo") }
            case let other?:
                issues.append("kind \(CanonicalJSON.compact(other)) must be pee or poo")
            }

            var time: Date?
            switch properties["time"] ?? properties["at"] {
            case nil, .null?:
                break
            case .string(let text)?:
                time = PointFormat.parseTime(text)
                if time == nil { issues.append(PointFormat.badTime(text)) }
            case let other?:
                issues.append(PointFormat.badTime(CanonicalJSON.compact(other)))
            }

            guard issues.isEmpty else {
                return .problem("\(position): \(issues.joined(separator: "; "))")
            }
            // A Trove export names the dog by id always and by name when it has one.
            let dog = Self.text(properties["dog"]) ?? Self.text(properties["dogId"])
            let recordID = properties["id"]?.stringValue.flatMap { PointFormat.isLowercaseUUID($0) ? $0 : nil }
            return .point(BusinessPoint(
                latitude: latitude, longitude: longitude, kind: kind, time: time, dog: dog,
                note: Self.text(properties["note"]), recordID: recordID, position: position))
        }

        /// `"3 LineString features and 1 Polygon feature are not points; only Point features are"`.
        mutating func addGeometryNote() {
            guard !skipped.isEmpty else { return }
            let parts = skipped.map { "\($0.count) \($0.type) feature\($0.count == 1 ? "" : "s")" }
            let verb = skipped.count == 1 && skipped[0].count == 1 ? "is not a point" : "are not points"
            notes.append("\(parts.joined(separator: " and ")) \(verb); only Point features are")
        }

        /// A string, or a number written as text (some tools number their dogs), or nil.
        private static func text(_ value: JSONValue?) -> String? {
            switch value {
            case .string(let text)?: return PointFormat.nonEmpty(text)
            case .integer(let number)?: return String(number)
            default: return nil
            }
        }
    }
}
