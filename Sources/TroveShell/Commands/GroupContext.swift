import Foundation
import TroveKit
import TroveSchema
import TroveStore

/// Opening the user's groups from the command line: the personal store and who the user is to their groups.
enum GroupContext {
    /// The groups of the personal store `options` names, as the user signed in there (else `$USER`).
    static func book(_ options: StoreOptions, env: CommandEnvironment) throws -> GroupBook {
        let (store, account) = try options.openPersonalSignedIn(env)
        return try book(personal: store, account: account, env: env)
    }

    /// The groups of the personal store `personal`, as `account` (else `$USER`).
    static func book(personal store: Store, account: Account?, env: CommandEnvironment) throws -> GroupBook {
        let me = try identity(account: account, env: env)
        guard let signer = Store.defaultCommitSigner else { throw GroupError.noKey }
        return GroupBook(personal: store, me: me, signer: signer)
    }

    /// Where this machine keeps its copy of `group`, found without opening more than the personal store's list.
    static func folder(ofGroup group: String, personalStore: String) throws -> String {
        let personal = try Store.open(at: personalStore)
        let link = try GroupLink.named(group, in: personal.records(ofType: RecordType.group).compactMap(GroupLink.init))
        return GroupBook.folder(of: link.id, personalStore: personal.path)
    }

    static func identity(account: Account?, env: CommandEnvironment) throws -> GroupIdentity {
        let keys = KeyStore.standard(env.variables)
        guard keys.hasKey, let key = try? keys.publicKey() else { throw GroupError.noKey }
        let name = account?.username ?? env.variables["USER"] ?? NSUserName()
        return GroupIdentity(username: GroupIdentity.username(from: name), key: key, email: account?.email)
    }

    /// Most lines of refusals, and of notices, a sync prints: a busy group's news is in the inbox and the log.
    static let shownLines = 8

    /// Prints what a group sync did: its counts, what was refused and why, and what others changed.
    static func print(_ report: GroupSyncReport, of group: String, _ env: CommandEnvironment) {
        let summary = report.summary
        var line = "\(group): received \(summary.received), sent \(summary.sent), merged \(summary.merged)"
        if !summary.refused.isEmpty { line += ", refused \(summary.refused.count)" }
        env.out.line(line)
        RefusalLines.print(summary.refused, env, logCommand: "trove log --json --in-group \"\(group)\"")
        for notice in report.notices.prefix(shownLines) { env.out.line("  🔔 \(notice)") }
        if report.notices.count > shownLines {
            env.out.line("  🔔 … and \(report.notices.count - shownLines) more ('trove inbox' lists them)")
        }
    }
}

extension GroupContext {
    /// Looks whether requests to join encrypted groups were answered, and says so (an accepted group is listed
    /// from now on, and syncs with the others); returns how many could not be checked.
    static func checkAsks(_ book: GroupBook, _ env: CommandEnvironment) -> Int {
        var failed = 0
        for ask in (try? book.pendingAsks()) ?? [] {
            do {
                switch try book.check(ask) {
                case .waiting: env.out.line("Your request to join the group at \(ask.hub) waits for an answer.")
                case .refused(let blocked):
                    env.out.line(blocked ? "Your request to join the group at \(ask.hub) was refused, for the third time: you may not ask again"
                                         : "Your request to join the group at \(ask.hub) was refused")
                case .accepted(let joined): env.out.line("Your request to join \(joined.name) was accepted: you are a member")
                }
            } catch {
                failed += 1
                env.error("\(ask.hub): \(error)")
            }
        }
        return failed
    }

    /// Syncs a change just made, so others see it; offline, it waits for the next sync.
    static func push(_ group: Group, _ env: CommandEnvironment) {
        do { _ = try group.sync() } catch {
            env.error("not synced yet (\(error)): 'trove group sync' sends it later")
        }
    }
}

extension GroupContext {
    /// The groups a command worked in (one list for each `CommandEnvironment`) through `--in-group`, with their heads when opened, so that what it changed is sent on.
    final class Opened: @unchecked Sendable {
        private let lock = NSLock()
        private var groups: [(group: Group, head: String?)] = []

        func note(_ group: Group) {
            let head = try? group.store.headHex()
            lock.withLock { groups.append((group, head)) }
        }

        /// Syncs each group whose store the command changed; offline, says the change waits for the next sync.
        func pushChanged(_ env: CommandEnvironment) {
            let changed = lock.withLock {
                defer { groups = [] }
                return groups.filter { (try? $0.group.store.headHex()) != $0.head }.map(\.group)
            }
            for group in changed { push(group, env) }
        }
    }
}
