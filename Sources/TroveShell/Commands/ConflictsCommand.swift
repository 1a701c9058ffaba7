import ArgumentParser
import TroveJSON
import TroveStore

/// `trove conflicts [list|show|resolve]`: review the values that lost a merge.
struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", abstract: "Review and resolve the values that lost a merge (nothing is ever dropped).",
        subcommands: [List.self, Show.self, Resolve.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the records that hold kept losers.", discussion: "Example: trove conflicts")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let conflicts = try storeOptions.open(env).conflicts()
            if output.json { env.out.json(.array(conflicts.map(Self.json))); return }
            if conflicts.isEmpty { env.out.line("No conflicts."); return }
            env.out.table(conflicts.map { [$0.recordID, $0.recordType, $0.label ?? "", $0.field, "from \($0.peer)"] })
        }

        static func json(_ conflict: KeptConflict) -> JSONValue {
            ["id": .string(conflict.recordID), "type": .string(conflict.recordType), "field": .string(conflict.field),
             "current": conflict.current ?? .null, "kept": conflict.kept ?? .null,
             "clock": .string(conflict.clock), "peer": .string(conflict.peer)]
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show both values of each conflict in one record, and who wrote each.",
            discussion: "Example: trove conflicts show 01a2…")
        @Argument(help: "The record id.", completion: DataCompletion.recordIDs) var id: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let id = try TypedRecordID.resolve(id, in: store)
            guard let record = try store.record(id: id) else { throw StoreError.recordNotFound(id: id) }
            let conflicts = store.conflicts(in: record)
            if output.json { env.out.json(.array(conflicts.map(List.json))); return }
            if conflicts.isEmpty { env.out.line("No conflicts in \(id)."); return }
            for conflict in conflicts {
                env.out.line("\(conflict.field):")
                env.out.line("  current  \(conflict.current.map(CanonicalJSON.compact) ?? "(absent)")   written \(record.clock ?? "")")
                env.out.line("  kept     \(conflict.kept.map(CanonicalJSON.compact) ?? "(removed)")   written \(conflict.clock)")
            }
        }
    }

    struct Resolve: TroveCommand {
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

        func run(_ env: CommandEnvironment) throws {
            let choice: ConflictChoice
            switch keep {
            case "ours": choice = .current
            case "theirs": choice = .kept
            default: choice = .value(try Input.parse(Array(keep.utf8), source: "--keep"))
            }
            let store = try storeOptions.open(env)
            let result = try store.resolveConflict(id: TypedRecordID.resolve(id, in: store), field: field, choice: choice)
            env.out.line(result.summary)
        }
    }
}
