import Foundation
import TroveJSON

/// Reads business points from GeoJSON: a FeatureCollection, one Feature, or a bare Point.
///
/// Each Point feature is one pee or poo, its kind in `properties.kind`. Other geometries
/// (a walk's LineString, a park's Polygon) are counted in `notes` and left alone.
public enum GeoJSONReader {
    /// The points of a GeoJSON document.
    public static func read(_ bytes: [UInt8]) throws -> PointFile {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw PointFileError.notJSON("line \(error.line), column \(error.column): \(error.reason)")
        }
        guard let object = document.objectValue else {
            throw PointFileError.notGeoJSON(found: "a JSON \(document.typeName)")
        }
        guard let type = object["type"]?.stringValue else {
            throw PointFileError.notGeoJSON(found: "an object without a \"type\"")
        }

        var reading = Reading()
        switch type {
        case "FeatureCollection":
            guard let features = object["features"]?.arrayValue else {
                throw PointFileError.notGeoJSON(found: "a FeatureCollection without a \"features\" array")
            }
            reading.file.points.reserveCapacity(features.count)
            for (offset, feature) in features.enumerated() {
                reading.readFeature(feature, position: "feature \(offset + 1)")
            }
        case "Feature":
            reading.readFeature(document, position: "feature 1")
        case "Point":
            // A bare geometry has no properties, so it will lack a kind; it is still reported.
            reading.readPoint(geometry: document, properties: [:], position: "geometry")
        case _ where geometryTypes.contains(type):
            reading.file.notes.append("the file is a single \(type) geometry, not points")
        default:
            throw PointFileError.notGeoJSON(found: "an object with \"type\": \"\(type)\"")
        }
        reading.addGeometryNote()
        return reading.file
    }

    /// The geometry types of RFC 7946.
    private static let geometryTypes: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// The state of one read: what was found so far.
    private struct Reading {
        var file = PointFile()
        /// Features that are not Points, by geometry type, in the order first seen.
        var skipped: [(type: String, count: Int)] = []

        mutating func readFeature(_ feature: JSONValue, position: String) {
            guard let members = feature.objectValue, members["type"]?.stringValue == "Feature" else {
                file.problems.append("\(position): not a Feature object")
                return
            }
            let properties = members["properties"]?.objectValue ?? [:]
            guard let geometry = members["geometry"], geometry != .null else {
                file.problems.append("\(position): has no geometry")
                return
            }
            let type = geometry["type"]?.stringValue ?? "untyped"
            guard type == "Point" else {
                if let index = skipped.firstIndex(where: { $0.type == type }) {
                    skipped[index].count += 1
                } else {
                    skipped.append((type, 1))
                }
                return
            }
            readPoint(geometry: geometry, properties: properties, position: position)
        }

        mutating func readPoint(geometry: JSONValue, properties: [String: JSONValue], position: String) {
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
                file.problems.append("\(position): \(issues.joined(separator: "; "))")
                return
            }
            // A Trove export names the dog by id always and by name when it has one.
            let dog = Self.text(properties["dog"]) ?? Self.text(properties["dogId"])
            let recordID = properties["id"]?.stringValue.flatMap { PointFormat.isLowercaseUUID($0) ? $0 : nil }
            file.points.append(BusinessPoint(
                latitude: latitude, longitude: longitude, kind: kind, time: time, dog: dog,
                note: Self.text(properties["note"]), recordID: recordID, position: position))
        }

        /// `"3 LineString features and 1 Polygon feature are not points; only Point features are"`.
        mutating func addGeometryNote() {
            guard !skipped.isEmpty else { return }
            let parts = skipped.map { "\($0.count) \($0.type) feature\($0.count == 1 ? "" : "s")" }
            let verb = skipped.count == 1 && skipped[0].count == 1 ? "is not a point" : "are not points"
            file.notes.append("\(parts.joined(separator: " and ")) \(verb); only Point features are")
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
