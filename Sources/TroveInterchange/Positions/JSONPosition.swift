import Foundation
import TroveJSON
import TroveStore

/// Reads the position out of one JSON line: a gpsd TPV report, an OwnTracks location, or a
/// plain `{"lat":…,"lon":…}` object.
public enum JSONPosition {
    /// The fix in one line of JSON, or `nil` when the line is not a position report.
    ///
    /// - gpsd: `{"class":"TPV","mode":3,"lat":…,"lon":…,"time":"2005-06-08T10:34:48.283Z","eph":…}`;
    ///   mode 0 or 1 (no fix) gives `nil`, and so do the other classes (SKY, VERSION, DEVICES,
    ///   WATCH…). `eph` is the accuracy, or failing that the larger of `epx` and `epy`.
    /// - OwnTracks: `{"_type":"location","lat":…,"lon":…,"tst":1700000000,"acc":…}`; other
    ///   `_type`s (transition, waypoint, lwt…) give `nil`.
    /// - Anything else with numbers `lat` and `lon`: an optional `time` (ISO 8601 text or Unix
    ///   seconds) and an optional `acc` or `accuracy` in metres.
    public static func parse(_ line: String) -> PositionFix? {
        parse(bytes: Array(line.utf8))
    }

    /// The fix in one line of UTF-8 JSON, or `nil` when it is not a position report.
    public static func parse(bytes: [UInt8]) -> PositionFix? {
        guard let value = try? JSONValue(parsing: bytes), let object = value.objectValue else { return nil }
        if let kind = object["class"] {
            return kind.stringValue == "TPV" ? gpsdReport(object) : nil
        }
        if let kind = object["_type"] {
            return kind.stringValue == "location" ? ownTracksLocation(object) : nil
        }
        return plainPosition(object)
    }

    /// gpsd's time-position-velocity report.
    private static func gpsdReport(_ object: [String: JSONValue]) -> PositionFix? {
        // Mode 0 is "unknown" and 1 "no fix"; gpsd then often still sends the last lat/lon.
        guard let mode = object["mode"]?.intValue, mode >= 2,
              let latitude = object["lat"]?.doubleValue, let longitude = object["lon"]?.doubleValue
        else { return nil }
        let time = object["time"]?.stringValue.flatMap { Timestamp.date(iso: $0, withoutZone: .utc) }
        var accuracy = object["eph"]?.doubleValue
        if accuracy == nil {
            let errors = [object["epx"]?.doubleValue, object["epy"]?.doubleValue].compactMap { $0 }
            accuracy = errors.max()
        }
        return PositionFix(latitude: latitude, longitude: longitude, time: time,
                           accuracy: metres(accuracy), source: "gpsd")
    }

    /// An OwnTracks location message (the app's HTTP/MQTT payload, or its exported lines).
    private static func ownTracksLocation(_ object: [String: JSONValue]) -> PositionFix? {
        guard let latitude = object["lat"]?.doubleValue, let longitude = object["lon"]?.doubleValue
        else { return nil }
        let time = object["tst"]?.doubleValue.flatMap(Timestamp.date(unixSeconds:))
        return PositionFix(latitude: latitude, longitude: longitude, time: time,
                           accuracy: metres(object["acc"]?.doubleValue), source: "owntracks")
    }

    /// Any object with `lat` and `lon`, such as a line a script wrote.
    private static func plainPosition(_ object: [String: JSONValue]) -> PositionFix? {
        guard let latitude = object["lat"]?.doubleValue, let longitude = object["lon"]?.doubleValue
        else { return nil }
        var time: Date?
        if let text = object["time"]?.stringValue {
            time = Timestamp.date(iso: text, withoutZone: .utc)
        } else if let seconds = object["time"]?.doubleValue {
            time = Timestamp.date(unixSeconds: seconds)
        }
        let accuracy = object["acc"]?.doubleValue ?? object["accuracy"]?.doubleValue
        return PositionFix(latitude: latitude, longitude: longitude, time: time,
                           accuracy: metres(accuracy), source: "json")
    }

    /// An error in metres, or `nil` when it is missing or not a sensible distance.
    private static func metres(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}
