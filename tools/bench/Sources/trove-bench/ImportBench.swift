import Foundation
import TroveJSON

extension Report {
    /// Issue 25's import figures: `trove import jrnl` of jrnl's own JSON export, the first search after it included,
    /// against `git add -A && git commit` of the same records as files; the peak memory of each.
    ///
    /// Each size gets a store and a work folder of its own; the git program commits the files Trove checked out.
    mutating func bigImports(sizes: [Int], work: String, trove: String?) throws {
        guard let trove else {
            lines.append("imports: skipped (no trove binary beside trove-bench)")
            return
        }
        lines.append("imports (trove import jrnl of jrnl's JSON export; the git program on the same records as files):")
        var peaks: [(size: Int, peakMB: Double)] = []
        for size in sizes {
            let folder = work + "/import-\(size)"
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder + "/plain", withIntermediateDirectories: true)
            let export = folder + "/jrnl.json"
            try Self.writeJrnlExport(entries: size, to: export)
            let store = folder + "/store"
            try Measure.run([trove, "--store", store, "init"], in: folder)
            Measure.settle()
            let imported = try Measure.child([trove, "--store", store, "import", "jrnl", export, "--journal", "Work"])
            let search = try Measure.child([trove, "--store", store, "search", "heron"])
            peaks.append((size, imported.peakMB))

            // The same records as files, committed by the git program in a repository of their own.
            try Measure.run(["cp", "-r", store + "/entries", store + "/journals", folder + "/plain/"], in: folder)
            try Measure.run(["git", "init", "-q"], in: folder + "/plain")
            Measure.settle()
            let git = try Measure.childThroughTime(["/bin/sh", "-c",
                "cd '\(folder)/plain' && git add -A && git -c user.name=Bench -c user.email=bench@example.invalid commit -q -m import"])
            let ours = imported.seconds + search.seconds
            lines.append(String(
                format: "  %d entries (%.0f MB): trove import %@ + first search %@ = %@, peak memory %.0f MB (search %.0f MB); git add -A && git commit %@, peak memory %.0f MB: %@ (targets <= 0.6 ×, <= 250 MB)",
                size, Double(Self.fileSize(export)) / 1e6, Measure.format(imported.seconds), Measure.format(search.seconds),
                Measure.format(ours), imported.peakMB, search.peakMB, Measure.format(git.seconds), git.peakMB,
                Measure.ratio(ours, git.seconds)))
        }
        // Deleted only now: a deletion would slow the next size's file creation (see main.swift).
        for size in sizes { try? FileManager.default.removeItem(atPath: work + "/import-\(size)") }
        if let small = peaks.first, let large = peaks.last, large.size > small.size {
            lines.append(String(format: "  peak memory at %d entries over %d: %.2f × (target <= 1.10 ×)",
                                large.size, small.size, large.peakMB / max(small.peakMB, 1)))
        }
    }

    /// Writes a jrnl export (`jrnl --export json`'s form) of `entries` generated entries, a thousand at a time.
    static func writeJrnlExport(entries: Int, to path: String) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let file = FileHandle(forWritingAtPath: path) else { throw BenchFailure("cannot write \(path)") }
        defer { try? file.close() }
        var corpus = Corpus(seed: 25)
        let start = Date(timeIntervalSince1970: 1_300_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        try file.write(contentsOf: Data("{\"tags\": {}, \"entries\": [\n".utf8))
        for first in stride(from: 0, to: entries, by: 1_000) {
            var text = ""
            for number in first..<min(entries, first + 1_000) {
                // An entry every 37 minutes, so that no two share a minute.
                let stamp = formatter.string(from: start.addingTimeInterval(Double(number) * 37 * 60)).split(separator: " ")
                let words = (0..<(40 + number % 120)).map { _ in corpus.word() }
                let tags: [JSONValue] = number % 3 == 0 ? ["@walk"] : []
                let entry: JSONValue = [
                    "title": .string("Entry \(number) by the \(corpus.word())."), "body": .string(words.joined(separator: " ") + "."),
                    "date": .string(String(stamp[0])), "time": .string(String(stamp[1])), "tags": .array(tags), "starred": .bool(number % 17 == 0),
                ]
                text += (number == 0 ? "" : ",\n") + CanonicalJSON.compact(entry)
            }
            try file.write(contentsOf: Data(text.utf8))
        }
        try file.write(contentsOf: Data("\n]}\n".utf8))
    }
}
