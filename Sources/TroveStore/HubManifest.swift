import Foundation
import TroveAge
import TroveGit
import TroveJSON

/// One encrypted pack the hub holds: a file of the hub's tree, its size and hash (of the age file), the key epoch.
struct HubPackEntry: Equatable {
    var file: String
    var sha256: String
    var size: Int
    var epoch: Int
}

/// An enrolled device: its name (the host it was made on, for `device list`) and its keys.
struct HubDevice: Equatable {
    var name: String
    var key: HubPublicKey
}

/// The hub's root of trust: the refs, the packs that hold their objects, the devices that may write, the key
/// epochs, and hashes of the key and recovery files. It is signed by the device that wrote it and sealed with
/// the current epoch's data key; each device remembers the newest sequence number it has seen.
struct HubManifest: Equatable {
    static let format = 1
    static let header = "trove-encrypted-hub-manifest \(format)\n"

    var sequence: Int
    var refs: [String: ObjectID]
    var packs: [HubPackEntry]
    var devices: [HubDevice]
    /// The recipient of each epoch's data key, oldest first: epoch n is `epochs[n - 1]`. New packs use the last.
    var epochs: [AgeRecipient]
    var recovery: HubPublicKey
    var keysSHA256: String
    var recoverySHA256: String

    var currentEpoch: Int { epochs.count }

    /// The keys whose signature a device accepts on the next manifest: every enrolled device and the recovery key.
    var signers: Set<HubPublicKey> { Set(devices.map(\.key) + [recovery]) }

    var body: JSONValue {
        .object([
            "format": .integer(Self.format),
            "sequence": .integer(sequence),
            "refs": .object(refs.mapValues { .string($0.hex) }),
            "packs": .array(packs.map { ["file": .string($0.file), "sha256": .string($0.sha256), "size": .integer($0.size), "epoch": .integer($0.epoch)] }),
            "devices": .array(devices.map { ["name": .string($0.name), "recipient": .string($0.key.recipient.text),
                                             "verifying": .string(Self.base64($0.key.verifying)), "code": .string($0.key.code)] }),
            "epochs": .array(epochs.map { .string($0.text) }),
            "recovery": ["recipient": .string(recovery.recipient.text), "verifying": .string(Self.base64(recovery.verifying))],
            "keys": .string(keysSHA256),
            "recoveryFile": .string(recoverySHA256),
        ])
    }

    /// The signed text: a header line, the signer and signature, a blank line, then the body's canonical JSON.
    func signed(by key: HubKeyPair) throws -> [UInt8] {
        let json = CanonicalJSON.encode(body)
        let signature = try key.sign(Array(Self.header.utf8) + json)
        return Array((Self.header + "signer \(Self.base64(key.publicKey.verifying))\nsignature \(Self.base64(signature))\n\n").utf8) + json
    }

    /// Reads a signed manifest; returns it with the key that signed it (the signature checked against that key).
    ///
    /// - Throws: `ManifestProblem` words for what is wrong; the caller names the hub.
    static func read(_ bytes: [UInt8]) throws -> (manifest: HubManifest, signer: [UInt8]) {
        guard let blank = bytes.indices.dropLast().first(where: { bytes[$0] == 0x0A && bytes[$0 + 1] == 0x0A }),
              let head = String(bytes: bytes[..<blank], encoding: .utf8) else { throw ManifestProblem("no header") }
        let lines = head.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, let version = lines[0].split(separator: " ").last.flatMap({ Int($0) }),
              lines[0].hasPrefix("trove-encrypted-hub-manifest ") else { throw ManifestProblem("no manifest header") }
        guard version == format else { throw ManifestProblem("format \(version)", newer: version > format ? version : nil) }
        guard lines[1].hasPrefix("signer "), let signer = unbase64(lines[1].dropFirst(7)), signer.count == 32,
              lines[2].hasPrefix("signature "), let signature = unbase64(lines[2].dropFirst(10)) else {
            throw ManifestProblem("no signature")
        }
        let json = Array(bytes[(blank + 2)...])
        guard HubPublicKey.verify(signature, of: Array(header.utf8) + json, by: signer) else { throw ManifestProblem("a signature that does not verify") }
        guard let object = try? JSONValue(parsing: json).objectValue else { throw ManifestProblem("not JSON") }
        return (try HubManifest(object), signer)
    }

    private init(_ object: [String: JSONValue]) throws {
        func string(_ value: JSONValue?) throws -> String {
            guard let text = value?.stringValue else { throw ManifestProblem("a missing field") }
            return text
        }
        func key(_ value: JSONValue?) throws -> HubPublicKey {
            guard let verifying = Self.unbase64(Substring(try string(value?["verifying"]))), verifying.count == 32 else {
                throw ManifestProblem("a bad signing key")
            }
            return HubPublicKey(recipient: try AgeRecipient(text: try string(value?["recipient"])), verifying: verifying)
        }
        guard let sequence = object["sequence"]?.intValue, let refs = object["refs"]?.objectValue,
              let packs = object["packs"]?.arrayValue, let devices = object["devices"]?.arrayValue,
              let epochs = object["epochs"]?.arrayValue else { throw ManifestProblem("a missing field") }
        self.sequence = sequence
        self.refs = try refs.mapValues { value in
            guard let id = value.stringValue.flatMap(ObjectID.init(hex:)) else { throw ManifestProblem("a bad ref") }
            return id
        }
        self.packs = try packs.map { pack in
            guard let size = pack["size"]?.intValue, let epoch = pack["epoch"]?.intValue else { throw ManifestProblem("a bad pack") }
            let file = try string(pack["file"])
            // A pack's file is named by the manifest, so a hostile manifest must not point outside packs/.
            guard file.hasPrefix("packs/"), !file.contains(".."), file.split(separator: "/").count == 2 else { throw ManifestProblem("a bad pack name") }
            return HubPackEntry(file: file, sha256: try string(pack["sha256"]), size: size, epoch: epoch)
        }
        self.devices = try devices.map { HubDevice(name: try string($0["name"]), key: try key($0)) }
        self.epochs = try epochs.map { try AgeRecipient(text: try string($0)) }
        self.recovery = try key(object["recovery"])
        keysSHA256 = try string(object["keys"])
        recoverySHA256 = try string(object["recoveryFile"])
        guard !self.epochs.isEmpty, self.packs.allSatisfy({ (1...self.epochs.count).contains($0.epoch) }) else {
            throw ManifestProblem("a pack of an unknown key epoch")
        }
    }

    init(sequence: Int, refs: [String: ObjectID], packs: [HubPackEntry], devices: [HubDevice], epochs: [AgeRecipient],
         recovery: HubPublicKey, keysSHA256: String, recoverySHA256: String) {
        self.sequence = sequence
        self.refs = refs
        self.packs = packs
        self.devices = devices
        self.epochs = epochs
        self.recovery = recovery
        self.keysSHA256 = keysSHA256
        self.recoverySHA256 = recoverySHA256
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
    static func unbase64(_ text: Substring) -> [UInt8]? { Data(base64Encoded: String(text)).map { [UInt8]($0) } }
}

/// What is wrong with a manifest's text, in a few words.
struct ManifestProblem: Error {
    var reason: String
    /// The format version, when the manifest is newer than this program.
    var newer: Int?
    init(_ reason: String, newer: Int? = nil) {
        self.reason = reason
        self.newer = newer
    }
}
