import Foundation
import TroveKit
import TroveStore

extension Report {
    /// Issue 10's figures: ingesting 1,000,000 report lines (time, peak memory), and `item locate` on that log.
    mutating func items(reports: Int, work: String, trove: String?) throws {
        guard let trove else {
            lines.append("items: skipped (no trove binary beside trove-bench)")
            return
        }
        let trackerIDs = (0..<10).map { String(format: "c4-7f-51-0a-9e-%02x", $0) }
        let path = work + "/items"
        try Self.makeStore(at: path, trackers: trackerIDs, radio: work + "/loopback")
        let file = work + "/reports.csv"
        try Self.writeReports(reports, trackers: trackerIDs, to: file)
        let ingest = try Measure.child([trove, "--store", path, "tracker", "ingest", file])
        lines.append(String(format: "items: trove tracker ingest of %d report lines (%.0f MB of CSV): %@, peak memory %.0f MB (target <= 20 s, bounded)",
                            reports, Double(Self.fileSize(file)) / 1e6, Measure.format(ingest.seconds), ingest.peakMB))
        let again = try Measure.child([trove, "--store", path, "tracker", "ingest", file])
        lines.append(String(format: "  the same file again (adds nothing): %@, peak memory %.0f MB", Measure.format(again.seconds), again.peakMB))
        let locate = try (0..<11).map { _ in try Measure.child([trove, "--store", path, "item", "locate", "Item 3"]).seconds }
        lines.append(String(format: "  trove item locate with %d reports in the logs (whole process): median %@ (target <= 100 ms)",
                            reports, Measure.format(Measure.median(locate))))
        // Twice the lines into a fresh store: the peak should stay about the same if memory is bounded.
        let doubled = work + "/reports-2m.csv"
        try Self.writeReports(2 * reports, trackers: trackerIDs, to: doubled)
        let fresh = work + "/items-2m"
        try Self.makeStore(at: fresh, trackers: trackerIDs, radio: work + "/loopback")
        let big = try Measure.child([trove, "--store", fresh, "tracker", "ingest", doubled])
        lines.append(String(format: "  %d lines into a fresh store: %@, peak memory %.0f MB (bounded: about the same peak for twice the lines)",
                            2 * reports, Measure.format(big.seconds), big.peakMB))
        let list = try (0..<11).map { _ in try Measure.child([trove, "--store", path, "item", "list"]).seconds }
        lines.append(String(format: "  trove item list, 10 items with their last locations (whole process): median %@", Measure.format(Measure.median(list))))
    }

    /// A store with ten items, each with a registered tracker.
    static func makeStore(at path: String, trackers: [String], radio: String) throws {
        let store = try Store.create(at: path)
        let transport = LoopbackTransport(folder: radio)
        for (number, trackerID) in trackers.enumerated() {
            let item = try ItemBook(store: store).add(name: "Item \(number)").item
            _ = try TrackerBook(store: store).register(trackerID, to: item, through: transport)
        }
    }

    /// Writes `count` report lines in time order: the trackers take turns, one report every 6 s, so with
    /// ten trackers each reports once a minute (1,000,000 lines: about 70 days, three monthly files each).
    static func writeReports(_ count: Int, trackers: [String], to file: String) throws {
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        var chunk = "tracker,time,lat,lon,accuracy\n"
        let start = 1_750_000_000.0
        for number in 0..<count {
            let time = Timestamp.string(Date(timeIntervalSince1970: start + Double(number) * 6))
            let drift = Double(number % 1000) / 100_000
            chunk += "\(trackers[number % trackers.count]),\(time),\(48.85 + drift),\(2.35 + drift / 2),\(5 + number % 20)\n"
            if chunk.utf8.count > 1 << 20 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        handle.write(Data(chunk.utf8))
        try handle.close()
    }
}
