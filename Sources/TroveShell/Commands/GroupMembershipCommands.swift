import ArgumentParser
import Foundation
import TroveKit
import TroveSchema
import TroveStore

/// `trove group invite GROUP --email E`: an invitation with a one-time code.
struct GroupInviteCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Invite someone: prints a one-time code (only its digest is stored) and emails it when sendmail is set up.",
        discussion: """
            Who may invite is the owner's choice ('trove group permit'); only the owner invites admins.
            Examples:
              trove group invite CS101 --email ana@example.com
              trove group invite CS101 --email bo@example.com --role admin
            """)
    @Argument(help: "The group.") var group: String
    @Option(help: ArgumentHelp("Their email address.", valueName: "address")) var email: String
    @Option(help: ArgumentHelp("member or admin.", valueName: "role")) var role: String = "member"
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        guard let role = Member.Role(rawValue: role), role != .owner else { throw CommandFailure(message: "--role is member or admin, not '\(role)'") }
        guard email.contains("@"), !email.contains(" ") else { throw CommandFailure(message: "'\(email)' is not an email address: write it like name@example.com") }
        try Self.invite(email, to: GroupContext.book(storeOptions, env: env).open(group), role: role, env)
    }

    /// Makes the invitation, prints the code and the join line, and emails them when sendmail is set up.
    static func invite(_ email: String, to group: Group, role: Member.Role, _ env: CommandEnvironment) throws {
        let invitation = try group.invite(email: email, role: role)
        let join = "trove group join \(group.link.hub) --code \(invitation.code.text)"
        env.out.line("Invited \(email) to \(group.name). The code works once and is not stored; pass it on:")
        env.out.line("  \(join)")
        GroupContext.push(group, env)
        let mail = """
            To: \(email)
            Subject: Join \(group.name) on Trove
            Content-Type: text/plain; charset=utf-8

            You are invited to the group \(group.name). To join, run:

              \(join)

            """
        guard let sendmail = Sendmail() else { return }
        do {
            try sendmail.send(mail)
            env.out.line("Emailed the invitation to \(email).")
        } catch {
            env.error("\(error): pass the code on yourself")
        }
    }
}

/// `trove group join URL --code CODE`: join by invitation.
struct GroupJoinCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join a group with the code of an invitation: clones its hub and adds your signed join.",
        discussion: """
            On a machine with no store yet, this also makes your store and an account whose temporary password
            is the invitation code: the first 'trove login' makes you choose your own.
            Examples:
              trove group join /media/usb/cs101.git --code 7KQ2M-XW9DP-4T1ZC-8RNHV
              trove group join ssh://nas.local/srv/cs101.git --code 7KQ2M-XW9DP-4T1ZC-8RNHV --username bo
            """)
    @Argument(help: "The group's hub.") var hub: String
    @Option(help: ArgumentHelp("The invitation code.", valueName: "code")) var code: String
    @Option(help: ArgumentHelp("Your username, on a machine with no store yet (default: your login name).", valueName: "name"))
    var username: String?
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let personal = storeOptions.personalPath(env)
        let fresh = !FileManager.default.fileExists(atPath: personal + "/trove.json")
        if fresh {
            guard InvitationCode(typed: code) != nil else { throw GroupError.badCode }
            try Store.create(at: personal)
        }
        let group: Group
        do {
            let store = try Store.open(at: personal)
            var me = try GroupContext.identity(account: try SignIn.require(store), env: env)
            if let username { me.username = GroupIdentity.username(from: username) }
            guard let signer = Store.defaultCommitSigner else { throw GroupError.noKey }
            group = try GroupBook(personal: store, me: me, signer: signer).join(hub: hub, code: code)
        } catch {
            // A store made for this join and left empty goes again: the next try starts afresh.
            if fresh { try? FileManager.default.removeItem(atPath: personal) }
            throw error
        }
        let member = try group.me()
        env.out.line("Joined \(group.name) as \(member?.role.rawValue ?? "member").")
        if fresh, let member {
            let email = try group.store.records(ofType: RecordType.invitation).first { $0.value["usedBy"]?.stringValue == member.id }?
                .value["email"]?.stringValue ?? "\(member.username)@localhost"
            let account = try AccountBook(store: group.book.personal).create(username: member.username, email: email,
                                                                            password: InvitationCode(typed: code)!.text, temporary: true)
            env.out.line("Made your store at \(personal), with the account \(account.username) (\(account.email)).")
            env.out.line("Its password is the invitation code, for now: 'trove login \(account.email)' asks you to choose your own.")
        }
        env.out.line("'trove group chat \(PastableWord.quoted(group.name))' shows the chat.")
    }
}

