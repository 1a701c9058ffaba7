import Foundation
import TroveGit
import TroveJSON
import TroveStore

extension Report {
    /// Issue 22's figures: one store synced with a plain and an encrypted hub, both folders, in the same run.
    ///
    /// A sync that pushes `changed` edited records to each; `trove sync` with nothing to do against the encrypted hub
    /// (whole process); and a clone of the whole store from each hub (in process, the same code `trove clone` runs).
    mutating func encryptedHubs(records: Int, changed: Int, work: String, trove: String?) throws {
        let folder = work + "/encrypted"
        let store = try Store.create(at: folder + "/store")
        try store.addRemote(name: "plain", url: folder + "/plain.git", create: true)
        guard case .created(let phrase) = try store.addEncryptedRemote(name: "secret", url: folder + "/secret.git", create: true) else {
            throw BenchFailure("a new encrypted hub was expected")
        }
        let ids = try store.transaction { transaction in
            try transaction.put(batch: (0..<records).map { (Self.entry($0), "entry") }).map(\.id)
        }.value
        _ = try store.sync(remotes: ["plain"])
        _ = try store.sync(remotes: ["secret"])
        lines.append("encrypted hubs (folder hubs; a store of \(records) entries, each hub holding it all already):")

        // The same commit of `changed` edits goes to each hub in turn.
        try store.transaction { transaction in
            for (number, id) in ids.prefix(changed).enumerated() {
                var value = try transaction.record(id: id)!.value
                value["text"] = .string("Edited \(number): the canal froze over in the night.")
                _ = try transaction.put(value, type: "entry")
            }
        }
        Measure.settle()
        let plainPush = try Measure.seconds { _ = try store.sync(remotes: ["plain"]) }
        let encryptedPush = try Measure.seconds { _ = try store.sync(remotes: ["secret"]) }
        lines.append(String(format: "  sync that pushes %d changed records: encrypted %@, plain %@ (the same run): %.2f × (target <= 1.5 ×)",
                            changed, Measure.format(encryptedPush), Measure.format(plainPush), encryptedPush / plainPush))

        if let trove {
            let idle = try (0..<11).map { _ in try Measure.child([trove, "--store", store.path, "sync", "secret"]).seconds }
            let plainIdle = try (0..<11).map { _ in try Measure.child([trove, "--store", store.path, "sync", "plain"]).seconds }
            lines.append(String(format: "  trove sync with nothing to do, encrypted hub (whole process): median %@ (target <= 200 ms; plain hub %@)",
                                Measure.format(Measure.median(idle)), Measure.format(Measure.median(plainIdle))))
        }

        var plainClones: [Double] = [], encryptedClones: [Double] = []
        for round in 0..<3 {
            plainClones.append(try Measure.seconds { _ = try Store.clone(from: folder + "/plain.git", to: folder + "/plain-clone-\(round)") })
            encryptedClones.append(try Measure.seconds {
                _ = try Store.clone(from: folder + "/secret.git", to: folder + "/secret-clone-\(round)", recoveryPhrase: phrase)
            })
        }
        let (plainClone, encryptedClone) = (Measure.median(plainClones), Measure.median(encryptedClones))
        lines.append(String(format: "  clone of the %d-record store, median of 3: encrypted %@, plain %@: %.2f × (target <= 2 ×)",
                            records, Measure.format(encryptedClone), Measure.format(plainClone), encryptedClone / plainClone))
    }
}

/// A benchmark that could not set itself up.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
