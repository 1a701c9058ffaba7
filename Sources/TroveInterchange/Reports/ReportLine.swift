import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// One line of tracker reports, as files and streams carry them.
///
/// Either a JSON object — `{"tracker": "c4-7f-51-0a-9e-22", "time": "2026-11-21T16:40:05Z",
/// "lat": 48.8566, "lon": 2.3522, "accuracy": 12}`, where `trackerId`, `at`/`timestamp`,
/// `lng` and `acc` are read too — or a CSV row (RFC 4180): `tracker,time,lat,lon[,accuracy]`. A time is
/// ISO 8601 (UTC when it gives no zone) or seconds since 1970 (milliseconds when larger than 10¹¹).
public enum ReportLine {
    /// What one line holds.
    public enum Parsed: Equatable, Sendable {
        case report(TrackerReport)
        /// A blank line, a comment or a CSV header.
        case nothing
        /// Why the line is not a report.
        case problem(String)
    }

    /// Reads one line (without its newline). `source` goes into each report, e.g. `file`; a time
    /// after `latest` (a clock gone wrong) is refused.
    public static func parse(_ line: ArraySlice<UInt8>, source: String, latest: Date = Date().addingTimeInterval(600)) -> Parsed {
        var start = line.startIndex, end = line.endIndex
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x0D || line[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return .nothing }
        let trimmed = line[start..<end]
        if trimmed.first == UInt8(ascii: "#") { return .nothing }
        if trimmed.first == UInt8(ascii: "{") { return json(trimmed, source: source, latest: latest) }
        return csv(trimmed, source: source, latest: latest)
    }

    private static func json(_ line: ArraySlice<UInt8>, source: String, latest: Date) -> Parsed {
        guard let value = try? JSONValue(parsing: Array(line)), value.objectValue != nil else { return .problem("is not a JSON object") }
        let tracker = value["tracker"]?.stringValue ?? value["trackerId"]?.stringValue
        let time = value["time"] ?? value["at"] ?? value["timestamp"]
        let timeText = time.map { $0.stringValue ?? $0.doubleValue.map { String($0) } ?? "" }
        return report(tracker: tracker, time: timeText, lat: value["lat"]?.doubleValue, lon: (value["lon"] ?? value["lng"])?.doubleValue,
                      accuracy: (value["accuracy"] ?? value["acc"]).map { $0.doubleValue ?? -1 }, source: source, latest: latest)
    }

    private static func csv(_ line: ArraySlice<UInt8>, source: String, latest: Date) -> Parsed {
        // Fields as RFC 4180 reads them (the one CSV reader, `csvRecords`), with the spaces around them dropped.
        let records = csvRecords(line)
        guard records.count == 1, let record = records.first, !record.unterminated else {
            return .problem("has a quoted field that does not end on its line")
        }
        let fields = record.fields.map { field -> String in
            // Bytes, not Foundation's trimming: this runs for every line of million-line files.
            let bytes = field.utf8
            var start = bytes.startIndex, end = bytes.endIndex
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
            while end > start, bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09 { end = bytes.index(before: end) }
            return start == bytes.startIndex && end == bytes.endIndex ? field : String(decoding: bytes[start..<end], as: UTF8.self)
        }
        guard fields.count == 4 || fields.count == 5 else {
            return .problem("has \(fields.count) field\(fields.count == 1 ? "" : "s"): expected tracker,time,lat,lon[,accuracy]")
        }
        if fields[2].lowercased() == "lat" || fields[2].lowercased() == "latitude" { return .nothing }
        guard let lat = Double(fields[2]) else { return .problem("has a latitude that is not a number: '\(fields[2])'") }
        guard let lon = Double(fields[3]) else { return .problem("has a longitude that is not a number: '\(fields[3])'") }
        var accuracy: Double?
        if fields.count == 5, !fields[4].isEmpty {
            guard let value = Double(fields[4]) else { return .problem("has an accuracy that is not a number: '\(fields[4])'") }
            accuracy = value
        }
        return report(tracker: fields[0], time: fields[1], lat: lat, lon: lon, accuracy: accuracy, source: source, latest: latest)
    }

    private static func report(tracker: String?, time: String?, lat: Double?, lon: Double?, accuracy: Double?, source: String,
                               latest: Date) -> Parsed {
        guard let tracker, !tracker.isEmpty else { return .problem("names no tracker") }
        guard let trackerID = try? Tracker.normalizedID(tracker) else { return .problem("has a tracker id that is not one: '\(tracker)'") }
        guard let time, !time.isEmpty else { return .problem("has no time") }
        guard let at = date(time) else { return .problem("has a time that does not read: '\(time)' (use ISO 8601, e.g. 2026-11-21T16:40:05Z)") }
        guard at <= latest else { return .problem("has a time in the future: '\(time)' (is the tracker's clock set?)") }
        guard let lat, let lon else { return .problem("needs lat and lon") }
        guard lat.isFinite, (-90...90).contains(lat) else { return .problem("has a latitude out of range: \(lat) (-90 to 90)") }
        guard lon.isFinite, (-180...180).contains(lon) else { return .problem("has a longitude out of range: \(lon) (-180 to 180)") }
        if let accuracy, !(accuracy.isFinite && accuracy >= 0) { return .problem("has an accuracy that is not a distance in metres") }
        let millisecond = (at.timeIntervalSince1970 * 1000).rounded(.down) / 1000
        return .report(TrackerReport(trackerID: trackerID, at: Date(timeIntervalSince1970: millisecond), latitude: lat, longitude: lon,
                                     accuracy: accuracy, source: source))
    }

    /// ISO 8601, or seconds (milliseconds above 10¹¹) since 1970.
    static func date(_ text: String) -> Date? {
        if let seconds = Double(text) { return Timestamp.date(unixSeconds: seconds > 1e11 ? seconds / 1000 : seconds) }
        return Timestamp.date(iso: text, withoutZone: .utc)
    }
}
