import Foundation
import TroveGit
import TroveJSON
import TroveStore

extension Report {
    /// Two peers whose histories diverge by `changed` records each, `overlap` of them the same; times the merging sync.
    mutating func divergedMerge(records: Int, changed: Int, overlap: Int, work: String) throws {
        let folder = work + "/merge"
        let hub = folder + "/hub.git"
        let a = try Store.create(at: folder + "/a")
        try a.addRemote(name: "hub", url: hub, create: true)
        let ids = try a.transaction { transaction in
            try (0..<records).map { try transaction.put(["name": .string("dog \($0)")], type: "dog").id }
        }.value
        _ = try a.sync()
        let b = try Store.clone(from: hub, to: folder + "/b")
        func rename(_ store: Store, _ range: Range<Int>, _ label: String) throws {
            try store.transaction { transaction in
                for index in range { try transaction.put(["id": .string(ids[index]), "name": .string("\(label) \(index)")], type: "dog") }
            }
        }
        try rename(a, 0..<changed, "a")
        try rename(b, (changed - overlap)..<(2 * changed - overlap), "b")
        _ = try b.sync()
        var summary: SyncSummary?
        let seconds = try Measure.seconds { summary = try a.sync().first }
        lines.append(String(
            format: "sync that merges two histories diverged by %d records each (%d the same), store of %d: %@ (target <= 5 s); merged %d, conflicts kept %d",
            changed, overlap, records, Measure.format(seconds), summary?.merged ?? 0, summary?.conflictsKept ?? 0))
    }

    /// `trove sync` with nothing to do, against a local hub, on a store of `records` records.
    mutating func idleSync(records: Int, work: String, trove: String?) throws {
        let folder = work + "/idle"
        let store = try Store.create(at: folder + "/store")
        try store.addRemote(name: "hub", url: folder + "/hub.git", create: true)
        try store.transaction { transaction in
            for number in 0..<records { try transaction.put(Self.entry(number), type: "entry") }
        }
        _ = try store.sync()
        var times: [Double] = []
        for _ in 0..<11 { times.append(try Measure.seconds { _ = try store.sync() }) }
        lines.append(String(format: "sync with nothing to do, store of %d, in process: median %@ (target <= 200 ms)", records, Measure.format(Measure.median(times))))
        guard let trove else { return }
        var commandTimes: [Double] = []
        for _ in 0..<7 {
            commandTimes.append(try Measure.seconds { try Measure.run([trove, "--store", folder + "/store", "sync"], in: folder) })
        }
        lines.append(String(format: "  the same as a command (trove sync, process start included): median %@", Measure.format(Measure.median(commandTimes))))
    }
}
