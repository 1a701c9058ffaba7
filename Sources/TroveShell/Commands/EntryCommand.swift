import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveStore

/// `trove entry new|edit|show|list|rm`: journal entries.
struct EntryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry", abstract: "Write, edit, show, list and remove journal entries.",
        subcommands: [New.self, Edit.self, Show.self, EntryListCommand.self, Remove.self])

    struct New: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "new", abstract: "Write an entry: text inline, from standard input (-), or in $EDITOR.",
            discussion: """
                Without text on a terminal, $EDITOR opens; the text is Markdown.
                Examples:
                  trove entry new "Frost on the canal this morning." --tag walk --tag winter
                  trove entry new --journal Travels --photo lock.jpg --photo boats.jpg --at 48.8722,2.3659 --place "Canal Saint-Martin"
                  trove entry new --date yesterday --star            (opens your editor)
                  fortune | trove entry new - --journal Quotes
                """)
        @Argument(help: "The text (Markdown), or - to read it from standard input.") var text: String?
        @OptionGroup var options: EntryOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            var changes = try options.changes()
            let store = try storeOptions.open(env)
            changes.text = try text.map { $0 == "-" ? String(decoding: try Input.readAll("-", env), as: UTF8.self) : $0 }
            if changes.text == nil {
                if env.terminal.canAsk {
                    changes.text = try TextEditor.edit("", env)
                } else if changes.addPhotos.isEmpty {
                    throw CommandFailure(message: "give the entry's text, or - to read it from standard input")
                }
            }
            let (entry, result) = try EntryBook(store: store).create(changes)
            if output.json { return env.out.json(["id": .string(entry.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Wrote entry \(entry.id)\(entry.photos.isEmpty ? "" : " with \(entry.photos.count) photo\(entry.photos.count == 1 ? "" : "s")").")
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an entry: its text, tags, photos, place, date, star or visibility.",
            discussion: """
                With no change given on a terminal, the text opens in $EDITOR. Every edit is a commit: 'trove log ID' lists them.
                Examples:
                  trove entry edit 01a2b3 --tag paris --remove-tag draft
                  trove entry edit 01a2b3 --photo more.jpg --remove-photo 1
                  trove entry edit 01a2b3 --text "Frost, and fog later." --no-star
                  trove entry edit 01a2b3                               (opens your editor)
                """)
        @Argument(help: "The entry's id (or its first or last 4+ characters).", completion: DataCompletion.recordIDs) var id: String
        @Option(help: ArgumentHelp("The new text (Markdown), or - to read it from standard input.", valueName: "text")) var text: String?
        @Option(name: .customLong("remove-tag"), help: ArgumentHelp("A tag to take off.", valueName: "tag"), completion: DataCompletion.tags)
        var removeTags: [String] = []
        @Option(name: .customLong("remove-photo"), help: ArgumentHelp("A photo to take off: its number (1 is the first), id or media hash.", valueName: "photo"))
        var removePhotos: [String] = []
        @OptionGroup var options: EntryOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            var changes = try options.changes()
            changes.removeTags = removeTags
            changes.removePhotos = removePhotos
            let index = try storeOptions.openIndex(env)
            let id = try EntryLookup.id(self.id, in: index)
            changes.text = try text.map { $0 == "-" ? String(decoding: try Input.readAll("-", env), as: UTF8.self) : $0 }
            if changes.text == nil, Self.isEmpty(changes), env.terminal.canAsk {
                guard let entry = try index.store.record(id: id).flatMap(Entry.init) else { throw JournalError.unknownEntry(id) }
                changes.text = try TextEditor.edit(entry.text, env)
            }
            let (_, result) = try EntryBook(store: index.store).edit(id: id, changes)
            if result.commit == nil && !output.json { return env.out.line("Nothing changed.") }
            env.out.commitResult(result, json: output.json)
        }

        static func isEmpty(_ changes: EntryChanges) -> Bool {
            changes.journal == nil && changes.addTags.isEmpty && changes.removeTags.isEmpty && changes.addPhotos.isEmpty
                && changes.removePhotos.isEmpty && changes.position == nil && changes.place == nil && changes.date == nil
                && changes.starred == nil && changes.isPublic == nil
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one entry.", discussion: "Examples:\n  trove entry show 01a2b3\n  trove entry show 01a2b3 --json")
        @Argument(help: "The entry's id (or its first or last 4+ characters).", completion: DataCompletion.recordIDs) var id: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let id = try EntryLookup.id(self.id, in: index)
            guard let record = try index.store.record(id: id), let entry = Entry(record) else { throw JournalError.unknownEntry(id) }
            if output.json { return env.out.json(record.value) }
            let journal = try index.store.record(id: entry.journalID)?.label
            try env.out.paged { EntryCard(entry: entry, journal: journal).lines(for: env.terminal).forEach { env.out.line($0) } }
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete an entry (undo brings it back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove entry rm 01a2b3 --yes")
        @Argument(help: "The entry's id (or its first or last 4+ characters).", completion: DataCompletion.recordIDs) var id: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let id = try EntryLookup.id(self.id, in: index)
            guard let entry = try index.store.record(id: id).flatMap(Entry.init) else { throw JournalError.unknownEntry(id) }
            let first = EntryCard.firstLine(entry.text)
            guard Prompts.confirm(env, "Delete the entry of \(EntryCard.day(entry)) \"\(first)\"?", assumeYes: yes) else { throw ExitCode.failure }
            env.out.commitResult(try EntryBook(store: index.store).remove(id: id), json: output.json)
        }
    }
}
