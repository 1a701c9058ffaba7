import TroveStore

/// The lines that say which arriving commits a sync or clone left out, and why: the same for a group and a personal store.
enum RefusalLines {
    /// Most refusals printed one a line; a hostile hub can send thousands, and the commit that undid them names them all.
    static let shown = 8

    /// Prints the first refusals, then how many more and where `trove log` shows them all (`logCommand`).
    static func print(_ refused: [RefusedCommit], _ env: CommandEnvironment, logCommand: String = "trove log --json") {
        for refusal in refused.prefix(shown) {
            env.out.line("  refused \(refusal.commit.prefix(10)) by \(refusal.author) \"\(refusal.summary)\": \(refusal.reason)")
        }
        if refused.count > shown {
            env.out.line("  … and \(refused.count - shown) more refused: the message of the commit that left them out "
                + "names them all ('\(logCommand)')")
        }
    }
}
