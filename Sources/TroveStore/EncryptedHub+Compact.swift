import Foundation
import TroveAge
import TroveGit

/// What compacting an encrypted hub did: its packs before, and their sizes before and after.
public struct HubCompaction: Sendable, Equatable {
    public var packsBefore: Int
    public var bytesBefore: Int
    public var bytesAfter: Int
}

extension EncryptedHub {
    /// Rewrites the hub as one pack of everything its refs reach, sealed with the current epoch's key, in a
    /// commit that replaces the hub's branch, so that the old packs leave its history too (the hub's own git
    /// frees their space when it next collects garbage).
    ///
    /// Every pack is fetched, checked and received first, so the store holds every object the new pack needs.
    /// A peer that pushes meanwhile would have its push replaced: the tip is fetched again just before the push,
    /// and the compaction starts over when it moved.
    func compact(security: TransferSecurity, progress: TransferProgress.Handler? = nil, attempts: Int = 5) throws -> HubCompaction {
        for _ in 1...attempts {
            let hub = try fetch(security: security, progress: progress)
            var manifest = hub.manifest
            var result = HubCompaction(packsBefore: manifest.packs.count, bytesBefore: manifest.packs.reduce(0) { $0 + $1.size }, bytesAfter: 0)
            manifest.sequence += 1
            manifest.packs = []
            var files: [String: [UInt8]] = [:]
            if !manifest.refs.isEmpty, let pack = try repository.pack(reachableFrom: Array(manifest.refs.values), notFrom: []) {
                let sealed = try AgeFile.encrypt(pack, to: [.x25519(manifest.epochs.last!)])
                let hash = Self.sha256(sealed)
                let entry = HubPackEntry(file: "packs/\(hash).age", sha256: hash, size: sealed.count, epoch: manifest.currentEpoch)
                manifest.packs = [entry]
                files[entry.file] = sealed
                result.bytesAfter = sealed.count
            }
            let removing = hub.manifest.packs.map(\.file).filter { files[$0] == nil }
            guard try fetchTip(security: security, progress: nil) == hub.tip else { continue }
            try write(HubUpdate(manifest: manifest, files: files, removing: removing, message: "Manifest \(manifest.sequence), compacted\n"),
                      over: hub, security: security, progress: progress, indexed: manifest.packs.map(\.sha256), replacingHistory: true)
            return result
        }
        throw HubError.compactionRaced(remote: remote, attempts: attempts)
    }
}
