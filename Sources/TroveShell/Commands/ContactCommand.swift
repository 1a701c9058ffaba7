import ArgumentParser
import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// `trove contact list|add|edit|show|rm|email|call|text`: classmates and other people to reach.
struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact", abstract: "Keep an alphabetical list of contacts (classmates) and email, call or text them.",
        subcommands: [List.self, Add.self, Edit.self, Show.self, Remove.self,
                      ContactReachCommand.Email.self, ContactReachCommand.Call.self, ContactReachCommand.Text.self],
        defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List contacts alphabetically (ignoring case and accents), or those of one class.",
            discussion: "Examples:\n  trove contact list\n  trove contact list --class \"CS 3114\"")
        @Option(name: .customLong("class"), help: ArgumentHelp("Only the contacts in this class.", valueName: "class"))
        var inClass: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ContactBook(store: try storeOptions.open(env))
            let contacts = try inClass.map(book.inClass) ?? book.all()
            if output.json { return env.out.json(.array(contacts.map(\.json))) }
            if contacts.isEmpty {
                return env.out.line(inClass.map { "No contacts in class '\($0)'." } ?? "No contacts yet: add one with 'trove contact add NAME'.")
            }
            env.out.table(contacts.map { contact in
                [contact.name, contact.email ?? "-", contact.phone ?? "-", contact.classes.joined(separator: ", ")]
            })
        }
    }

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a contact: a name, and maybe an email, a phone, classes and notes.",
            discussion: """
                The name must not be blank; an email must look like name@example.com; a phone must have digits.
                Examples:
                  trove contact add "Grace Hopper" --email grace@example.com --phone "+1 540 555 0134" --class "CS 3114"
                  trove contact add "Ada Lovelace" --class MATH201 --class CS101
                """)
        @Argument(help: "Their name.") var name: String
        @OptionGroup var fields: ContactFieldOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ContactBook(store: try storeOptions.open(env))
            var changes = fields.changes
            changes.name = name
            let (contact, result) = try book.add(changes)
            if output.json { return env.out.json(["id": .string(contact.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Added \(contact.name).")
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a contact's name, email, phone, classes or notes.",
            discussion: """
                An empty value clears a field; --class replaces the classes (repeat it for more, '' clears them).
                Example: trove contact edit grace --email grace@navy.mil --class "CS 3114" --class "CS 2505"
                """)
        @Argument(help: "The contact: a name or part of an id.", completion: DataCompletion.names(of: ["contact"])) var contact: String
        @Option(help: ArgumentHelp("Their new name.", valueName: "name")) var name: String?
        @OptionGroup var fields: ContactFieldOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            var changes = fields.changes
            changes.name = name
            guard !changes.isEmpty else {
                throw CommandFailure(message: "say what to change: --name, --email, --phone, --class or --notes")
            }
            let book = ContactBook(store: try storeOptions.open(env))
            let (edited, result) = try book.edit(book.contact(named: contact), changes)
            if output.json { return env.out.commitResult(result, json: true) }
            env.out.line(result.commit == nil ? "Nothing changed." : "Updated \(edited.name).")
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a contact and the ways to reach them.",
            discussion: "Example: trove contact show grace")
        @Argument(help: "The contact: a name or part of an id.", completion: DataCompletion.names(of: ["contact"])) var contact: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let found = try ContactBook(store: try storeOptions.open(env)).contact(named: contact)
            if output.json { return env.out.json(found.json) }
            env.out.line(found.name)
            if let email = found.email { env.out.line("  Email:   \(email)   (trove contact email \"\(found.name)\")") }
            for other in found.emails where other.value != found.email { env.out.line("           \(other.value)\(Self.types(other.types))") }
            if let phone = found.phone { env.out.line("  Phone:   \(phone)   (trove contact call|text \"\(found.name)\")") }
            for other in found.phones where other.value != found.phone { env.out.line("           \(other.value)\(Self.types(other.types))") }
            for (number, address) in found.addresses.enumerated() {
                let text = address.parts.filter { !$0.isEmpty }.joined(separator: ", ")
                env.out.line((number == 0 ? "  Address: " : "           ") + text + Self.types(address.types))
            }
            if !found.classes.isEmpty { env.out.line("  Classes: \(found.classes.joined(separator: ", "))") }
            if let notes = found.notes { env.out.line("  Notes:   \(notes.replacingOccurrences(of: "\n", with: "\n           "))") }
            if found.email == nil && found.phone == nil { env.out.line("  No email or phone: add one with 'trove contact edit'.") }
        }

        /// `  (work, cell)`, or nothing without types.
        static func types(_ types: [String]) -> String { types.isEmpty ? "" : "  (\(types.joined(separator: ", ")))" }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a contact (undo brings it back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove contact rm grace --yes")
        @Argument(help: "The contact: a name or part of an id.", completion: DataCompletion.names(of: ["contact"])) var contact: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = ContactBook(store: try storeOptions.open(env))
            let found = try book.contact(named: contact)
            guard Prompts.confirm(env, "Delete \(found.name)?", assumeYes: yes) else { throw ExitCode.failure }
            env.out.commitResult(try book.remove(found), json: output.json)
        }
    }
}

/// The fields `contact add` and `contact edit` share.
struct ContactFieldOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Their email address.", valueName: "address")) var email: String?
    @Option(help: ArgumentHelp("Their phone number.", valueName: "number")) var phone: String?
    @Option(name: .customLong("class"), help: ArgumentHelp("A class you share (repeat for more).", valueName: "class"))
    var classes: [String] = []
    @Option(help: ArgumentHelp("Notes about them.", valueName: "text")) var notes: String?

    var changes: ContactBook.Changes {
        ContactBook.Changes(email: email, phone: phone, classes: classes.isEmpty ? nil : classes, notes: notes)
    }
}

extension Contact {
    /// The contact as `--json` prints it.
    var json: JSONValue {
        .object([
            "id": .string(id), "name": .string(name), "email": email.map { .string($0) } ?? .null,
            "phone": phone.map { .string($0) } ?? .null, "classes": .array(classes.map { .string($0) }),
            "notes": notes.map { .string($0) } ?? .null, "uid": uid.map { .string($0) } ?? .null,
            "emails": .array(emails.map(\.json)), "phones": .array(phones.map(\.json)), "addresses": .array(addresses.map(\.json)),
        ])
    }
}
