import Foundation
import TroveIndex
import TroveJSON
import TroveStore

extension Report {
    /// The index (issue 4) on a store of `size` generated journal entries.
    mutating func index(size: Int, work: String, trove: String?) throws {
        let path = work + "/index-\(size)"
        let store = try Store.create(at: path)
        let journal = try store.transaction { try $0.put(["name": "Morning pages"], type: "journal").id }.value
        var corpus = Corpus(seed: 2026)
        var ids: [String] = []
        let fill = try Measure.seconds {
            ids = try store.transaction { transaction in
                try (0..<size).map { try transaction.put(corpus.entry($0, journalId: journal), type: "entry").id }
            }.value
        }
        lines.append(String(format: "index: a store of %d generated entries (%d located), written in %@", size, 0, Measure.format(fill)))
        let located = lines.count - 1

        // Full rebuild, in process and as `trove reindex` (whose peak memory is the process's).
        var index: RecordIndex!
        let build = try Measure.seconds { index = try RecordIndex(store: store) }
        let count = try index.recordCount()
        lines.append(String(format: "  full build of the index, %d records, in process: %@ (target <= 10 s)", count, Measure.format(build)))
        let locatedCount = try index.records(in: GeoBox(south: -90, north: 90, west: -180, east: 180), type: "entry").count
        lines[located] = lines[located].replacingOccurrences(of: "(0 located)", with: "(\(locatedCount) located)")
        if let trove {
            let run = try Measure.child([trove, "--store", path, "reindex"])
            lines.append(String(format: "  trove reindex (whole process): %@, peak memory %.0f MB (targets <= 10 s, <= 300 MB)", Measure.format(run.seconds), run.peakMB))
        }

        // Incremental: a commit changing 1,000 records (a different thousand each round), then catching up.
        var applied = 0
        var catchUps: [Double] = []
        for round in 0..<5 {
            try store.transaction { transaction in
                for (number, id) in ids[(round * 1_000)..<((round + 1) * 1_000)].enumerated() {
                    var fields = corpus.entry(size + number, journalId: journal)
                    fields["id"] = .string(id)
                    try transaction.put(fields, type: "entry")
                }
            }
            Measure.settle()
            catchUps.append(try Measure.seconds { applied = try index.catchUp() })
        }
        lines.append(String(format: "  catching up after one commit of %d changed records (5 rounds): median %@, slowest %@ (target <= 0.5 s)",
                            applied, Measure.format(Measure.median(catchUps)), Measure.format(catchUps.max() ?? 0)))
        let idle = (0..<21).map { _ in (try? Measure.seconds { _ = try RecordIndex(store: store) }) ?? 0 }
        lines.append(String(format: "  opening the index when it is current (HEAD check included): median %@", Measure.format(Measure.median(idle))))

        // Full-text queries: one and two words people would search for, some as prefixes.
        var queries: [String] = []
        for number in 0..<60 {
            let word = corpus.queryWord()
            switch number % 3 {
            case 0: queries.append(word)
            case 1: queries.append(word + " " + corpus.queryWord())
            default: queries.append(String(word.prefix(max(3, word.count - 2))))
            }
        }
        var hits = 0
        let searchTimes = try queries.map { query in try Measure.seconds { hits += try index.search(query, limit: 20).count } }
        lines.append(String(format: "  full-text query over %d entries (60 queries, top 20): median %@, slowest %@ (target: median <= 20 ms); %d hits",
                            size, Measure.format(Measure.median(searchTimes)), Measure.format(searchTimes.max() ?? 0), hits))
        let common = try Measure.seconds { _ = try index.search("the", limit: 20) }
        lines.append(String(format: "    a word in nearly every entry ('the'): %@", Measure.format(common)))

        // Radius queries around the generated places.
        var found = 0
        let radiusTimes = try (0..<60).map { number -> Double in
            let place = corpus.place()
            let radius = [250.0, 1_000, 3_000][number % 3]
            return try Measure.seconds {
                found += try index.records(near: GeoPoint(latitude: place.lat, longitude: place.lon), radius: radius).count
            }
        }
        lines.append(String(format: "  radius query over %d located records (250 m to 3 km): median %@, slowest %@ (target: median <= 10 ms); %d found",
                            locatedCount, Measure.format(Measure.median(radiusTimes)), Measure.format(radiusTimes.max() ?? 0), found))

        // Whole commands, process start included.
        guard let trove else { return }
        for command in [["status"], ["record", "list", "entry"], ["search", "canal"]] {
            let times = try (0..<11).map { _ in try Measure.child([trove, "--store", path] + command).seconds }
            lines.append(String(format: "  trove %@ (whole process): median %@ (target <= 150 ms)", command.joined(separator: " "), Measure.format(Measure.median(times))))
        }
        try shell(store: path, trove: trove, work: work)
    }
}
