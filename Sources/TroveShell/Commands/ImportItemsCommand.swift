import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove import items FILE.csv`: items from a spreadsheet or Homebox.
struct ImportItemsCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "Import items from CSV: name, tracker, photo, notes (Homebox exports too).",
        discussion: """
            The header names the columns, in any order; only name is required. photo is a path relative to the CSV
            file. Items are matched by name, so importing the file again changes nothing. Trackers are registered
            unpaired ('trove tracker activate' pairs them). Homebox's HB.name, HB.description and HB.notes are read.
            Example: trove import items items.csv
            """)
    @Argument(help: "The CSV file (- for standard input).", completion: .file(extensions: ["csv"])) var path: String
    @OptionGroup var importOptions: ImportCommand.Options
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        // Standard input is kept in a scratch file, to be read twice, for as long as the import lasts.
        var spooled: SpooledInput?
        defer { withExtendedLifetime(spooled) {} }
        let file: ItemCSVFile
        do {
            if path == "-" { spooled = try SpooledInput(env.input) }
            file = try ItemCSVFile(path: spooled?.path ?? path)
        } catch let error as ItemCSVError {
            throw CommandFailure(message: "\(path): \(error.description); nothing was imported")
        }
        try ImportCommand.run(importOptions, json: output.json, store: store, env) { settings, progress in
            do {
                return try ItemImport(store: store, options: settings).run(file, path: path, progress: progress)
            } catch let error as ItemCSVError {
                throw CommandFailure(message: "\(path): \(error.description); nothing was imported")
            }
        }
    }
}
