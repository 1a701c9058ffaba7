import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// `trove journal list|new|rename|rm`.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: "List, make, rename and remove journals.",
        subcommands: [List.self, New.self, Set.self, Rename.self, Remove.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List journals with their entry counts.", discussion: "Example: trove journal list")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let journals = try JournalBook(store: index.store).all()
            let counts = try journals.map { try index.count(matching: RecordQuery(type: RecordType.entry, parent: $0.id)) }
            if output.json {
                env.out.json(.array(zip(journals, counts).map { journal, count in
                    ["id": .string(journal.id), "name": .string(journal.name), "public": .bool(journal.isPublic), "entries": .integer(count)]
                }))
            } else if journals.isEmpty {
                env.out.line("No journals yet: trove journal new NAME (or just write: trove entry new \"…\").")
            } else {
                env.out.table(zip(journals, counts).map { journal, count in
                    [journal.name, "\(count) \(count == 1 ? "entry" : "entries")", journal.isPublic ? "public" : "private"]
                })
            }
        }
    }

    struct New: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "new", abstract: "Make a journal (private unless --public).",
            discussion: "Examples:\n  trove journal new \"Morning pages\"\n  trove journal new Travels --public --description \"Where we went\"")
        @Argument(help: "Its name.") var name: String
        @Flag(help: "Public (published by 'export html') or private.") var visibility: Visibility = .private
        @Option(help: "A line about it.") var description: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            guard name.contains(where: { !$0.isWhitespace }) else { throw CommandFailure(message: "a journal's name must not be blank") }
            let journal = try JournalBook(store: storeOptions.open(env)).create(name: name, isPublic: visibility == .public, description: description)
            env.out.line("Made \(journal.isPublic ? "public" : "private") journal \(journal.name).")
        }
    }

    struct Set: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Make a journal public or private.",
            discussion: "Examples:\n  trove journal set Travels --public\n  trove journal set Travels --private")
        @Argument(help: "The journal.", completion: DataCompletion.names(of: ["journal"])) var journal: String
        @Flag(help: "Public (published by 'export html') or private.") var visibility: Visibility
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let book = JournalBook(store: try storeOptions.open(env))
            let changed = try book.setPublic(book.journal(named: journal), visibility == .public)
            env.out.line("\(changed.name) is now \(changed.isPublic ? "public" : "private").")
        }
    }

    struct Rename: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a journal.", discussion: "Example: trove journal rename Journal \"Daily notes\"")
        @Argument(help: "The journal.", completion: DataCompletion.names(of: ["journal"])) var journal: String
        @Argument(help: "Its new name.") var name: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            guard name.contains(where: { !$0.isWhitespace }) else { throw CommandFailure(message: "a journal's name must not be blank") }
            let book = JournalBook(store: try storeOptions.open(env))
            let renamed = try book.rename(book.journal(named: journal), to: name)
            env.out.line("Renamed \(journal) to \(renamed.name).")
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a journal and its entries (undo brings them back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove journal rm Drafts --yes")
        @Argument(help: "The journal.", completion: DataCompletion.names(of: ["journal"])) var journal: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let book = JournalBook(store: index.store)
            let found = try book.journal(named: journal)
            let entries = try index.records(matching: RecordQuery(type: RecordType.entry, parent: found.id), page: .all).map(\.id)
            guard Prompts.confirm(env, "Delete journal \(found.name) and its \(entries.count) entries?", assumeYes: yes) else { throw ExitCode.failure }
            env.out.commitResult(try book.remove(found, entries: entries), json: output.json)
        }
    }
}

/// `--public` or `--private`.
enum Visibility: String, EnumerableFlag {
    case `public`, `private`

    static func help(for value: Visibility) -> ArgumentHelp? {
        value == .public ? "Published by 'trove export html'." : "Kept to yourself and your own machines."
    }
}
