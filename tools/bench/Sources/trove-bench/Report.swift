import Foundation
import TroveJSON
import TroveStore

/// The benchmark's measurements and their printout.
struct Report {
    var lines: [String] = []
    var singlePutMedians: [Int: Double] = [:]

    static func entry(_ number: Int) -> JSONValue {
        [
            "journalId": "01a19623-efe0-71a9-a718-6f22d3699524",
            "date": "2026-11-22T07:30:00.000Z",
            "text": .string("Entry \(number): a walk by the canal, coffee, and a few lines about the day."),
            "tags": .array([.string("tag\(number % 17)"), "walk"]),
        ]
    }

    /// Median time to put one record (a whole transaction: blob, trees, commit, ref, file, index).
    /// One record put into stores of each size, in process and (with the trove binary) as a whole `trove entry new`,
    /// beside `git add FILE && git commit` on the same store.
    mutating func singlePuts(sizes: [Int], puts: Int, work: String, trove: String?) throws {
        for size in sizes {
            let path = work + "/store-\(size)"
            let store = try Store.create(at: path)
            try store.transaction { transaction in
                for number in 0..<size { try transaction.put(Self.entry(number), type: "entry") }
            }
            var times: [Double] = []
            Measure.settle()
            for number in 0..<puts {
                times.append(try Measure.seconds {
                    try store.transaction { try $0.put(Self.entry(size + number), type: "entry") }
                })
            }
            let median = Measure.median(times)
            singlePutMedians[size] = median
            var gitTimes: [Double] = []
            for number in 0..<max(5, puts / 3) {
                let name = "bench-\(number).json"
                try Data(CanonicalJSON.encode(Self.entry(number))).write(to: URL(fileURLWithPath: path + "/" + name))
                gitTimes.append(try Measure.seconds {
                    try Measure.run(["git", "add", name], in: path)
                    try Measure.run(["git", "commit", "-q", "-m", "bench"], in: path)
                })
            }
            let gitMedian = Measure.median(gitTimes)
            lines.append(String(
                format: "put one record, store of %7d: median %@   (git add+commit of one file: %@, trove is %.1fx faster)",
                size, Measure.format(median), Measure.format(gitMedian), gitMedian / median))
            // The whole command, as a person runs it: start-up, the store's checks, the commit and the index of records.
            if let trove {
                let whole = try (0..<21).map { number in
                    try Measure.child([trove, "--store", path, "entry", "new", "Whole-process entry \(number)."])
                }
                lines.append(String(
                    format: "  trove entry new on it (whole process): median %@, CPU time %@ (target <= 50 ms at 100,000; git add+commit %@: %.1fx faster)",
                    Measure.format(Measure.median(whole.map(\.seconds))), Measure.format(Measure.median(whole.map(\.cpuSeconds))),
                    Measure.format(gitMedian), gitMedian / Measure.median(whole.map(\.seconds))))
            }
        }
        if let small = singlePutMedians.keys.min(), let large = singlePutMedians.keys.max(), small != large {
            lines.append(String(format: "largest / smallest store single-put ratio: %.2f (target <= 2)",
                                singlePutMedians[large]! / singlePutMedians[small]!))
        }
    }

    /// One transaction of `count` new records, its object count, and the git program on the same files.
    mutating func bulkTransaction(count: Int, work: String) throws {
        let path = work + "/bulk"
        let store = try Store.create(at: path)
        let before = try objectCount(path)
        Measure.settle()
        let seconds = try Measure.seconds {
            try store.transaction { transaction in
                for number in 0..<count { try transaction.put(Self.entry(number), type: "entry") }
            }
        }
        let written = try objectCount(path) - before
        lines.append(String(format: "one transaction of %d new records: %@ (target <= 3 s)", count, Measure.format(seconds)))
        lines.append("objects written by it: \(written) (\(count) blobs + fan-out trees + root + commit)")

        // The same files, committed by the git program into a fresh repository.
        let gitPath = work + "/bulk-git"
        try FileManager.default.createDirectory(atPath: gitPath, withIntermediateDirectories: true)
        try Measure.run(["git", "init", "-q"], in: gitPath)
        let source = URL(fileURLWithPath: path)
        let files = FileManager.default.enumerator(atPath: path)!
        for case let relative as String in files where relative.hasSuffix(".json") && !relative.hasPrefix(".git") {
            let target = URL(fileURLWithPath: gitPath + "/" + relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(relative), to: target)
        }
        Measure.settle()
        let gitSeconds = try Measure.seconds {
            try Measure.run(["git", "add", "-A"], in: gitPath)
            try Measure.run(["git", "commit", "-q", "-m", "bulk"], in: gitPath)
        }
        lines.append(String(format: "git add -A && git commit of the same %d files: %@ (trove/git time ratio %.2f)",
                            count, Measure.format(gitSeconds), seconds / gitSeconds))
    }

    /// Objects in the repository: loose files plus those listed in pack indexes.
    private func objectCount(_ path: String) throws -> Int {
        let objects = path + "/.git/objects"
        var count = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects) where folder.count == 2 {
            count += try FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder).count
        }
        let packs = objects + "/pack"
        for index in (try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? [] where index.hasSuffix(".idx") {
            let data = try Data(contentsOf: URL(fileURLWithPath: packs + "/" + index))
            // idx v2: the last fan-out entry (at 8 + 255*4) is the object count, big-endian.
            count += data[(8 + 255 * 4)..<(8 + 256 * 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return count
    }

    func print() {
        for line in lines { Swift.print(line) }
    }
}
