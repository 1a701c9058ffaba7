import ArgumentParser
import Foundation
import TroveInterchange
import TroveJSON
import TroveKit
import TroveSchema

/// `trove invitation list|accept|decline`: invitations to other people's events, received as .ics files.
struct InvitationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitation", abstract: "List the event invitations you received ('trove import ics'), and accept or decline them.",
        subcommands: [List.self, Accept.self, Decline.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the invitations waiting for an answer (--all: the answered ones too).",
            discussion: "Examples:\n  trove invitation\n  trove invitation list --all --json\n  trove invitation list --in-group CS101")
        @Flag(help: "Also the invitations answered already.") var all = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            if let group = storeOptions.group {
                let invitations = try GroupContext.book(storeOptions, env: env).open(group).eventInvitations(all: all)
                if invitations.isEmpty { return env.out.line("No invitations from \(group)\(all ? "" : " waiting for an answer").") }
                return env.out.table(invitations.map { [$0.title, "from " + ($0.inviter ?? "?"), $0.status, CalendarText.shortID($0.id)] })
            }
            let context = try CalendarContext(storeOptions, env)
            let invitations = try InvitationBook(store: context.store).all(pendingOnly: !all)
            if output.json { return env.out.json(.array(invitations.map(InvitationCommand.json))) }
            if invitations.isEmpty { return env.out.line(all ? "No invitations." : "No invitations waiting for an answer.") }
            env.out.table(invitations.map { invitation in
                var row = [invitation.title, EventCommand.when(invitation.preview, context), "from " + invitation.organizer.label]
                if all { row.append(invitation.status.rawValue) }
                return row + [CalendarText.shortID(invitation.id)]
            })
        }
    }

    /// What accepting and declining share.
    struct Answer: ParsableArguments {
        @Argument(help: "The invitation's id (as 'trove invitation list' shows it).") var id: String
        @Option(help: ArgumentHelp("Write the answer to this file ('-' for standard output) instead of emailing it.", valueName: "file"),
                completion: .file(extensions: ["ics"]))
        var out: String?
        @OptionGroup var storeOptions: StoreOptions
    }

    struct Accept: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept", abstract: "Accept an invitation: the event goes in your calendar, and the organiser gets your answer.",
            discussion: """
                The answer (an iTIP REPLY) is written to --out; without it, it is emailed to the organiser by sendmail
                when this machine has one, else written to reply-<uid>.ics here.
                Examples:
                  trove invitation accept 5c1e2a90
                  trove invitation accept 5c1e2a90 --calendar Work --out reply.ics
                """)
        @OptionGroup var answer: Answer
        @Option(help: ArgumentHelp("The calendar to put the event in (default: the first).", valueName: "name"),
                completion: DataCompletion.names(of: [RecordType.calendar]))
        var calendar: String?

        func run(_ env: CommandEnvironment) throws { try InvitationCommand.answer(answer, accept: true, calendar: calendar, env) }
    }

    struct Decline: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "decline", abstract: "Decline an invitation: the organiser gets your answer.",
            discussion: """
                The answer goes where 'invitation accept' sends it: --out, else sendmail, else reply-<uid>.ics here.
                Example: trove invitation decline 5c1e2a90 --out reply.ics
                """)
        @OptionGroup var answer: Answer

        func run(_ env: CommandEnvironment) throws { try InvitationCommand.answer(answer, accept: false, calendar: nil, env) }
    }

    /// Writes the reply, hands it on and records the answer, in one commit; says what was done.
    static func answer(_ options: Answer, accept: Bool, calendar: String?, _ env: CommandEnvironment) throws {
        if let group = options.storeOptions.group {
            let shared = try GroupContext.book(options.storeOptions, env: env).open(group)
            let answered = try shared.answer(eventInvitation: options.id, accept: accept)
            GroupContext.push(shared, env)
            return env.out.line("\(accept ? "Accepted" : "Declined") '\(answered.title)' in \(group); \(answered.inviter ?? "the inviter") hears of it at their next sync.")
        }
        let context = try CalendarContext(options.storeOptions, env)
        let store = context.store
        let book = InvitationBook(store: store)
        let invitation = try book.invitation(options.id)
        guard invitation.status == .pending else { throw InvitationError.alreadyAnswered(title: invitation.title, status: invitation.status) }
        let me = try? CalendarUser.me(account: SignIn.require(store), store: store)
        let replier = try invitation.replier(me: me)
        let answer: Attendee.Answer = accept ? .accepted : .declined
        let reply = try ITIPWriter.reply(to: invitation, from: replier, answer: answer)
        let delivery = ITIPDelivery(out: options.out, fallbackName: ITIPDelivery.fileName("reply", uid: invitation.uid))
        var outcome = ITIPDelivery.Outcome.printed
        let (_, event, _) = try book.answer(invitation, accept: accept, calendar: calendar) {
            outcome = try delivery.deliver(reply, recipients: [invitation.organizer.email], env) {
                ITIPMail.message(from: replier, to: [invitation.organizer], subject: "\(accept ? "Accepted" : "Declined"): \(invitation.title)",
                                 text: "\(replier.label) \(answer.verb) '\(invitation.title)'.", calendar: reply, method: "REPLY")
            }
        }
        guard outcome != .printed else { return }
        if let event {
            let name = (try? context.calendarNames())?[event.calendarId].map { " to \($0)" } ?? ""
            env.out.line("Accepted '\(invitation.title)', \(EventCommand.when(event, context)): added\(name) (\(CalendarText.shortID(event.id))).")
        } else {
            env.out.line("Declined '\(invitation.title)' from \(invitation.organizer.label).")
        }
        if let sentence = ITIPDelivery.sentence(outcome, what: "your answer", them: invitation.organizer.full) { env.out.line(sentence) }
    }

    static func json(_ invitation: EventInvitation) -> JSONValue {
        var fields: [String: JSONValue] = invitation.eventFields
        fields["id"] = .string(invitation.id)
        fields["uid"] = .string(invitation.uid)
        fields["sequence"] = .integer(invitation.sequence)
        fields["organizer"] = invitation.organizer.json
        fields["attendees"] = .array(invitation.attendees.map(\.json))
        fields["status"] = .string(invitation.status.rawValue)
        fields["eventId"] = invitation.eventId.map(JSONValue.string) ?? .null
        return .object(fields)
    }
}
