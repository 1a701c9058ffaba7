import CGit2

/// A libgit2 call that failed, with libgit2's own explanation.
public struct GitError: Error, Sendable, CustomStringConvertible {
    /// What Trove was doing, e.g. "write tree".
    public var operation: String
    /// libgit2's return code (`GIT_ENOTFOUND`, `GIT_ELOCKED`, ...).
    public var code: Int32
    /// libgit2's message for the last error on this thread.
    public var message: String

    /// The object, ref or path does not exist.
    public var isNotFound: Bool { code == GIT_ENOTFOUND.rawValue }
    /// A lock file is held, by a live process or a dead one.
    ///
    /// A fetch that finds a ref's lock file reports it with a plain -1, so libgit2's wording counts too.
    public var isLocked: Bool { code == GIT_ELOCKED.rawValue || message.hasPrefix("failed to lock file") }
    /// A reference moved under us (compare-and-swap failed) or a push was not a fast-forward.
    public var isConflict: Bool {
        code == GIT_EMODIFIED.rawValue || code == GIT_ENONFASTFORWARD.rawValue || code == GIT_ECONFLICT.rawValue
    }

    public var description: String { "\(operation): \(message)" }
}

/// Throws a `GitError` when a libgit2 call returned a negative code.
@discardableResult
func check(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard result < 0 else { return result }
    let message: String
    if let last = git_error_last(), let text = last.pointee.message {
        message = String(cString: text).trimmingTrailingNewlines()
    } else {
        message = "error \(result)"
    }
    throw GitError(operation: operation(), code: result, message: message)
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
