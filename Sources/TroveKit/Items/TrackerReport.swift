import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// One location report from a tracker: a line of `logs/tracker-reports/<trackerId>/<yyyy-mm>.jsonl`.
public struct TrackerReport: Sendable, Equatable {
    public var trackerID: String
    /// When the tracker was there, to the millisecond.
    public var at: Date
    public var latitude: Double
    public var longitude: Double
    /// The radius of uncertainty, in metres.
    public var accuracy: Double?
    /// Where the report came from, e.g. `file`, `bluetooth`.
    public var source: String?

    public init(trackerID: String, at: Date, latitude: Double, longitude: Double, accuracy: Double? = nil, source: String? = nil) {
        self.trackerID = trackerID
        self.at = at
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.source = source
    }

    /// The report a log line holds, or `nil` when it is not one.
    public init?(_ value: JSONValue) {
        guard let trackerID = value["trackerId"]?.stringValue, let at = value["at"]?.stringValue.flatMap(Timestamp.milliseconds),
              let latitude = value["lat"]?.doubleValue, let longitude = value["lon"]?.doubleValue
        else { return nil }
        self.init(trackerID: trackerID, at: Date(timeIntervalSince1970: Double(at) / 1000), latitude: latitude, longitude: longitude,
                  accuracy: value["accuracy"]?.doubleValue, source: value["source"]?.stringValue)
    }

    /// Its id: the time part from `at`, the rest from what it says, so the same report
    /// ingested twice, or on two machines, is one line.
    public var id: String { id(stamp: Timestamp.string(at)) }

    private func id(stamp: String) -> String {
        // Whole units of 1e-7 degrees: the stored precision, and integers print faster than doubles.
        RecordID.derived(from: "\(trackerID)|\(stamp)|\(Int((latitude * 1e7).rounded()))|\(Int((longitude * 1e7).rounded()))", at: at)
    }

    /// The log line, as the store keeps it.
    public var logValue: JSONValue {
        let stamp = Timestamp.string(at)
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(7)
        members["id"] = .string(id(stamp: stamp))
        members["trackerId"] = .string(trackerID)
        members["at"] = .string(stamp)
        members["lat"] = .double(Self.rounded(latitude))
        members["lon"] = .double(Self.rounded(longitude))
        if let accuracy { members["accuracy"] = .double(accuracy) }
        if let source { members["source"] = .string(source) }
        return .object(members)
    }

    /// Seven decimals, as the store keeps coordinates, so the id does not depend on digits below them.
    private static func rounded(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }
}

extension Store {
    /// The newest report of the tracker `trackerID`, or `nil` when none has come.
    public func latestReport(trackerID: String) throws -> TrackerReport? {
        try latestLogEntry(type: RecordType.trackerReport, key: trackerID).flatMap(TrackerReport.init)
    }
}
