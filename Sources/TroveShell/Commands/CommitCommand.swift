import ArgumentParser
import TroveJSON
import TroveStore

/// `trove commit -m MSG`: validate and commit hand edits.
struct CommitCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit", abstract: "Validate the records you edited by hand and commit them.",
        discussion: """
            Also finishes a merge that plain git stopped (a 'git pull' that met a record deleted on one side and
            edited on the other), by Trove's rules: the edit wins, as in 'trove sync'.
            Example: trove commit -m "Fix a typo in Tuesday's entry"
            """)

    @Option(name: .shortAndLong, help: "The commit message (needed when there are hand edits to commit).")
    var message: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        try Self.finishGitMerge(in: store, env)
        guard let message else {
            if try store.handEdits().contains(where: { $0.kind != .foreign }) {
                throw ValidationError("Missing expected argument '--message <message>': hand edits need a commit message")
            }
            return
        }
        let result = try store.commitHandEdits(message: message)
        let foreign = result.leftAlone
        if output.json {
            env.out.json([
                "commit": result.commit.map { .string($0.hex) } ?? .null, "summary": .string(result.summary),
                "leftAlone": .array(foreign.map { .string($0) }), "putBack": .array(result.putBack.map { .string($0) }),
            ])
            return
        }
        env.out.line(result.commit == nil ? "Nothing to commit." : "Committed \(result.commit!.short): \(result.summary)")
        for path in foreign { env.out.line("Left alone (not a Trove file): \(path)") }
        for note in result.putBack { env.out.line("Put back: \(note)") }
    }

    /// Finishes a merge that plain git stopped, saying so; `commit` and `sync` both do it first.
    static func finishGitMerge(in store: Store, _ env: CommandEnvironment) throws {
        guard let merged = try store.finishGitMerge() else { return }
        env.out.line("Finished the merge git left unfinished, by Trove's rules: merged \(merged.merged), conflicts kept \(merged.conflictsKept)"
            + (merged.conflictsKept > 0 ? " ('trove conflicts' lists them)" : ""))
        RefusalLines.print(merged.refused, env)
    }
}
