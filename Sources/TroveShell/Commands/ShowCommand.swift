import ArgumentParser
import TroveIndex
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// `trove show ID [--at COMMIT]`: one record, now or at a past commit.
///
/// An event or a task (as it is now) shows as its details card, as `event show` and `task show` do;
/// `--json` gives the record itself.
struct ShowCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a record, as it is now or as it was at a commit.",
        discussion: "An event or a task shows its details (--json: the record).\nExamples:\n  trove show 5fcc9c9e\n  trove show 0193f0a2-... --at HEAD~3")

    @Argument(help: "The record id, or its first or last characters as listings show them (4 at least).",
              completion: DataCompletion.recordIDs)
    var id: String

    @Option(help: "A commit id (or HEAD~N) to read the record at.")
    var at: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let (options, id, group) = try locate(env)
        let store = try options.open(env)
        let commit = try at.map { try store.resolveCommit($0) }
        guard let record = try store.record(id: id, at: commit) else {
            throw CommandFailure(message: "no record with id \(id)" + (at.map { " at \($0)" } ?? ""))
        }
        if !output.json, commit == nil, [RecordType.event, RecordType.task].contains(record.type) {
            let context = try CalendarContext(options, env)
            var lines = Event(record).map { EventCommand.card($0, context, env) } ?? Assignment(record).map { TaskCommand.card($0, context, env) }
            if let group { lines?.insert("Group:     \(group)", at: 1) }
            if let lines { return env.out.line(lines.joined(separator: "\n")) }
        }
        env.out.json(record.value)
    }

    /// The store options, full id and group of the record asked for: a short id not in the store is looked
    /// up in the groups' stores, whose records views and search list beside the user's own.
    private func locate(_ env: CommandEnvironment) throws -> (StoreOptions, id: String, group: String?) {
        do {
            return (storeOptions, try TypedRecordID.resolve(id, in: storeOptions.open(env)), nil)
        } catch StoreError.recordNotFound where storeOptions.group == nil && at == nil {
            let given = id
            let found = try SharedStores.indexes(storeOptions, env).compactMap { shared -> (String, String)? in
                do {
                    return (shared.name, try RecordLookup.id(given, in: shared.index, unknown: StoreError.recordNotFound(id: given)) {
                        TypedRecordID.ambiguous(given, matches: $0)
                    })
                } catch StoreError.recordNotFound { return nil }
            }
            if found.count > 1 { throw TypedRecordID.ambiguous(given, matches: found.count) }
            guard let (group, id) = found.first else { throw CommandFailure(message: "no record with id \(given)") }
            var options = storeOptions
            options.group = group
            return (options, id, group)
        }
    }
}
