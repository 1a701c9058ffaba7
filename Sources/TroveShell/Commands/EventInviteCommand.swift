import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveSchema

/// `trove event invite ID --to CONTACT…`: an iTIP invitation (METHOD:REQUEST) that any calendar program can answer.
struct EventInviteCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Invite contacts to an event: an iCalendar invitation (iTIP REQUEST) they can accept or decline.",
        discussion: """
            The invitation comes from you (your account's email and name, or 'notifications.email' in a store
            without accounts) and names each contact, who needs an email address. It is written to --out; without
            it, it is emailed by sendmail when this machine has one, else written to invite-<uid>.ics here.
            Their answers come back as files to 'trove import ics', and 'trove event show' lists them.
            With --in-group, --to names members of the group instead, who hear of it at their next sync and answer
            with 'trove invitation accept|decline ID --in-group GROUP'.
            Examples:
              trove event invite b78e1d88 --to "Grace Hopper" --to alan
              trove event invite b78e1d88 --to grace --out invite.ics
              trove event invite b78e1d88 --to bob --to cat --in-group CS101
            """)
    @Argument(help: "The event's id (its first or last 4+ characters do).") var id: String
    @Option(help: ArgumentHelp("A contact to invite: a name or part of an id (repeat for more).", valueName: "contact"),
            completion: DataCompletion.names(of: [RecordType.contact]))
    var to: [String] = []
    @Option(help: ArgumentHelp("Write the invitation to this file ('-' for standard output) instead of emailing it.", valueName: "file"),
            completion: .file(extensions: ["ics"]))
    var out: String?
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if to.isEmpty { throw ValidationError("give at least one contact to invite with --to, e.g. --to \"Grace Hopper\"") }
    }

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        let store = context.store
        let account = try SignIn.require(store)
        let book = EventBook(index: context.index)
        let event = try book.event(id)
        if let group = storeOptions.group {
            let invited = try GroupContext.book(storeOptions, env: env).open(group).invite(to, toEvent: event.id)
            return env.out.line("Invited \(invited.map(\.invitee).joined(separator: ", ")) to '\(event.title)' in \(group): they hear of it at their next sync.")
        }
        let me = try CalendarUser.me(account: account, store: store)
        let contacts = ContactBook(store: store)
        let people = try to.map { name -> CalendarUser in
            let contact = try contacts.contact(named: name)
            guard let email = contact.email else { throw ContactError.noEmail(name: contact.name) }
            return CalendarUser(email: email, name: contact.name)
        }
        let when = EventCommand.when(event, context)
        let delivery = ITIPDelivery(out: out, fallbackName: ITIPDelivery.fileName("invite", uid: event.invitationUID))
        var outcome = ITIPDelivery.Outcome.printed
        try book.invite(people, to: event) { record in
            let calendar = try ITIPWriter.request(for: record.value, organizer: me)
            outcome = try delivery.deliver(calendar, recipients: people.map(\.email), env) {
                ITIPMail.message(from: me, to: people, subject: "Invitation: \(event.title) @ \(when)",
                                 text: "\(me.label) invites you to '\(event.title)', \(when)\(event.place?.address.map { " at \($0)" } ?? "").",
                                 calendar: calendar, method: "REQUEST")
            }
        }
        guard outcome != .printed else { return }
        env.out.line("Invited \(people.map(\.full).joined(separator: ", ")) to '\(event.title)', \(when).")
        if let sentence = ITIPDelivery.sentence(outcome, what: "the invitation", them: people.count == 1 ? "them" : "each of them") {
            env.out.line(sentence)
        }
    }
}
