/// Why an age file could not be made or read. The words name no command: the layers above add the advice.
public enum AgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an age v1 file, or its header breaks the format's rules.
    case malformedHeader(String)
    /// None of the identities given opens any stanza of the header.
    case noMatchingIdentity
    /// The header's MAC does not match: it was changed, or the file key is wrong.
    case headerMACMismatch
    /// A chunk of the payload does not authenticate: the bytes were changed.
    case payloadDamaged(chunk: Int)
    /// The payload ends before its final chunk: the file was cut short.
    case payloadTruncated
    /// A key written as text (bech32) that does not decode.
    case malformedKey(String)
    /// A passphrase stanza next to other stanzas, or a work factor out of range.
    case unacceptableScrypt(String)
    /// libsodium's scrypt failed (it only does when it cannot get the memory).
    case scryptFailed

    public var description: String {
        switch self {
        case .malformedHeader(let reason): return "not a readable age file: \(reason)"
        case .noMatchingIdentity: return "no key given can open this age file"
        case .headerMACMismatch: return "the age header was modified (its MAC does not match)"
        case .payloadDamaged(let chunk): return "the age payload was modified (chunk \(chunk) does not authenticate)"
        case .payloadTruncated: return "the age payload is truncated (it ends before its final chunk)"
        case .malformedKey(let reason): return "not an age key: \(reason)"
        case .unacceptableScrypt(let reason): return "unacceptable passphrase stanza: \(reason)"
        case .scryptFailed: return "scrypt failed (out of memory?)"
        }
    }
}
