import ArgumentParser
import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// `trove group …`: groups with invitation-only membership, each a shared store synced through a hub.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Share with a group: members, invitations, chat, announcements, meetings and links.",
        discussion: """
            A group is a shared store that every member clones and syncs through a hub (a folder, a USB stick, ssh).
            A commit counts only if a member signed it and their role allows it; every peer checks on sync.
            """,
        subcommands: [New.self, List.self, Members.self, GroupSyncCommand.self, Leave.self,
                      GroupInviteCommand.self, GroupJoinCommand.self, GroupRequestCommand.self, GroupRequestsCommand.self,
                      GroupAnswerCommand.Accept.self, GroupAnswerCommand.Refuse.self, GroupRemoveCommand.self, GroupPermitCommand.self,
                      GroupPostCommands.Announce.self, GroupPostCommands.Chat.self, GroupPostCommands.Meeting.self,
                      GroupPostCommands.Link.self, GroupPostCommands.Links.self, GroupPostCommands.Open.self],
        defaultSubcommand: List.self)

    struct New: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "new", abstract: "Found a group, with you as its owner, on a new hub.",
            discussion: """
                The hub must be new: a path that does not exist yet or an empty folder (made as a bare repository),
                or an empty repository reached by ssh or https. You need a signing key ('trove key init').
                The hub is encrypted: it holds only ciphertext, which members' copies open. Removing a member, or a
                member leaving, starts a new key: what is written after it does not open for them. With --plain,
                the hub holds the group's records as they are, for anyone who can read it.
                Examples:
                  trove group new "CS101 study group" --hub /media/usb/cs101.git
                  trove group new Family --hub ssh://nas.local/srv/trove/family.git
                """)
        @Argument(help: "The group's name.") var name: String
        @Option(help: ArgumentHelp("Where members sync: a path, file://, ssh:// or https:// URL.", valueName: "url")) var hub: String
        @Flag(help: "An encrypted hub (the default).") var encrypt = false
        @Flag(help: "A plain hub: the group's records readable on it, as for groups made before encrypted hubs.") var plain = false
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if encrypt && plain { throw ValidationError("--encrypt and --plain: choose one") }
        }

        func run(_ env: CommandEnvironment) throws {
            let (group, phrase) = try GroupContext.book(storeOptions, env: env).create(name: name, hub: hub, encrypted: !plain)
            env.out.line("Founded \(group.name), synced through \(plain ? "" : "an encrypted hub at ")\(hub). "
                         + "Invite members with 'trove group invite \(PastableWord.quoted(group.name)) --email ADDRESS'.")
            if let phrase {
                RemoteCommand.show(recoveryPhrase: phrase, env)
                env.out.line("It opens the group's hub without any member's copy ('trove clone \(hub) --recovery-phrase').")
            }
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List your groups, with your role and their members.",
            discussion: "Examples:\n  trove group list\n  trove group list --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = try GroupContext.book(storeOptions, env: env)
            let links = try book.all()
            let asks = try book.pendingAsks()
            var rows: [[String]] = [["Group", "Role", "Members", "Hub"]]
            var listed: [JSONValue] = []
            for link in links {
                let group = try? book.open(link)
                let members = (try? group?.members().filter(\.isActive)) ?? nil
                let role = (try? group?.me()).flatMap { $0 }.map(\.role.rawValue)
                let standing = (try? group?.standing()).flatMap { $0 }
                rows.append([link.name, role ?? standing.map(Self.words) ?? "?", members.map { String($0.count) } ?? "?", link.hub])
                listed.append(["id": .string(link.id), "name": .string(link.name), "role": role.map(JSONValue.string) ?? .null,
                               "standing": standing.map { .string($0.rawValue) } ?? .null,
                               "members": members.map { .integer($0.count) } ?? .null, "hub": .string(link.hub)])
            }
            // Encrypted groups asked to join: neither name nor members can be read before a member accepts.
            for ask in asks {
                rows.append(["?", Self.words(.asked), "?", ask.hub])
                listed.append(["id": .null, "name": .null, "role": .null, "standing": .string(Group.Standing.asked.rawValue), "members": .null,
                               "hub": .string(ask.hub)])
            }
            if output.json { return env.out.json(.array(listed)) }
            if links.isEmpty && asks.isEmpty { return env.out.line("No group work 🎉!") }
            env.out.table(rows)
        }

        /// What the role column says of one who is no member.
        static func words(_ standing: Group.Standing) -> String {
            switch standing {
            case .member: return "member"
            case .removed: return "removed"
            case .asked: return "asked to join"
            case .refused: return "refused"
            case .blocked: return "blocked"
            case .outside: return "not a member"
            }
        }
    }

    struct Members: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "members", abstract: "List a group's members, their roles and keys.",
            discussion: "Examples:\n  trove group members CS101\n  trove group members CS101 --json")
        @Argument(help: "The group.") var group: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(group)
            let members = try group.members()
            if output.json {
                return env.out.json(.array(members.map { member in
                    ["username": .string(member.username), "role": .string(member.role.rawValue), "active": .bool(member.isActive),
                     "key": member.publicKey.map { .string($0.fingerprint) } ?? .null,
                     "joinedAt": member.joinedAt.map(JSONValue.string) ?? .null, "removedAt": member.removedAt.map(JSONValue.string) ?? .null]
                }))
            }
            var rows: [[String]] = [["Member", "Role", "Key", "Joined"]]
            for member in members {
                rows.append([member.username, member.isActive ? member.role.rawValue : "removed",
                             member.publicKey?.fingerprint ?? "-", member.joinedAt.map { LocalTime.text($0, dayOnly: true) } ?? ""])
            }
            env.out.table(rows)
        }
    }

    struct Leave: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "leave", abstract: "Leave a group: your membership ends, and this machine's copy is deleted.",
            discussion: "Example: trove group leave CS101")
        @Argument(help: "The group.") var group: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(group)
            switch try group.leave() {
            case .member: env.out.line("You left \(group.name).")
            case .removed: env.out.line("You were no longer a member of \(group.name); its copy on this machine is deleted.")
            case .asked: env.out.line("Your request to join \(group.name) stays with its owner; its copy on this machine is deleted.")
            case .refused, .blocked: env.out.line("Your request to join \(group.name) was refused; its copy on this machine is deleted.")
            case .outside: env.out.line("\(group.name) is no longer listed here, and its copy on this machine is deleted.")
            }
        }
    }
}

/// `trove group sync [GROUP]`: sync groups with their hubs, checking every arriving commit.
struct GroupSyncCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync your groups (or one) with their hubs; commits by non-members are refused.",
        discussion: """
            A refused commit stays in the hub's history, but its changes are undone in a commit of ours on top;
            the summary names it, its author and why. What others changed reaches your inbox.
            Examples:
              trove group sync
              trove group sync CS101
            """)
    @Argument(help: "The group (all by default).") var group: String?
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let book = try GroupContext.book(storeOptions, env: env)
        var failed = group == nil ? GroupContext.checkAsks(book, env) : 0
        let links = try group.map { [try book.link(named: $0)] } ?? book.all()
        if links.isEmpty && failed == 0 { return env.out.line("No group work 🎉!") }
        for link in links {
            do { GroupContext.print(try book.open(link).sync(), of: link.name, env) } catch {
                failed += 1
                env.error("\(link.name): \(error)")
            }
        }
        if failed > 0 { throw CommandFailure(message: "\(failed) group\(failed == 1 ? "" : "s") could not be synced") }
    }
}
