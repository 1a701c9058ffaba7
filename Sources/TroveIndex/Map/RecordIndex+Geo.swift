import GRDB
import Foundation
import GRDBSQLite

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
/// instead of handing every record to the caller.
public struct PixelSummary: Sendable, Equatable {
    /// The pixel, counted from the world's top-left corner at the projection's zoom.
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

/// One pixel's records as they are read: counts, and the bytes of the first and latest.
struct PixelAccumulator {
    let x: Int
    let y: Int
    var count = 0
    var labelled = 0
    var first: [UInt8] = []
    var latestStart: [UInt8] = []
    var latestID: [UInt8] = []
    var latestLabel: [UInt8] = []

    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    mutating func add(start: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>, counted: Bool) {
        count += 1
        if counted { labelled += 1 }
        if count == 1 || Self.compare(start, first) < 0 { Self.replace(&first, with: start) }
        let byTime = count == 1 ? 1 : Self.compare(start, latestStart)
        let newer = byTime > 0 || (byTime == 0 && Self.compare(id, latestID) > 0)
        if newer {
            Self.replace(&latestStart, with: start)
            Self.replace(&latestID, with: id)
            Self.replace(&latestLabel, with: label)
        }
    }

    /// Byte-wise order of two strings, as SQLite's BINARY collation compares them.
    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ array: [UInt8]) -> Int {
        array.withUnsafeBufferPointer { other in
            let shared = min(bytes.count, other.count)
            let order = shared == 0 ? 0 : Int(memcmp(bytes.baseAddress!, other.baseAddress!, shared))
            return order != 0 ? order : bytes.count - other.count
        }
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ array: [UInt8]) -> Bool {
        bytes.count == array.count && compare(bytes, array) == 0
    }

    /// Copies `bytes` into `array`, reusing its storage: records mostly come oldest first, so nearly every one is a new latest.
    private static func replace(_ array: inout [UInt8], with bytes: UnsafeBufferPointer<UInt8>) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: bytes)
    }

    var summary: PixelSummary {
        PixelSummary(x: x, y: y, count: count, labelled: labelled, first: first.isEmpty ? nil : String(decoding: first, as: UTF8.self),
                     latestID: String(decoding: latestID, as: UTF8.self), latestStart: String(decoding: latestStart, as: UTF8.self),
                     latestLabel: String(decoding: latestLabel, as: UTF8.self))
    }
}

extension RecordIndex {
    /// Located records of `type` inside `box`, added up by pixel of `projection`.
    ///
    /// The `records_by_place` index holds every column needed, so the scan never touches the table;
    /// rows are read straight off the SQLite statement, without a string per row: only a pixel's new
    /// latest record is copied out.
    public func pixelSummaries(in box: GeoBox, type: String, parent: String? = nil, projection: WebMercator,
                               countingLabel: String) throws -> [PixelSummary] {
        try read { db in
            // Pixels in an array, found through a dictionary of positions: mutating an array element in place
            // is cheaper than a dictionary value holding arrays.
            var pixels: [PixelAccumulator] = []
            var positions: [Int64: Int] = [:]
            let counted = Array(countingLabel.utf8)
            for (west, east) in box.longitudeRanges {
                var sql = """
                    SELECT lat, lon, label, start, id FROM records INDEXED BY records_by_place
                    WHERE type = ? AND lat IS NOT NULL AND lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?
                    """
                var arguments: StatementArguments = [type, box.south, box.north, west, east]
                if let parent { sql += " AND parent = ?"; arguments += [parent] }
                let statement = try db.makeStatement(sql: sql)
                try statement.setArguments(arguments)
                let raw = statement.sqliteStatement
                defer { sqlite3_reset(raw) }
                while true {
                    let step = sqlite3_step(raw)
                    if step == SQLITE_DONE { break }
                    guard step == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: step)) }
                    let pixel = projection.pixel(latitude: sqlite3_column_double(raw, 0), longitude: sqlite3_column_double(raw, 1))
                    let x = Int64(pixel.x.rounded(.down)), y = Int64(pixel.y.rounded(.down))
                    let label = Self.bytes(raw, 2), start = Self.bytes(raw, 3), id = Self.bytes(raw, 4)
                    let key = x << 32 | (y & 0xFFFF_FFFF)
                    let position: Int
                    if let known = positions[key] {
                        position = known
                    } else {
                        position = pixels.count
                        positions[key] = position
                        pixels.append(PixelAccumulator(x: Int(x), y: Int(y)))
                    }
                    pixels[position].add(start: start, id: id, label: label, counted: PixelAccumulator.equal(label, counted))
                }
            }
            return pixels.map(\.summary)
        }
    }

    /// A text column's bytes, valid until the next step.
    private static func bytes(_ statement: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
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
