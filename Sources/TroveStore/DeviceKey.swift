import Foundation
import TroveAge

/// This device's key for encrypted hubs: `.git/trove/device-key`, an age identity file (mode 0600, never synced).
///
/// It is an ordinary age identity file on purpose: `age -d -i .git/trove/device-key FILE` opens the hub's key
/// file with it, without Trove.
enum DeviceKey {
    static func path(gitDirectory: String) -> String { gitDirectory + "trove/device-key" }

    /// The device's key pair, made on first use.
    static func loadOrCreate(gitDirectory: String) throws -> HubKeyPair {
        let file = path(gitDirectory: gitDirectory)
        if let text = try? String(contentsOfFile: file, encoding: .utf8), let identity = try AgeIdentity.parseFile(text).first {
            return HubKeyPair(identity: identity)
        }
        try FileManager.default.createDirectory(atPath: gitDirectory + "trove", withIntermediateDirectories: true)
        let pair = HubKeyPair()
        let text = "# Trove device key for encrypted hubs (an age identity; its code is \(pair.publicKey.code)).\n"
            + "# Keep it on this machine only: a lost one is replaced by approving the machine again.\n"
            + pair.identity.text + "\n"
        try LocalState.writeAtomically(Array(text.utf8), to: file, mode: 0o600)
        return pair
    }
}

/// The recovery phrase of an encrypted hub: 160 random bits as 32 base32 characters in groups of four. It is
/// the passphrase of the hub's `recovery.age`, which holds the recovery key (an age identity that every key
/// file is sealed for, and whose signing key may approve a device).
///
/// The passphrase is the phrase exactly as shown (lowercase, with dashes), so that `age -d recovery.age`
/// opens with what the person wrote down. Random and that long, it needs no slow scrypt; 2^16 is age-compatible.
enum RecoveryPhrase {
    static let logN = 16

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return grouped(Base32.encode(bytes))
    }

    /// The phrase as shown, from what a person typed: any case, dashes or spaces or none, 0/1/8 read as o/l/b.
    static func normalized(_ typed: String) throws -> String {
        var letters = ""
        for character in typed.lowercased() where !character.isWhitespace && character != "-" {
            switch character {
            case "0": letters.append("o")
            case "1": letters.append("l")
            case "8": letters.append("b")
            default: letters.append(character)
            }
        }
        guard letters.count == 32, letters.utf8.allSatisfy({ Base32.alphabet.contains($0) }) else { throw HubError.malformedRecoveryPhrase }
        return grouped(letters)
    }

    private static func grouped(_ text: String) -> String {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: 4).map { String(characters[$0..<min($0 + 4, characters.count)]) }
            .joined(separator: "-")
    }
}
