import ArgumentParser
import Foundation
import TroveKit

/// `trove contact email|call|text NAME`: a `mailto:`, `tel:` or `sms:` link handed to the desktop (xdg-open).
enum ContactReachCommand {
    /// What the three commands share.
    struct Options: ParsableArguments {
        @Argument(help: "The contact: a name or part of an id.", completion: DataCompletion.names(of: ["contact"])) var contact: String
        @Flag(help: "Only print the link; do not open it.") var print = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
    }

    struct Email: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "email", abstract: "Write to a contact: opens a new message in your mail program (mailto:).",
            discussion: """
                Without xdg-open, or with --print, the link is printed to copy.
                Examples:
                  trove contact email grace --subject "Lab 3"
                  trove contact email "Grace Hopper" --print
                """)
        @OptionGroup var options: Options
        @Option(help: ArgumentHelp("The message's subject.", valueName: "text")) var subject: String?
        @Option(help: ArgumentHelp("The message's text.", valueName: "text")) var body: String?

        func run(_ env: CommandEnvironment) throws { try ContactReachCommand.reach(.email, options, subject: subject, body: body, env) }
    }

    struct Call: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "call", abstract: "Call a contact: hands a tel: link to your phone or softphone.",
            discussion: "Without xdg-open, or with --print, the link is printed to copy. Example: trove contact call grace")
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws { try ContactReachCommand.reach(.call, options, env) }
    }

    struct Text: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "text", abstract: "Text a contact: hands an sms: link to your messaging program.",
            discussion: "Without xdg-open, or with --print, the link is printed to copy. Example: trove contact text grace --body \"Running late\"")
        @OptionGroup var options: Options
        @Option(help: ArgumentHelp("The message's text.", valueName: "text")) var body: String?

        func run(_ env: CommandEnvironment) throws { try ContactReachCommand.reach(.text, options, body: body, env) }
    }

    /// Builds the link and opens it, or prints it when asked to or when there is nothing to open it with.
    static func reach(_ kind: ContactLink.Kind, _ options: Options, subject: String? = nil, body: String? = nil, _ env: CommandEnvironment) throws {
        let contact = try ContactBook(store: options.storeOptions.open(env)).contact(named: options.contact)
        let link = try ContactLink.link(kind, for: contact, subject: subject, body: body)
        let opener = options.print ? nil : ExternalProgram(named: "xdg-open")
        var opened = false
        if let opener {
            let result = try opener.run([link], timeout: 15)
            opened = result.status == 0 && !result.timedOut
            if !opened {
                // xdg-open lists every program it tried; its last line says why.
                let why = result.text.split(separator: "\n").last.map(String.init) ?? "status \(result.status)"
                env.error("xdg-open could not open the link (\(why)): use the link printed")
            }
        } else if !options.print {
            env.error("xdg-open is not installed: use the link printed")
        }
        if options.output.json { return env.out.json(["name": .string(contact.name), "link": .string(link), "opened": .bool(opened)]) }
        env.out.line(opened ? "Opened \(link)" : link)
    }
}
