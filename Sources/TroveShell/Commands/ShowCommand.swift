import ArgumentParser
import TroveIndex
import TroveJSON
import TroveKit
import TroveStore

/// `trove show ID [--at COMMIT]`: one record, now or at a past commit.
///
/// An event or a task (as it is now) shows as its details card, as `event show` and `task show` do;
/// `--json` gives the record itself.
struct ShowCommand: ParsableCommand {
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

    func run() throws {
        let store = try storeOptions.open()
        let commit = try at.map { try store.resolveCommit($0) }
        // A full id is read as it is (at a commit, the record may be gone now); a short one is found in the index.
        let given = self.id
        let id = RecordID.isValid(given.lowercased()) ? given.lowercased()
            : try RecordLookup.id(given, in: RecordIndex(store: store), unknown: CommandFailure(message: "no record with id \(given)")) {
                CommandFailure(message: "\($0) records have ids starting or ending with \(given): give more of the id")
            }
        guard let record = try store.record(id: id, at: commit) else {
            throw CommandFailure(message: "no record with id \(id)" + (at.map { " at \($0)" } ?? ""))
        }
        if !output.json, commit == nil, ["event", "task"].contains(record.type) {
            let context = try CalendarContext(storeOptions)
            if let event = Event(record) { return Output.line(EventCommand.card(event, context).joined(separator: "\n")) }
            if let task = Assignment(record) { return Output.line(TaskCommand.card(task, context).joined(separator: "\n")) }
        }
        Output.json(record.value)
    }
}
