import TroveStore

/// An encrypted hub's errors in words, with what to type next: the store says what happened, the shell adds the commands.
enum HubErrorWords {
    static func text(for error: Error) -> String {
        guard let error = error as? HubError else { return "\(error)" }
        switch error {
        case .notEnrolled(_, let code):
            return error.description + ". On an enrolled machine, run 'trove device add \(code)' (this machine asks with "
                + "'trove clone URL' or 'trove remote add NAME URL --encrypt'), or clone with --recovery-phrase"
        case .encryptedHubAddedPlain(let remote):
            return error.description + ". Add it again as encrypted: 'trove remote remove \(remote)', then 'trove remote add \(remote) URL --encrypt'"
        case .noSuchRequest:
            return error.description + " (the new machine asks by 'trove clone URL'; 'trove device list' shows who waits)"
        case .noSuchDevice:
            return error.description + " (see 'trove device list')"
        case .newerFormat:
            return error.description + ": upgrade trove"
        case .manifestDamaged, .untrustedSigner, .rollback, .forked, .keyFileReplaced, .packMissing, .packTruncated, .packModified, .packIncomplete:
            return error.description + ". Someone with write access to the hub, or a damaged disk, changed it; your store is as it was"
        default:
            return error.description
        }
    }
}
