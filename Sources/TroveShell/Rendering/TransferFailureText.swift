import Foundation
import TroveGit
import TroveStore

/// Words for a failed transfer (sync, clone, remote test), with the command that helps next, in one place:
/// the layers below say what happened, and only the command line knows its own commands.
enum TransferFailureText {
    /// The error's description, and on a second line a hint naming the command to run, when there is one.
    /// `remote` is the remote's name, or `nil` for a clone (then `url` is what was cloned).
    /// `testing` is set when the words are for `trove remote test`, which should not suggest itself.
    static func describe(_ error: Error, remote: String?, url: String? = nil, testing: Bool = false) -> String {
        if let failure = error as? RemoteTestFailure { return describe(failure.reason, remote: remote, url: url, testing: testing) }
        if error is HubError { return HubErrorWords.text(for: error) }
        // Other errors a sync meets (a store's refusal to push) are worded as everywhere else.
        let text = error is HTTPFailure ? "\(error)" : (ErrorText.text(for: error) ?? "\(error)")
        guard let hint = hint(for: error, remote: remote, testing: testing) else { return text }
        return text + "\n  hint: " + hint
    }

    private static func hint(for error: Error, remote: String?, testing: Bool) -> String? {
        guard let failure = error as? HTTPFailure else { return nil }
        switch failure {
        case .loginNeeded:
            return remote.map { "keep one with 'trove remote login \($0) --username NAME' (asked without echo; --password-stdin in scripts)" }
                ?? "give one with 'trove clone URL --username NAME' (asked without echo; --password-stdin in scripts)"
        case .loginRefused:
            return remote.map { "replace the kept one with 'trove remote login \($0) --username NAME', or drop it with 'trove remote forget-password \($0)'" }
                ?? "check the user name, and the password or token given"
        case .notGit:
            return remote.map { "if the server wants a login: 'trove remote login \($0) --username NAME'" }
        case .untrustedCertificate(_, nil):
            return remote.map { "for a server with its own CA: 'trove remote remove \($0)', then 'trove remote add \($0) URL --ca-file FILE'" }
                ?? "for a server with its own CA: 'trove clone URL --ca-file FILE'"
        case .untrustedCertificate:
            return remote.map { "to give another CA file: 'trove remote remove \($0)', then 'trove remote add \($0) URL --ca-file FILE'" }
        case .credentialsUnreadable:
            return remote.map { "keep the login again with 'trove remote login \($0) --username NAME'" }
        default:
            if testing { return nil }
            return remote.map { "'trove remote test \($0)' checks the remote step by step" }
        }
    }
}
