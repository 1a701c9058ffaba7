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
        // Ten items, each with a registered tracker.
        let path = work + "/items"
        let store = try Store.create(at: path)
        let transport = LoopbackTransport(folder: work + "/loopback")
        let trackerIDs = (0..<10).map { String(format: "c4-7f-51-0a-9e-%02x", $0) }
        for (number, trackerID) in trackerIDs.enumerated() {
            let item = try ItemBook(store: store).add(name: "Item \(number)").item
            _ = try TrackerBook(store: store).register(trackerID, to: item, through: transport)
        }

        // The reports, in time order: the ten trackers take turns, one report every 6 s, so each
        // reports once a minute for 100,000 minutes (about 70 days: three monthly files each).
        let file = work + "/reports.csv"
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        var chunk = "tracker,time,lat,lon,accuracy\n"
        let start = 1_780_000_000.0
        for number in 0..<reports {
            let time = Timestamp.string(Date(timeIntervalSince1970: start + Double(number) * 6))
            let drift = Double(number % 1000) / 100_000
            chunk += "\(trackerIDs[number % trackerIDs.count]),\(time),\(48.85 + drift),\(2.35 + drift / 2),\(5 + number % 20)\n"
            if chunk.utf8.count > 1 << 20 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        handle.write(Data(chunk.utf8))
        try handle.close()

        let ingest = try Measure.child([trove, "--store", path, "tracker", "ingest", file])
        lines.append(String(format: "items: trove tracker ingest of %d report lines (%.0f MB of CSV): %@, peak memory %.0f MB (target <= 20 s, bounded)",
                            reports, Double(Self.fileSize(file)) / 1e6, Measure.format(ingest.seconds), ingest.peakMB))
        let again = try Measure.child([trove, "--store", path, "tracker", "ingest", file])
        lines.append(String(format: "  the same file again (adds nothing): %@, peak memory %.0f MB", Measure.format(again.seconds), again.peakMB))
        let locate = try (0..<11).map { _ in try Measure.child([trove, "--store", path, "item", "locate", "Item 3"]).seconds }
        lines.append(String(format: "  trove item locate with %d reports in the logs (whole process): median %@ (target <= 100 ms)",
                            reports, Measure.format(Measure.median(locate))))
        let list = try (0..<11).map { _ in try Measure.child([trove, "--store", path, "item", "list"]).seconds }
        lines.append(String(format: "  trove item list, 10 items with their last locations (whole process): median %@", Measure.format(Measure.median(list))))
    }
}
