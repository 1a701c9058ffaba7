import Foundation
import TroveIndex
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

extension Report {
    /// Issue 7's figures: `trove map` on 100,000 business records, statistics at a point, and a 50,000-point GeoJSON import.
    mutating func dogs(size: Int, work: String, trove: String?) throws {
        guard let trove else {
            lines.append("dogs: skipped (no trove binary beside trove-bench)")
            return
        }
        let center = (latitude: 48.8725, longitude: 2.3651)

        // A store of `size` business records of one dog around the centre, indexed, with the location set.
        let path = work + "/dogs-\(size)"
        let store = try Store.create(at: path)
        let dog = try DogBook(store: store).add(DogProfile(name: "Pixel")).dog
        let walks = Self.walks(count: size, seed: 11, around: center, dogID: dog.id)
        try store.transaction { transaction in
            for walk in walks {
                try transaction.put([
                    "id": .string(walk.id), "dogId": .string(dog.id), "kind": .string(walk.kind), "at": .string(Timestamp.string(walk.time)),
                    "location": ["lat": .double(walk.latitude), "lon": .double(walk.longitude)],
                ], type: "business")
            }
        }
        _ = try RecordIndex(store: store)
        try CurrentLocation(coordinates: Coordinates(latitude: center.latitude, longitude: center.longitude)).save(storePath: path)
        for (label, extra) in [("a 100x30 window at zoom 16", ["--zoom", "16"]), ("every record (--radius 1500)", ["--radius", "1500"])] {
            let times = try (0..<11).map { _ in try Measure.child([trove, "--store", path, "map", "--size", "100x30"] + extra).seconds }
            lines.append(String(format: "%@trove map on %d records, %@ (whole process): median %@ (target <= 200 ms)",
                                label == "every record (--radius 1500)" ? "  " : "dogs: ", size, label, Measure.format(Measure.median(times))))
        }
        let map = BusinessMap(index: try RecordIndex(store: store))
        let point = try Coordinates(latitude: center.latitude, longitude: center.longitude)
        var found = 0
        let inProcess = try (0..<21).map { _ in
            try Measure.seconds { found = try map.cluster(at: point, zoom: 16, dog: dog.id)?.records.count ?? 0 }
        }
        let whole = try (0..<11).map { _ in
            try Measure.child([trove, "--store", path, "business", "at", "48.8725,2.3651", "--zoom", "16"]).seconds
        }
        lines.append(String(format: "  statistics at a point (a marker of %d records): in process median %@, trove business at (whole process) median %@ (target <= 50 ms)",
                            found, Measure.format(Measure.median(inProcess)), Measure.format(Measure.median(whole))))

        // Last, so that the file system has settled from clearing the work folder: ext4 passes over
        // inodes freed in the last half minute, which slows creating the import's 50,000 files.
        // Importing 50,000 GeoJSON points, whole process, into a store with one dog.
        let geojson = work + "/walks.geojson"
        try Data(GeoJSONWriter.write(Self.walks(count: 50_000, seed: 7, around: center, dogID: nil))).write(to: URL(fileURLWithPath: geojson))
        let importStore = work + "/dogs-import"
        try Measure.run([trove, "--store", importStore, "init"], in: work)
        try Measure.run([trove, "--store", importStore, "dog", "add", "Pixel"], in: work)
        let imported = try Measure.child([trove, "--store", importStore, "import", "geojson", geojson])
        lines.append(String(format: "  trove import geojson of 50,000 points (%.0f MB): %@, peak memory %.0f MB (target <= 10 s)",
                            Double(Self.fileSize(geojson)) / 1e6, Measure.format(imported.seconds), imported.peakMB))
        let again = try Measure.child([trove, "--store", importStore, "import", "geojson", geojson])
        lines.append(String(format: "  importing the same file again (adds nothing): %@", Measure.format(again.seconds)))

    }

    /// Walks: records in a 2 km square around `center`, half of them in a few favourite spots, over three years.
    static func walks(count: Int, seed: UInt64, around center: (latitude: Double, longitude: Double), dogID: String?) -> [ExportedBusiness] {
        var random = SeededGenerator(seed: seed)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        // About 1 km in degrees, north and east.
        let latitudeKm = 1 / 111.2, longitudeKm = 1 / (111.2 * cos(center.latitude * .pi / 180))
        let spots = (0..<40).map { _ in (unit() * 2 - 1, unit() * 2 - 1) }
        let start = 1_700_000_000.0
        return (0..<count).map { number in
            var (north, east) = (unit() * 2 - 1, unit() * 2 - 1)
            if number % 2 == 0 {
                let spot = spots[Int(random.next() % UInt64(spots.count))]
                north = spot.0 + (unit() - 0.5) * 0.02
                east = spot.1 + (unit() - 0.5) * 0.02
            }
            let time = Date(timeIntervalSince1970: start + Double(number) * 900)
            return ExportedBusiness(id: RecordID.make(at: time), kind: random.next() % 3 == 0 ? "poo" : "pee", time: time,
                                    latitude: center.latitude + north * latitudeKm, longitude: center.longitude + east * longitudeKm,
                                    dogID: dogID ?? "", dogName: dogID == nil ? "Pixel" : nil)
        }
    }
}
