import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove item list|add|edit|show|rm|locate|navigate`: tracked items.
struct ItemCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "item", abstract: "Add, list, show, edit and remove tracked items; find them.",
        subcommands: [List.self, Add.self, Edit.self, Show.self, Remove.self, ItemLocateCommand.self, ItemNavigateCommand.self],
        defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List items: photo, tracker and last known location.",
            discussion: "--html writes the list as a web page, photos included. Examples:\n  trove item list\n  trove item list --html items.html")
        @Option(help: ArgumentHelp("Also write the list as an HTML page to this file.", valueName: "file"), completion: .file())
        var html: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let summaries = try ItemSummary.all(in: store)
            if let html { try ItemsHTML(store: store).write(summaries, to: html) }
            if output.json { return env.out.json(.array(summaries.map(\.json))) }
            if summaries.isEmpty { return env.out.line("No items yet: add one with 'trove item add NAME'.") }
            env.out.table(summaries.map { summary in
                [summary.item.name, summary.item.photo == nil ? "no photo" : "photo",
                 summary.trackers.first.map { "\($0.trackerID) (\($0.state))" } ?? "no tracker",
                 summary.location.map { "\(ItemSummary.place($0.report)) · \($0.age())" } ?? "no location yet"]
            })
            if let html { env.out.line("Wrote \(html).") }
        }
    }

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an item, with a photo from a file or the camera.",
            discussion: """
                The name must not be blank, be at most 80 characters and not be another item's. Without a name on a
                terminal, it asks for one. An item without a photo shows a placeholder picture.
                Examples:
                  trove item add "Blue backpack" --photo backpack.jpg
                  trove item add Keys --camera
                """)
        @Argument(help: "Its name.") var name: String?
        @OptionGroup var photo: PhotoOptions
        @Option(help: ArgumentHelp("Notes about it.", valueName: "text")) var notes: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ItemBook(store: try storeOptions.open(env))
            let given = try name ?? askName(env)
            // The name is checked before the camera runs, so a bad name costs no photo.
            _ = try ItemName.checked(given, others: book.all().map(\.name))
            let (item, result) = try book.add(name: given, photo: photo.take(env), notes: notes)
            if output.json { return env.out.json(["id": .string(item.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Added \(item.name)\(item.photo == nil ? " (no photo: a placeholder picture shows)" : " with its photo").")
        }

        private func askName(_ env: CommandEnvironment) throws -> String {
            guard env.terminal.canAsk else { throw CommandFailure(message: "give the item's name: trove item add NAME") }
            guard let answer = Prompts.text(env, "Name: ", placeholder: "Enter item's name") else { throw ExitCode.failure }
            return answer
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Rename an item, change its photo or notes.",
            discussion: "Example: trove item edit Keys --name \"House keys\" --photo keys.jpg")
        @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
        @Option(help: ArgumentHelp("Its new name.", valueName: "name")) var name: String?
        @OptionGroup var photo: PhotoOptions
        @Flag(help: "Take its photo off (the placeholder shows).") var removePhoto = false
        @Option(help: ArgumentHelp("Its notes (empty clears them).", valueName: "text")) var notes: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            guard name != nil || photo.isGiven || removePhoto || notes != nil else {
                throw CommandFailure(message: "say what to change: --name, --photo, --camera, --remove-photo or --notes")
            }
            let book = ItemBook(store: try storeOptions.open(env))
            let found = try book.item(named: item)
            if let name { _ = try ItemName.checked(name, others: book.all().filter { $0.id != found.id }.map(\.name)) }
            let (edited, result) = try book.edit(found, name: name, photo: photo.take(env), removePhoto: removePhoto, notes: notes)
            if output.json { return env.out.commitResult(result, json: true) }
            env.out.line(result.commit == nil ? "Nothing changed." : "Updated \(edited.name).")
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show an item: its picture, trackers, last known location and notes.",
            discussion: "Example: trove item show Keys")
        @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let summary = try ItemSummary(item: ItemBook(store: store).item(named: item), store: store)
            if output.json { return env.out.json(summary.json) }
            ItemCard(summary: summary, store: store).lines(for: env.terminal).forEach { env.out.line($0) }
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete an item and its tracker bindings (undo brings them back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove item rm Keys --yes")
        @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ItemBook(store: try storeOptions.open(env))
            let found = try book.item(named: item)
            guard Prompts.confirm(env, "Delete \(found.name)?", assumeYes: yes) else { throw ExitCode.failure }
            env.out.commitResult(try book.remove(found), json: output.json)
        }
    }
}
