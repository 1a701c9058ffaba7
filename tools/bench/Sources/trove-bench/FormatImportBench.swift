import Foundation

extension Report {
    /// Issue 25's imports of other formats, each in memory that must not grow with the file: 500,000 GeoJSON points
    /// (and the same points as CSV and as GPX waypoints) and a 100,000-event iCalendar file (targets <= 250 MB each), a Day One export of 100,000 entries and 10,000
    /// photos of about 100 KB (target <= 300 MB).
    mutating func formatImports(points: Int, events: Int, dayOneEntries: Int, photos: Int, work: String, trove: String?) throws {
        guard let trove else {
            lines.append("format imports: skipped (no trove binary beside trove-bench)")
            return
        }
        lines.append("format imports (whole process; peak resident memory):")
        let folder = work + "/format-imports"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

        // The same points as GeoJSON, CSV and GPX, each into a store of its own with a dog.
        for (format, name) in [("geojson", "points.geojson"), ("csv", "points.csv"), ("gpx", "points.gpx")] {
            let file = folder + "/" + name
            switch format {
            case "csv": try Self.writePointsCSV(points: points, to: file)
            case "gpx": try Self.writeGPX(points: points, to: file)
            default: try Self.writeGeoJSON(points: points, to: file)
            }
            let store = folder + "/\(format)-store"
            try Measure.run([trove, "--store", store, "init"], in: folder)
            try Measure.run([trove, "--store", store, "dog", "add", "Pixel"], in: folder)
            Measure.settle()
            let run = try Measure.child([trove, "--store", store, "import", format, file])
            lines.append(String(format: "  trove import %@ of %d points (%.0f MB): %@, peak memory %.0f MB (target <= 250 MB)",
                                format, points, Double(Self.fileSize(file)) / 1e6, Measure.format(run.seconds), run.peakMB))
        }

        let ics = folder + "/events.ics"
        try Self.writeICS(events: events, to: ics)
        let eventStore = folder + "/events-store"
        try Measure.run([trove, "--store", eventStore, "init"], in: folder)
        Measure.settle()
        let eventRun = try Measure.child([trove, "--store", eventStore, "import", "ics", ics])
        lines.append(String(format: "  trove import ics of %d events (%.0f MB): %@, peak memory %.0f MB (target <= 250 MB)",
                            events, Double(Self.fileSize(ics)) / 1e6, Measure.format(eventRun.seconds), eventRun.peakMB))

        let export = try Self.dayOneExport(entries: dayOneEntries, photos: photos, photoBytes: 100_000, work: folder)
        let journalStore = folder + "/journal-store"
        try Measure.run([trove, "--store", journalStore, "init"], in: folder)
        Measure.settle()
        let journalRun = try Measure.child([trove, "--store", journalStore, "import", "dayone", export])
        lines.append(String(format: "  trove import dayone of %d entries and %d photos (%.0f MB zip): %@, peak memory %.0f MB (target <= 300 MB)",
                            dayOneEntries, photos, Double(Self.fileSize(export)) / 1e6, Measure.format(journalRun.seconds), journalRun.peakMB))
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Point `number` of the bench's points: pee and poo around London, a minute apart.
    private static func point(_ number: Int) -> (latitude: String, longitude: String, kind: String, time: String) {
        let latitude = 51.5 + Double(number % 1_000) / 100_000, longitude = -0.12 - Double(number % 777) / 100_000
        let time = Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 60)
        return (String(format: "%.6f", latitude), String(format: "%.6f", longitude), number % 3 == 0 ? "poo" : "pee", Self.utc(time))
    }

    /// A FeatureCollection of `points` Point features (`point(_:)`), written in parts.
    static func writeGeoJSON(points: Int, to path: String) throws {
        try writeInParts(to: path, head: "{\"type\": \"FeatureCollection\", \"features\": [\n", tail: "\n]}\n", count: points) { number in
            let point = Self.point(number)
            return (number == 0 ? "" : ",\n") + "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": ["
                + point.longitude + ", " + point.latitude + "]}, \"properties\": {\"kind\": \"" + point.kind
                + "\", \"time\": \"" + point.time + "\"}}"
        }
    }

    /// The same points as a CSV file with the header `trove import csv` documents.
    static func writePointsCSV(points: Int, to path: String) throws {
        try writeInParts(to: path, head: "time,lat,lon,kind\n", tail: "", count: points) { number in
            let point = Self.point(number)
            return point.time + "," + point.latitude + "," + point.longitude + "," + point.kind + "\n"
        }
    }

    /// The same points as GPX 1.1 waypoints, each with its time and its kind in `<type>`.
    static func writeGPX(points: Int, to path: String) throws {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<gpx version=\"1.1\" creator=\"trove-bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        try writeInParts(to: path, head: head, tail: "</gpx>\n", count: points) { number in
            let point = Self.point(number)
            return "<wpt lat=\"" + point.latitude + "\" lon=\"" + point.longitude + "\"><time>" + point.time + "</time><type>"
                + point.kind + "</type></wpt>\n"
        }
    }

    /// A calendar of `events` one-hour events, a tenth of them weekly for ten weeks, each with a line of description.
    static func writeICS(events: Int, to path: String) throws {
        var corpus = Corpus(seed: 33)
        try writeInParts(to: path, head: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Trove bench//EN\r\n", tail: "END:VCALENDAR\r\n", count: events) { number in
            let start = Date(timeIntervalSince1970: 1_600_000_000 + Double(number) * 5_400)
            let stamp = Self.icalUTC(start)
            var event = "BEGIN:VEVENT\r\nUID:bench-\(number)@trove.invalid\r\nDTSTAMP:\(stamp)\r\nDTSTART:\(stamp)\r\n"
                + "DTEND:\(Self.icalUTC(start.addingTimeInterval(3_600)))\r\nSUMMARY:Event \(number) at the \(corpus.word())\r\n"
                + "DESCRIPTION:" + (0..<12).map { _ in corpus.word() }.joined(separator: " ") + "\r\n"
            if number % 10 == 0 { event += "RRULE:FREQ=WEEKLY;COUNT=10\r\n" }
            return event + "END:VEVENT\r\n"
        }
    }

    /// Writes `head`, `count` parts made by `part`, and `tail`, a thousand parts at a time.
    private static func writeInParts(to path: String, head: String, tail: String, count: Int, part: (Int) -> String) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let file = FileHandle(forWritingAtPath: path) else { throw BenchFailure("cannot write \(path)") }
        defer { try? file.close() }
        try file.write(contentsOf: Data(head.utf8))
        for first in stride(from: 0, to: count, by: 1_000) {
            var text = ""
            for number in first..<min(count, first + 1_000) { text += part(number) }
            try file.write(contentsOf: Data(text.utf8))
        }
        try file.write(contentsOf: Data(tail.utf8))
    }

    private static func utc(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func icalUTC(_ date: Date) -> String {
        utc(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }
}
