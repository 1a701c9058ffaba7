/// Why a signing key could not be made, read or used.
public enum KeyError: Error, Equatable, CustomStringConvertible {
    case keyExists(path: String)
    case noKey(path: String)
    case passphraseNeeded(path: String)
    case wrongPassphrase(path: String)
    case emptyPassphrase
    case unreadableKeyFile(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case unreadablePublicKey(String)
    case unreadableSignature(String)

    public var description: String {
        switch self {
        case .keyExists(let path):
            return "a signing key already exists at \(path); pass --force to replace it "
                + "(commits signed with the old key will then verify only against the old public key)"
        case .noKey(let path): return "there is no signing key at \(path)"
        case .passphraseNeeded(let path):
            return "the signing key at \(path) is protected by a passphrase: set TROVE_KEY_PASSPHRASE so that Trove can sign "
                + "the commit (nothing was committed)"
        case .wrongPassphrase(let path):
            return "the passphrase does not unlock the signing key at \(path) (check TROVE_KEY_PASSPHRASE; nothing was committed)"
        case .emptyPassphrase: return "the passphrase is empty: give one on standard input, or leave out --passphrase-stdin"
        case .unreadableKeyFile(let path, let reason): return "cannot read the signing key at \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .unreadablePublicKey(let reason): return "cannot read the public key: \(reason)"
        case .unreadableSignature(let reason): return "cannot read the signature: \(reason)"
        }
    }
}

extension KeyError: UserFacingError {}