/// `trove group request URL`: ask to join without a code.
struct GroupRequestCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "request", abstract: "Ask to join a group you have no invitation to; its owner or an admin answers.",
        discussion: """
            After three refusals you cannot ask again. On an encrypted hub, what you say of yourself is sealed for
            the group's members; you read nothing there until one of them accepts.
            Example: trove group request /media/usb/cs101.git --message "I sit next to Ana in CS101"
            """)
    @Argument(help: "The group's hub.") var hub: String
    @Option(help: ArgumentHelp("A word to the owner.", valueName: "text")) var message: String?
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let group = try GroupContext.book(storeOptions, env: env).request(hub: hub, message: message)
        env.out.line("Asked to join \(group?.name ?? "the group at " + hub). 'trove group sync' shows the answer once there is one.")
    }
}

/// `trove group requests GROUP`: the requests to join.
struct GroupRequestsCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests", abstract: "List requests to join a group, and how they were answered.",
        discussion: "Example: trove group requests CS101")
    @Argument(help: "The group.") var group: String
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let requests = try GroupContext.book(storeOptions, env: env).open(group).requests()
        if requests.isEmpty { return env.out.line("No requests to join.") }
        env.out.table([["From", "Status", "Refusals", "Message"]] + requests.map { request in
            [request.username, request.blocked ? "blocked" : request.status, String(request.refusals), request.message ?? ""]
        })
    }
}

/// `trove group accept|refuse GROUP USERNAME`: answer a request to join.
enum GroupAnswerCommand {
    struct Accept: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept", abstract: "Accept a request to join: the requester becomes a member.",
            discussion: "Example: trove group accept CS101 dan")
        @Argument(help: "The group.") var group: String
        @Argument(help: "Who asked (their username).") var requester: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(group)
            try group.answer(requester, accept: true)
            GroupContext.push(group, env)
            env.out.line("\(requester) is now a member of \(group.name).")
        }
    }

    struct Refuse: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "refuse", abstract: "Refuse a request to join; the third refusal blocks the requester.",
            discussion: "Example: trove group refuse CS101 mallory")
        @Argument(help: "The group.") var group: String
        @Argument(help: "Who asked (their username).") var requester: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(group)
            let request = try group.answer(requester, accept: false)
            GroupContext.push(group, env)
            env.out.line(request.blocked ? "Refused \(requester) for the third time: they are blocked." : "Refused \(requester) (\(request.refusals) of 3).")
        }
    }
}

/// `trove group remove GROUP USERNAME`: end someone's membership.
struct GroupRemoveCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a member: their commits count no more from this one on.",
        discussion: "Example: trove group remove CS101 carol")
    @Argument(help: "The group.") var group: String
    @Argument(help: "The member's username.") var member: String
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let group = try GroupContext.book(storeOptions, env: env).open(group)
        try group.remove(member)
        GroupContext.push(group, env)
        env.out.line("Removed \(member) from \(group.name).")
    }
}

/// `trove group permit GROUP …`: what plain members may do.
struct GroupPermitCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "permit", abstract: "Set who may post and who may invite (the owner only); with no options, show it.",
        discussion: """
            Admins and the owner may always do everything; these say what plain members may.
            Examples:
              trove group permit CS101
              trove group permit CS101 --invite yes --post no
            """)
    @Argument(help: "The group.") var group: String
    @Option(help: ArgumentHelp("Members may post (chat, announcements, calendars): yes or no.", valueName: "yes|no")) var post: Switch?
    @Option(help: ArgumentHelp("Members may invite and answer requests: yes or no.", valueName: "yes|no")) var invite: Switch?
    @Option(help: ArgumentHelp("Members may schedule meetings: yes or no.", valueName: "yes|no")) var schedule: Switch?
    @Option(help: ArgumentHelp("Members may share links: yes or no.", valueName: "yes|no")) var links: Switch?
    @OptionGroup var storeOptions: StoreOptions

    enum Switch: String, ExpressibleByArgument { case yes, no }

    func run(_ env: CommandEnvironment) throws {
        let group = try GroupContext.book(storeOptions, env: env).open(group)
        var permissions = try group.permissions()
        if [post, invite, schedule, links].contains(where: { $0 != nil }) {
            permissions = try group.setPermissions { permissions in
                if let post { permissions.membersCanPost = post == .yes }
                if let invite { permissions.membersCanInvite = invite == .yes }
                if let schedule { permissions.membersCanSchedule = schedule == .yes }
                if let links { permissions.membersCanShareLinks = links == .yes }
            }
            GroupContext.push(group, env)
        }
        func word(_ allowed: Bool) -> String { allowed ? "everyone" : "owner and admins" }
        env.out.table([["post", word(permissions.membersCanPost)], ["invite", word(permissions.membersCanInvite)],
                      ["schedule", word(permissions.allows(.schedule, for: .member))],
                      ["share links", word(permissions.allows(.shareLinks, for: .member))]])
    }
}
