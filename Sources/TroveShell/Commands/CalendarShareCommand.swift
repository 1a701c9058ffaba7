import ArgumentParser
import Foundation
import TroveKit
import TroveSchema
import TroveStore

/// `trove calendar share NAME --group G | --with CONTACT… --hub URL`: a calendar the members of a group keep together.
struct CalendarShareCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Share a calendar with a group, or with contacts (a new group for them).",
        discussion: """
            The calendar moves, with its events and tasks, into the group's shared store; work on it there with
            --in-group (e.g. 'trove event add … --in-group CS101'). After a sync that brings others' changes,
            your inbox tells you ("ana changed 'Exam review' in CS101").
            Examples:
              trove calendar share Exams --group CS101
              trove calendar share Family --with Ana --with Bo --hub /media/usb/family.git
            """)
    @Argument(help: "The calendar.", completion: DataCompletion.names(of: ["calendar"])) var calendar: String
    @Option(help: ArgumentHelp("The group to share it with.", valueName: "group")) var group: String?
    @Option(name: .customLong("with"), help: ArgumentHelp("A contact to share it with (repeat for more): makes a group for them.", valueName: "contact"))
    var contacts: [String] = []
    @Option(help: ArgumentHelp("With --with: the new group's hub.", valueName: "url")) var hub: String?
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if (group == nil) == contacts.isEmpty { throw ValidationError("give either --group GROUP or --with CONTACT") }
        if !contacts.isEmpty && hub == nil { throw ValidationError("--with makes a group for them: give its hub with --hub URL") }
    }

    func run(_ env: CommandEnvironment) throws {
        let index = try storeOptions.openIndex(env)
        let calendar = try CalendarBook(store: index.store).calendar(named: self.calendar)
        let held = try [RecordType.event, RecordType.task].flatMap { type -> [String] in try index.records(type: type, parent: calendar.id, page: .all).map(\.id) }
        let book = try GroupContext.book(storeOptions, env: env)
        let people = try contacts.map { try ContactBook(store: index.store).contact(named: $0) }
        if let missing = people.first(where: { $0.email == nil }) { throw ContactError.noEmail(name: missing.name) }
        let group: Group
        if let name = self.group {
            group = try book.open(name)
        } else {
            // A group made for the calendar is encrypted, as `group new` makes them.
            let (founded, phrase) = try book.create(name: calendar.name, hub: hub!, encrypted: true)
            group = founded
            if let phrase { RemoteCommand.show(recoveryPhrase: phrase, env) }
        }
        let moved = try group.share(calendar: calendar, records: held, from: index.store)
        env.out.line("Shared \(calendar.name) (\(moved) \(moved == 1 ? "event or task" : "events and tasks")) with \(group.name).")
        for person in people {
            try GroupInviteCommand.invite(person.email!, to: group, role: .member, env)
        }
    }
}
