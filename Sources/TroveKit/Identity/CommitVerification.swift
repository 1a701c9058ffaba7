import TroveGit
import TroveStore

/// Checking who signed a commit: the piece that accepting commits from others will build on.
public enum CommitVerification {
    /// What a commit's signature says.
    public enum Outcome: Sendable, Equatable {
        /// No `gpgsig` header.
        case unsigned
        /// A valid SSHSIG signature in the "git" namespace by this key; whether the key is trusted is the caller's question.
        case signed(by: SSHPublicKey)
        /// A signature that is malformed, of another kind (GPG), in another namespace, or does not match the commit.
        case invalid(String)
    }

    /// Checks the signature of commit `id` in `store`.
    public static func check(_ id: ObjectID, in store: Store) throws -> Outcome {
        guard let signed = try store.commitSignature(of: id) else { return .unsigned }
        return check(signed)
    }

    /// Checks a signature against the text it claims to sign.
    public static func check(_ signed: SignedCommit) -> Outcome {
        let signature: SSHSignature
        do { signature = try SSHSignature(armoured: signed.signature) } catch { return .invalid("\(error)") }
        guard signature.namespace == SSHSignature.gitNamespace else { return .invalid("namespace \(signature.namespace), not git") }
        guard signature.isValid(for: Array(signed.signedText.utf8)) else { return .invalid("the signature does not match the commit") }
        return .signed(by: signature.publicKey)
    }
}
