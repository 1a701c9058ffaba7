import Foundation
import TroveGit

extension Store {
    /// The signer every store opened from now on in this process starts with; `nil` (the default) signs nothing.
    ///
    /// The signing key belongs to the user running Trove, not to a store, so the
    /// command line sets this once at start-up (see `KeyStore` in TroveKit), and
    /// stores made or opened afterwards, including the one `create` makes its
    /// first commit in, sign with it.
    public static var defaultCommitSigner: (any CommitSigner)? {
        get { SignerBox.shared.withLock { $0 } }
        set { SignerBox.shared.withLock { $0 = newValue } }
    }

    /// A lock around the process-wide default signer.
    final class SignerBox: @unchecked Sendable {
        static let shared = SignerBox()
        private let lock = NSLock()
        private var signer: (any CommitSigner)?

        func withLock<T>(_ body: (inout (any CommitSigner)?) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&signer)
        }
    }
}

extension Store {
    /// The `gpgsig` signature of commit `id` and the text it signs, or `nil` for an unsigned commit.
    public func commitSignature(of id: ObjectID) throws -> SignedCommit? {
        try repository.commitSignature(of: id)
    }
}

extension Store {
    /// Where warnings of the store go (a clock reset, say): one line each, the text without a prefix.
    /// The command line sets it once at start-up; until then they go to standard error.
    public static var warningHandler: @Sendable (String) -> Void {
        get { WarningBox.shared.withLock { $0 } }
        set { WarningBox.shared.withLock { $0 = newValue } }
    }

    static func warn(_ text: String) { warningHandler(text) }

    /// A lock around the process-wide warning handler.
    final class WarningBox: @unchecked Sendable {
        static let shared = WarningBox()
        private let lock = NSLock()
        private var handler: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("warning: " + $0 + "\n").utf8)) }

        func withLock<T>(_ body: (inout @Sendable (String) -> Void) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&handler)
        }
    }
}
