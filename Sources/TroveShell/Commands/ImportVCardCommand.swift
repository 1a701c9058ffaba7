import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove import vcard FILE`: contacts from a vCard file (an address book's or a class list's export).
struct ImportVCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcard", abstract: "Import contacts from a vCard file (3.0 or 4.0): name, email, phone, notes, categories as classes.",
        discussion: """
            Each card becomes a contact: FN (else N) its name, the preferred EMAIL and TEL (else the first),
            NOTE its notes and CATEGORIES its classes. Cards are matched by UID (a card without one by its name
            and email), so importing again changes nothing and a newer copy updates what changed. A file that
            is not a vCard file, or has an unfinished card, is refused with its line; nothing is written.
            Examples:
              trove import vcard classmates.vcf --dry-run
              trove import vcard ~/Downloads/contacts.vcf --skip-invalid
            """)
    @Argument(help: "The .vcf file.", completion: .file(extensions: ["vcf", "vcard"])) var path: String
    @OptionGroup var options: ImportCommand.Options
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try storeOptions.open()
        let file: VCardFile
        do { file = try VCardReader.read(contentsOf: path) } catch { throw CommandFailure(message: error.description) }
        try ImportCommand.run(options, json: output.json) { settings, progress in
            try VCardImport(store: store, options: settings).run(file, path: path, progress: progress)
        }
    }
}
