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

/// A located record with only what a map draws: kept lean, as a map may read a hundred thousand.
public struct LocatedRecord: Sendable, Equatable {
    public var id: String
    public var label: String?
    public var parent: String?
    public var start: String?
    public var latitude: Double
    public var longitude: Double
}

extension RecordIndex {
    /// Records of `type` inside `box`, optionally only those belonging to `parent`, in no particular order.
    public func locatedRecords(in box: GeoBox, type: String, parent: String? = nil) throws -> [LocatedRecord] {
        try read { db in
            var found: [LocatedRecord] = []
            for (west, east) in box.longitudeRanges {
                var sql = """
                    SELECT records.id, records.label, records.parent, records.start, records.lat, records.lon
                    FROM places JOIN records ON records.rowid = places.rowid
                    WHERE places.maxLat >= ? AND places.minLat <= ? AND places.maxLon >= ? AND places.minLon <= ?
                      AND records.lat BETWEEN ? AND ? AND records.lon BETWEEN ? AND ? AND records.type = ?
                    """
                var arguments: StatementArguments = [box.south, box.north, west, east, box.south, box.north, west, east, type]
                if let parent { sql += " AND records.parent = ?"; arguments += [parent] }
                let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                while let row = try rows.next() {
                    found.append(LocatedRecord(id: row[0], label: row[1], parent: row[2], start: row[3], latitude: row[4], longitude: row[5]))
                }
            }
            return found
        }
    }
}
