import GRDB

/// A record found near a point, with its distance.
public struct NearbyRecord: Sendable, Equatable {
    public var record: IndexedRecord
    /// Metres from the query's centre.
    public var distance: Double
}

extension RecordIndex {
    /// Located records within `radius` metres of `center`, nearest first.
    ///
    /// The R*Tree narrows the search to a bounding box; exact haversine distances decide.
    public func records(near center: GeoPoint, radius: Double, type: String? = nil, limit: Int = Int(Int32.max)) throws -> [NearbyRecord] {
        let box = GeoMath.boundingBox(around: center, radius: radius)
        let nearby = try records(in: box, type: type, limit: Int(Int32.max)).compactMap { record -> NearbyRecord? in
            guard let latitude = record.latitude, let longitude = record.longitude else { return nil }
            let distance = GeoMath.distance(center, GeoPoint(latitude: latitude, longitude: longitude))
            return distance <= radius ? NearbyRecord(record: record, distance: distance) : nil
        }
        return Array(nearby.sorted { ($0.distance, $0.record.id) < ($1.distance, $1.record.id) }.prefix(limit))
    }

    /// Located records inside `box` (which may cross the antimeridian), in creation order.
    public func records(in box: GeoBox, type: String? = nil, limit: Int = Int(Int32.max)) throws -> [IndexedRecord] {
        try read { db in
            var found: [IndexedRecord] = []
            for (west, east) in box.longitudeRanges {
                // R*Tree coordinates are 32-bit floats, rounded outward: the exact columns make the final call.
                var sql = """
                    SELECT \(IndexedRecord.columns) FROM places JOIN records ON records.rowid = places.rowid
                    WHERE places.maxLat >= ? AND places.minLat <= ? AND places.maxLon >= ? AND places.minLon <= ?
                      AND records.lat BETWEEN ? AND ? AND records.lon BETWEEN ? AND ?
                    """
                var arguments: StatementArguments = [box.south, box.north, west, east, box.south, box.north, west, east]
                if let type { sql += " AND records.type = ?"; arguments += [type] }
                found += try Row.fetchAll(db, sql: sql, arguments: arguments).map(IndexedRecord.init(row:))
            }
            return Array(found.sorted { $0.id < $1.id }.prefix(limit))
        }
    }
}
