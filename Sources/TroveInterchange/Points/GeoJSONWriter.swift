import Foundation
import TroveJSON

/// Writes business records as a GeoJSON FeatureCollection, one Point feature each.
///
/// The properties carry everything `GeoJSONReader` needs to give the records back
/// (id, kind, time, dog), so an export can be re-imported without duplicates.
public enum GeoJSONWriter {
    /// The FeatureCollection, in Trove's canonical JSON (sorted keys, 2-space indent).
    public static func write(_ records: [ExportedBusiness]) -> [UInt8] {
        let features = records.map(feature)
        let collection: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
        return CanonicalJSON.encode(collection)
    }

    /// `{"type":"Feature","geometry":{"type":"Point","coordinates":[lon,lat]},"properties":{…}}`.
    private static func feature(_ record: ExportedBusiness) -> JSONValue {
        var properties: [String: JSONValue] = [
            "id": .string(record.id),
            "kind": .string(record.kind),
            "time": .string(PointFormat.utcString(record.time)),
            "dogId": .string(record.dogID),
        ]
        if let name = record.dogName { properties["dog"] = .string(name) }
        if let note = record.note { properties["note"] = .string(note) }
        // GeoJSON puts longitude first (RFC 7946 §3.1.1).
        let coordinates: JSONValue = [.number(record.longitude), .number(record.latitude)]
        return [
            "type": "Feature",
            "geometry": ["type": "Point", "coordinates": coordinates],
            "properties": .object(properties),
        ]
    }
}
