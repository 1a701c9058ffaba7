/// Signs the commits a repository writes.
///
/// `createCommit` hands the signer the exact commit object text it is about to
/// write; the signer returns the armoured signature that goes, unchanged, into
/// the commit's `gpgsig` header (without a trailing newline). A signer that
/// throws stops the commit: nothing is written.
public protocol CommitSigner: Sendable {
    /// The armoured signature of `commit`, the commit object's text without any signature header.
    func signature(for commit: String) throws -> String
}

/// A commit's signature and the text it signs, as `Repository.commitSignature(of:)` reads them.
public struct SignedCommit: Sendable, Equatable {
    /// The `gpgsig` header's value, lines joined with "\n".
    public var signature: String
    /// The commit object's text without the signature header: what was signed.
    public var signedText: String
}
