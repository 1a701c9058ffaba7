import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

extension Report {
    /// Issue 6's figures: a big Day One import, `entry list` on a big store, and adding one entry.
    mutating func journal(size: Int, work: String, trove: String?) throws {
        guard let trove else {
            lines.append("journal: skipped (no trove binary beside trove-bench)")
            return
        }
        // A generated Day One export: 10,000 entries, 1,000 of them with a photo of about 100 KB, zipped.
        let export = try Self.dayOneExport(entries: 10_000, photos: 1_000, photoBytes: 100_000, work: work)
        let importStore = work + "/journal-import"
        try Measure.run([trove, "--store", importStore, "init"], in: work)
        let imported = try Measure.child([trove, "--store", importStore, "import", "dayone", export])
        lines.append(String(format: "journal: trove import dayone of 10,000 entries and 1,000 photos (%.0f MB zip): %@, peak memory %.0f MB (targets <= 15 s, <= 400 MB)",
                            Double(Self.fileSize(export)) / 1e6, Measure.format(imported.seconds), imported.peakMB))
        let again = try Measure.child([trove, "--store", importStore, "import", "dayone", export])
        lines.append(String(format: "  importing the same export again (adds nothing): %@", Measure.format(again.seconds)))

        // A store of `size` entries in one journal, indexed.
        let path = work + "/journal-\(size)"
        let store = try Store.create(at: path)
        let journal = try store.transaction { try $0.put(["name": "Morning pages"], type: "journal").id }.value
        var corpus = Corpus(seed: 6)
        try store.transaction { transaction in
            for number in 0..<size { try transaction.put(corpus.entry(number, journalId: journal), type: "entry") }
        }
        _ = try RecordIndex(store: store)
        // The index just written (about 200 MB at 100,000 entries) is still being flushed by the kernel: the figures
        // below are of Trove's work, not of that flush (it had added 15-20 ms to each `entry new`).
        Measure.settle()
        for command in [["entry", "list"], ["entry", "list", "--journal", "Morning pages", "--tag", "walk"], ["timeline"]] {
            let times = try (0..<11).map { _ in try Measure.child([trove, "--store", path] + command).seconds }
            lines.append(String(format: "  trove %@ on %d entries (whole process): median %@ (target <= 150 ms)",
                                command.joined(separator: " "), size, Measure.format(Measure.median(times))))
        }

        // Adding one entry: in process, and as a whole `trove entry new`, on this store and on a small one.
        let small = work + "/journal-small"
        try Measure.run([trove, "--store", small, "init"], in: work)
        for (label, storePath) in [("\(size) entries", path), ("a new store", small)] {
            let book = EntryBook(store: try Store.open(at: storePath))
            let inProcess = try (0..<21).map { number -> Double in
                var changes = EntryChanges()
                changes.text = "Bench entry \(number): a short walk by the canal."
                changes.addTags = ["walk"]
                return try Measure.seconds { _ = try book.create(changes) }
            }
            let whole = try (0..<21).map { number in
                try Measure.child([trove, "--store", storePath, "entry", "new", "Entry \(number) by the canal.", "--tag", "walk"]).seconds
            }
            lines.append(String(format: "  adding one entry to %@: in process median %@, trove entry new (whole process) median %@ (target <= 50 ms)",
                                label, Measure.format(Measure.median(inProcess)), Measure.format(Measure.median(whole))))
        }
    }

    /// Writes a Day One export (one journal JSON and its photos) and zips it; returns the ZIP's path.
    static func dayOneExport(entries: Int, photos: Int, photoBytes: Int, work: String) throws -> String {
        let folder = work + "/dayone-export"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        var corpus = Corpus(seed: 10)
        var random = SeededGenerator(seed: 99)
        var items: [JSONValue] = []
        let formatter = ISO8601DateFormatter()
        for number in 0..<entries {
            let uuid = String(format: "%08X%024X", number, number &* 2654435761)
            let date = formatter.string(from: Date(timeIntervalSince1970: 1_400_000_000 + Double(number) * 7_200))
            var text = (0..<(40 + number % 120)).map { _ in corpus.word() }.joined(separator: " ") + "\\."
            var entry: [String: JSONValue] = [
                "uuid": .string(uuid), "creationDate": .string(date), "modifiedDate": .string(date), "timeZone": "Europe/London",
                "starred": .bool(number % 17 == 0), "tags": ["walk", .string(corpus.word())],
                "location": ["latitude": .double(51.5 + Double(number % 100) / 1000), "longitude": -0.12, "placeName": "London Eye",
                             "localityName": "London", "country": "United Kingdom"],
            ]
            if number % (entries / photos) == 0 {
                let md5 = String(format: "%032x", number)
                var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
                bytes.reserveCapacity(photoBytes)
                while bytes.count < photoBytes { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/photos/\(md5).jpeg"))
                let identifier = String(format: "P%031X", number)
                entry["photos"] = [["identifier": .string(identifier), "md5": .string(md5), "type": "jpeg", "orderInEntry": 0]]
                text += "\n\n![](dayone-moment://\(identifier))"
            }
            entry["text"] = .string(text)
            items.append(.object(entry))
        }
        try Data(CanonicalJSON.encode(["metadata": ["version": "1.0"], "entries": .array(items)])).write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        let zip = work + "/dayone-export.zip"
        try Measure.run(["python3", "-m", "zipfile", "-c", zip, "Journal.json", "photos"], in: folder)
        return zip
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

