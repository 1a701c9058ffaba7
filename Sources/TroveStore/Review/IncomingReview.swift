import TroveGit

/// A peer's say over which arriving commits count, for stores where not everyone who can push may write.
///
/// A shared store's hub takes pushes from anyone who can reach it, so each
/// peer decides for itself what to merge. The sync walks the arriving commits
/// parents first and asks `judge` about each one that changes something of its
/// own (merges are recomputed instead, see `ReviewEngine`). A refused commit
/// stays in the history but its changes are left out of what this peer merges.
public protocol IncomingReview {
    /// Whether `commit` counts, judged against the state it builds on.
    func judge(_ commit: ArrivingCommit, context: ReviewContext) throws -> ReviewJudgement

    /// Accepted commits that others accepted in the same range make void (say, a member removed in a parallel
    /// branch); each with its reason. The engine runs again without them until nothing more is revoked.
    func revoked(_ accepted: [ArrivingCommit], context: ReviewContext) throws -> [ObjectID: String]
}

extension IncomingReview {
    public func revoked(_ accepted: [ArrivingCommit], context: ReviewContext) throws -> [ObjectID: String] { [:] }
}

/// A verdict on one arriving commit.
public enum ReviewJudgement: Sendable, Equatable {
    case accept
    /// Refused, with the reason the sync summary shows.
    case refuse(String)
}

/// One commit under review: who made it, what it claims, and what it changes.
public struct ArrivingCommit {
    public let id: ObjectID
    public let parentIDs: [ObjectID]
    public let author: Signature
    public let summary: String
    /// The `gpgsig` header and the text it signs, or `nil` for an unsigned commit.
    public let signature: SignedCommit?
    /// The accepted state the commit builds on.
    public let before: StoreState
    /// What the commit changes in that state, by path.
    public let changes: [StateChange]
}

/// One file a commit adds, replaces or removes.
public struct StateChange: Sendable, Equatable {
    public let path: String
    public let before: [UInt8]?
    public let after: [UInt8]?
}

/// A commit that a review left out, for the sync summary.
public struct RefusedCommit: Sendable, Equatable {
    /// The full commit id.
    public var commit: String
    /// The author line as the commit gives it (it proves nothing: the signature is what counts).
    public var author: String
    public var summary: String
    public var reason: String

    public init(commit: String, author: String, summary: String, reason: String) {
        self.commit = commit
        self.author = author
        self.summary = summary
        self.reason = reason
    }
}
