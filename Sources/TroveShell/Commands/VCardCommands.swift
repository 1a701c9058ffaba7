import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove import vcard FILE` and `trove export vcard [FILE]`: contacts in vCard, the format every address book reads.
enum VCardCommands {
    struct Import: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "vcard", abstract: "Import contacts from a vCard file (2.1, 3.0 or 4.0): names, emails, phones, addresses, notes, classes.",
            discussion: """
                Each card becomes a contact: FN (else N) its name, every EMAIL, TEL and ADR with its types (the
                preferred EMAIL and TEL, else the first, is the one 'contact email|call' uses), NOTE its notes and
                CATEGORIES its classes. 2.1 cards' quoted-printable values are decoded in their CHARSET. Cards are
                matched by UID (a card without one by its name and email), so importing again changes nothing and a
                newer copy updates what changed. A file that is not a vCard file, or has an unfinished card, is
                refused with its line; nothing is written.
                Examples:
                  trove import vcard classmates.vcf --dry-run
                  trove import vcard ~/Downloads/contacts.vcf --skip-invalid
                """)
        @Argument(help: "The .vcf file.", completion: .file(extensions: ["vcf", "vcard"])) var path: String
        @OptionGroup var options: ImportCommand.Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            // Read a card at a time, twice: once to check the file, once to import it.
            let file: VCardFileOnDisk
            do { file = try VCardFileOnDisk(path: path) } catch { throw CommandFailure(message: error.description) }
            try ImportCommand.run(options, json: output.json, store: store, env) { settings, progress in
                do {
                    return try VCardImport(store: store, options: settings).run(file, path: path, progress: progress)
                } catch let error as VCardError {
                    throw CommandFailure(message: error.description + "; nothing was imported")
                }
            }
        }
    }

    struct Export: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "vcard", abstract: "Write contacts as a vCard 3.0 file (standard output without a file, or '-').",
            discussion: """
                Every email, phone and address with its types, N and FN, notes, classes as CATEGORIES and the UID
                (a contact without one gets urn:uuid: and its id), so importing the file again changes nothing.
                Examples:
                  trove export vcard contacts.vcf
                  trove export vcard --class "CS 3114" | less
                """)
        @Argument(help: "The file to write, or - for standard output.", completion: .file(extensions: ["vcf"])) var path: String = "-"
        @Option(name: .customLong("class"), help: ArgumentHelp("Only the contacts in this class.", valueName: "class"))
        var inClass: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ContactBook(store: try storeOptions.open(env))
            let contacts = try inClass.map(book.inClass) ?? book.all()
            let text = VCardWriter.write(contacts)
            if path == "-" { return env.out.write(text) }
            do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure(message: "cannot write \(path): \(error.localizedDescription)")
            }
            env.out.line("Wrote \(contacts.count) contacts to \(path).")
        }
    }
}
