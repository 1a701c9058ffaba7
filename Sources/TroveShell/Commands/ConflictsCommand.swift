import ArgumentParser
import TroveJSON
import TroveStore

/// `trove conflicts [list|show|resolve]`: review the values that lost a merge.
struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", abstract: "Review and resolve the values that lost a merge (nothing is ever dropped).",
        subcommands: [List.self, Show.self, Resolve.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the records that hold kept losers.", discussion: "Example: trove conflicts")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let conflicts = try storeOptions.open().conflicts()
            if output.json { Output.json(.array(conflicts.map(Self.json))); return }
            if conflicts.isEmpty { Output.line("No conflicts."); return }
            Output.table(conflicts.map { [$0.recordID, $0.recordType, $0.label ?? "", $0.field, "from \($0.peer)"] })
        }

        static func json(_ conflict: KeptConflict) -> JSONValue {
            ["id": .string(conflict.recordID), "type": .string(conflict.recordType), "field": .string(conflict.field),
             "current": conflict.current ?? .null, "kept": conflict.kept ?? .null,
             "clock": .string(conflict.clock), "peer": .string(conflict.peer)]
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show both values of each conflict in one record, and who wrote each.",
            discussion: "Example: trove conflicts show 01a2…")
        @Argument(help: "The record id.", completion: DataCompletion.recordIDs) var id: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let store = try storeOptions.open()
            let id = try TypedRecordID.resolve(id, in: store)
            guard let record = try store.record(id: id) else { throw StoreError.recordNotFound(id: id) }
            let conflicts = store.conflicts(in: record)
            if output.json { Output.json(.array(conflicts.map(List.json))); return }
            if conflicts.isEmpty { Output.line("No conflicts in \(id)."); return }
            for conflict in conflicts {
                Output.line("\(conflict.field):")
                Output.line("  current  \(conflict.current.map(CanonicalJSON.compact) ?? "(absent)")   written \(record.clock ?? "")")
                Output.line("  kept     \(conflict.kept.map(CanonicalJSON.compact) ?? "(removed)")   written \(conflict.clock)")
            }
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve", abstract: "Settle one conflict and commit.",
            discussion: """
                --keep ours keeps the current value, --keep theirs restores the kept one, anything else is a JSON value.
                Example: trove conflicts resolve 01a2... name --keep '"Pixel"'
                """)
        @Argument(help: "The record id.", completion: DataCompletion.recordIDs) var id: String
        @Argument(help: "The field, as 'trove conflicts show' names it.") var field: String
        @Option(help: "ours, theirs, or a JSON value.") var keep: String
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let choice: ConflictChoice
            switch keep {
            case "ours": choice = .current
            case "theirs": choice = .kept
            default: choice = .value(try Input.parse(Array(keep.utf8), source: "--keep"))
            }
            let store = try storeOptions.open()
            let result = try store.resolveConflict(id: TypedRecordID.resolve(id, in: store), field: field, choice: choice)
            Output.line(result.summary)
        }
    }
}
