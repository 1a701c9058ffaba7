import ArgumentParser
import TroveJSON
import TroveStore

/// `trove status`: where the store is, what it holds, its last commit, remotes and hand edits.
struct StatusCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the store's path, record counts, last commit, remotes and hand edits.",
        discussion: """
            Examples:
              trove status
              trove status --json | jq .records
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let index = try storeOptions.openIndex(env)
        let store = index.store
        let counts = try index.counts()
        let last = try store.history(limit: 1).first
        let remotes = try store.remotes()
        let edits = try store.handEdits()
        if output.json {
            env.out.json([
                "path": .string(store.path),
                "records": .object(Dictionary(uniqueKeysWithValues: counts.map { ($0.type, .integer($0.count)) })),
                "lastCommit": last.map { JSONValue.object(["id": .string($0.commit.hex), "summary": .string($0.summary), "author": .string($0.author), "date": .string(Timestamp.string($0.date))]) } ?? .null,
                "remotes": .array(remotes.map { ["name": .string($0.name), "url": .string($0.url)] }),
                "handEdits": .array(edits.map { ["path": .string($0.path), "change": .string("\($0.change)")] }),
            ])
            return
        }
        var rows: [[String]] = [["Store", store.path]]
        rows.append(["Records", counts.isEmpty ? "none" : counts.map { "\($0.count) \($0.type)" }.joined(separator: ", ")])
        if let last { rows.append(["Last commit", "\(last.commit.short) \(last.summary) (\(last.author), \(LocalTime.minutes(last.date)))"]) }
        rows.append(["Remotes", remotes.isEmpty ? "none" : remotes.map { "\($0.name) \($0.url)" }.joined(separator: ", ")])
        env.out.table(rows)
        if let merging = store.unfinishedGitMerge() {
            env.out.line()
            env.out.line("git stopped in the middle of merging \(merging.short): 'trove commit' finishes it by Trove's rules.")
        }
        if !edits.isEmpty {
            env.out.line()
            env.out.line("Hand edits (commit them with 'trove commit -m MSG'):")
            for edit in edits { env.out.line("  \(String(describing: edit.change).padding(toLength: 10, withPad: " ", startingAt: 0)) \(edit.path)") }
        }
    }
}
