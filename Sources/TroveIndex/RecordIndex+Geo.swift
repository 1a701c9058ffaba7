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
                // CROSS JOIN keeps the R*Tree first: otherwise SQLite may walk a dog's every record by parent.
                var sql = """
                    SELECT \(IndexedRecord.columns) FROM places CROSS JOIN records ON records.rowid = places.rowid
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
                    FROM places CROSS JOIN records ON records.rowid = places.rowid
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

/// What the index holds at one pixel of a web map: how many records, and the latest of them.
///
/// A map of a hundred thousand records needs only this per pixel, so the index adds them up
/// (in SQL, with SQLite's math functions) instead of handing every record to the caller.
public struct PixelSummary: Sendable, Equatable {
    /// The pixel, counted from the map's top-left corner at the zoom (`worldSize` pixels across).
    public var x: Int
    public var y: Int
    public var count: Int
    /// How many of them carry the label counted.
    public var labelled: Int
    /// The earliest `start` among them.
    public var first: String?
    /// The latest record, by (`start`, `id`).
    public var latestID: String
    public var latestStart: String
    public var latestLabel: String
}

extension RecordIndex {
    /// Located records of `type` inside `box`, added up by web-mercator pixel for a map `worldSize` pixels across.
    public func pixelSummaries(in box: GeoBox, type: String, parent: String? = nil, worldSize: Double,
                               countingLabel: String) throws -> [PixelSummary] {
        try read { db in
            var found: [PixelSummary] = []
            for (west, east) in box.longitudeRanges {
                // The latest record rides in one max() over "start id label": the three fields have no spaces.
                var sql = """
                    SELECT CAST((records.lon + 180) / 360 * ? AS INTEGER) AS x,
                           CAST((1 - ln(tan(radians(max(-85.0511287798, min(85.0511287798, records.lat))))
                                       + 1 / cos(radians(max(-85.0511287798, min(85.0511287798, records.lat))))) / pi()) / 2 * ? AS INTEGER) AS y,
                           count(*), sum(records.label = ?), min(records.start),
                           max(coalesce(records.start, '') || ' ' || records.id || ' ' || coalesce(records.label, ''))
                    FROM places CROSS JOIN records ON records.rowid = places.rowid
                    WHERE places.maxLat >= ? AND places.minLat <= ? AND places.maxLon >= ? AND places.minLon <= ?
                      AND records.lat BETWEEN ? AND ? AND records.lon BETWEEN ? AND ? AND +records.type = ?
                    """
                var arguments: StatementArguments = [worldSize, worldSize, countingLabel,
                                                     box.south, box.north, west, east, box.south, box.north, west, east, type]
                if let parent { sql += " AND +records.parent = ?"; arguments += [parent] }
                sql += " GROUP BY x, y"
                let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                while let row = try rows.next() {
                    let latest = (row[5] as String).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                    guard latest.count == 3 else { continue }
                    found.append(PixelSummary(x: row[0], y: row[1], count: row[2], labelled: row[3], first: row[4],
                                              latestID: latest[1], latestStart: latest[0], latestLabel: latest[2]))
                }
            }
            return found
        }
    }

    /// The located records with these ids (those that exist and have a place).
    public func locatedRecords(ids: [String]) throws -> [LocatedRecord] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            var found: [LocatedRecord] = []
            // SQLite takes at most 32,766 arguments a statement.
            for start in stride(from: 0, to: ids.count, by: 10_000) {
                let chunk = Array(ids[start..<min(ids.count, start + 10_000)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, label, parent, start, lat, lon FROM records WHERE id IN (\(marks)) AND lat IS NOT NULL AND lon IS NOT NULL
                    """, arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    found.append(LocatedRecord(id: row[0], label: row[1], parent: row[2], start: row[3], latitude: row[4], longitude: row[5]))
                }
            }
            return found
        }
    }
}
