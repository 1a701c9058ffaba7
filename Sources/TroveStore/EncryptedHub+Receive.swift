import Foundation
import TroveAge
import TroveGit

extension EncryptedHub {
    /// Brings the packs of a verified hub into the store and points `refs/remotes/<remote>/main` at its main.
    ///
    /// Every new pack is checked (present, whole, the hash the manifest signs for) and decrypted before the
    /// first is indexed, so a hub with one bad pack changes nothing here.
    func receive(_ hub: OpenedHub) throws {
        var state = self.state ?? HubState(sequence: 0, manifestSHA256: "", hubCommit: hub.tip, signers: [], indexedPacks: [])
        var packs: [[UInt8]] = []
        for pack in hub.manifest.packs where !state.indexedPacks.contains(pack.sha256) {
            guard let entry = hub.tree.entry(atPath: pack.file) else { throw HubError.packMissing(remote: remote, file: pack.file) }
            let sealed = try shadow.blob(entry.id)
            if sealed.count < pack.size {
                throw HubError.packTruncated(remote: remote, file: pack.file, size: sealed.count, expected: pack.size)
            }
            guard sealed.count == pack.size, Self.sha256(sealed) == pack.sha256,
                  let plain = try? AgeFile.decrypt(sealed, with: hub.dataIdentities) else {
                throw HubError.packModified(remote: remote, file: pack.file)
            }
            packs.append(plain)
        }
        for pack in packs { try repository.indexPack(pack) }
        for (_, commit) in hub.manifest.refs where !repository.contains(commit) {
            throw HubError.packIncomplete(remote: remote, commit: commit.hex)
        }
        let tracking = "refs/remotes/\(remote)/main"
        if let main = hub.manifest.refs[Self.mainRef] {
            if try repository.referenceTarget(tracking) != main {
                try repository.updateReference(tracking, to: main, expected: nil, force: true, message: "trove: fetch \(remote)")
            }
        }
        state.sequence = hub.manifest.sequence
        state.manifestSHA256 = hub.manifestSHA256
        state.hubCommit = hub.tip
        state.signers = hub.manifest.signers
        state.indexedPacks.formUnion(hub.manifest.packs.map(\.sha256))
        try state.save(to: statePath)
    }

    /// Fetches, verifies and receives: what a sync does before it merges. Returns the verified hub.
    @discardableResult
    func fetch(security: TransferSecurity, progress: TransferProgress.Handler?) throws -> OpenedHub {
        guard let tip = try fetchTip(security: security, progress: progress) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
        let hub = try open(tip: tip)
        try receive(hub)
        return hub
    }
}
