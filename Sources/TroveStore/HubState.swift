import Foundation
import TroveGit
import TroveAge
import TroveJSON
import TroveSystem

/// What this device remembers of an encrypted hub, in `.git/trove/hubs/<remote>.json` (never synced): the
/// newest manifest it verified, who may sign the next one, and which packs are in the local object database.
///
/// The sequence number and hash are the defence against a hub that serves an older manifest again.
struct HubState: Equatable {
    var sequence: Int
    var manifestSHA256: String
    var hubCommit: ObjectID
    var signers: Set<HubPublicKey>
    var indexedPacks: Set<String>

    static func load(from path: String) -> HubState? {
        guard let bytes = FileManager.default.contents(atPath: path), let object = try? JSONValue(parsing: [UInt8](bytes)).objectValue,
              let sequence = object["sequence"]?.intValue, let hash = object["manifest"]?.stringValue,
              let commit = object["hubCommit"]?.stringValue.flatMap(ObjectID.init(hex:)),
              let signers = object["signers"]?.arrayValue, let packs = object["packs"]?.arrayValue else { return nil }
        return HubState(
            sequence: sequence, manifestSHA256: hash, hubCommit: commit,
            signers: Set(signers.compactMap { signer -> HubPublicKey? in
                guard let recipient = signer["recipient"]?.stringValue.flatMap({ try? AgeRecipient(text: $0) }),
                      let verifying = signer["verifying"]?.stringValue.flatMap({ HubManifest.unbase64(Substring($0)) }) else { return nil }
                return HubPublicKey(recipient: recipient, verifying: verifying)
            }),
            indexedPacks: Set(packs.compactMap(\.stringValue)))
    }

    func save(to path: String) throws {
        let object: JSONValue = .object([
            "sequence": .integer(sequence),
            "manifest": .string(manifestSHA256),
            "hubCommit": .string(hubCommit.hex),
            "signers": .array(signers.sorted { $0.code < $1.code }.map {
                ["recipient": .string($0.recipient.text), "verifying": .string(HubManifest.base64($0.verifying))]
            }),
            "packs": .array(indexedPacks.sorted().map { .string($0) }),
        ])
        try FileManager.default.createDirectory(atPath: FilePath.folder(of: path), withIntermediateDirectories: true)
        try LocalState.writeAtomically(CanonicalJSON.encode(object), to: path, mode: 0o600)
    }
}
