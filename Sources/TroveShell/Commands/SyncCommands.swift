import ArgumentParser
import Foundation
import TroveGit
import TroveIndex
import TroveStore

/// `--identity FILE`: the ssh key for ssh:// remotes.
struct TransferOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The ssh private key for ssh remotes, and no other (default: what ssh picks: ssh-agent, ~/.ssh/config, ~/.ssh/id_*).", valueName: "file"), completion: .file())
    var identity: String?

    func security(_ env: CommandEnvironment) -> TransferSecurity {
        TransferSecurity(identityFile: identity, knownHostsFile: env.variables["TROVE_KNOWN_HOSTS"]).askingOnTerminal(env)
    }
}

/// `trove remote add|list|remove`: the peers and hubs a store syncs with.
struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote", abstract: "Manage the hubs and peers this store syncs with.",
        subcommands: [Add.self, List.self, Remove.self, Test.self, Login.self, ForgetPassword.self, Compact.self, Encrypt.self])

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a remote: a bare repository at a path, a file:// URL, an ssh:// or an https:// URL.",
            discussion: """
                An https:// remote's login (a user name and a password or access token) is kept in a file only you
                can read, never in the store; without --password-stdin it is asked on the terminal when first needed.
                Examples:
                  trove remote add usb /media/me/STICK/trove.git --create
                  trove remote add nas ssh://me@nas.local/srv/trove.git
                  echo "$TOKEN" | trove remote add hub https://git.example.com/me/trove.git --username me --password-stdin
                  trove remote add home https://git.home.lan/me/trove.git --ca-file home-ca.pem
                  trove remote add usb /media/me/STICK/trove.git --create --encrypt

                With --encrypt the hub holds only encrypted files that this machine, the machines you approve
                ('trove device add'), and the recovery phrase shown once now can open.
                """)
        @Argument(help: "The remote's name.") var name: String
        @Argument(help: "Its path or URL.") var url: String
        @Flag(help: "Make an empty bare hub at the path first.") var create = false
        @Flag(help: "Make an end-to-end encrypted hub (or join one that exists).") var encrypt = false
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var http: HTTPLoginOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            guard encrypt else {
                try Self.add(to: store, name: name, url: url, create: create, http: http, env)
                env.out.line("Added remote \(name)" + (create ? " (a new hub at \(url))" : ""))
                return
            }
            // An encrypted hub over https is reached with the login given here, kept once the hub answered.
            let (url, security) = RemoteURL.isHTTP(url) ? try http.cloning(url, security: transfer.security(env), env) : (url, transfer.security(env))
            let added = try store.addEncryptedRemote(name: name, url: url, create: create, security: security)
            try http.keep(security, for: url)
            switch added {
            case .created(let phrase):
                env.out.line("Added remote \(name): a new encrypted hub" + (create ? " at \(url)" : ""))
                RemoteCommand.show(recoveryPhrase: phrase, env)
                env.out.line("It opens everything on the hub: with it, a new machine joins by 'trove clone \(url) --recovery-phrase'.")
                env.out.line("Other machines join by 'trove clone \(url)' and an approval here: 'trove device add CODE'.")
            case .awaitingApproval(let code):
                env.out.line("Added remote \(name), an encrypted hub this machine cannot read yet.")
                env.out.line("On a machine that syncs with it, approve this one: trove device add \(code)")
            case .enrolled:
                env.out.line("Added remote \(name), an encrypted hub this machine is enrolled in")
            }
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the remotes.", discussion: "Example: trove remote list")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let remotes = try storeOptions.open(env).remotes()
            if output.json {
                env.out.json(.array(remotes.map { ["name": .string($0.name), "url": .string($0.url)] }))
            } else if remotes.isEmpty {
                env.out.line("No remotes: this store is local only. Add one with 'trove remote add NAME PATH --create'.")
            } else {
                env.out.table(remotes.map { [$0.name, $0.url] })
            }
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget a remote (the hub is left alone).", discussion: "Example: trove remote remove usb")
        @Argument(help: "The remote's name.", completion: DataCompletion.remoteNames) var name: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            try storeOptions.open(env).removeRemote(name: name)
            env.out.line("Removed remote \(name)")
        }
    }
}

/// `trove clone URL [PATH]`: start a store on this machine from a peer.
struct CloneCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone", abstract: "Start a store on this machine from a hub or peer.",
        discussion: """
            From an encrypted hub, a machine not yet enrolled shows its code and stops; approve it on an enrolled
            machine with 'trove device add CODE', then run the same clone again. Or give the recovery phrase.
            Examples:
              trove clone /media/me/STICK/trove.git
              trove clone ssh://me@nas.local/srv/trove.git --recovery-phrase
            """)
    @Argument(help: "The hub's path or URL.") var url: String
    @Argument(help: "Where to put the store (default: the --store path).", completion: .directory) var path: String?
    @Flag(help: "Join an encrypted hub with its recovery phrase (asked for, or the first line of standard input).")
    var recoveryPhrase = false
    @OptionGroup var transfer: TransferOptions
    @OptionGroup var http: HTTPLoginOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws { try storeOptions.refuseGroup(making: "clone") }

    func run(_ env: CommandEnvironment) throws {
        let (url, security) = try http.cloning(url, security: transfer.security(env), env)
        var phrase: String?
        if recoveryPhrase {
            phrase = env.terminal.canAsk ? Prompts.secret(env, "Recovery phrase: ") : PasswordInput.standardInputLine(env, 0)
            guard phrase != nil else { throw CommandFailure(message: "no recovery phrase given") }
        }
        let bar = TransferBar(remote: url, on: env.err)
        let store: Store
        do {
            store = try Store.clone(from: url, to: path ?? storeOptions.path(env), security: security, progress: bar.update,
                                    recoveryPhrase: phrase)
        } catch HubError.awaitingApproval(_, let code) {
            bar.finish()
            env.out.line("This machine is not enrolled in the encrypted hub \(url) yet. Its code:")
            env.out.line("")
            env.out.line("    \(code)")
            env.out.line("")
            env.out.line("On a machine that syncs with the hub, run 'trove device add \(code)', then run this clone again.")
            env.out.line("(Or run it again with --recovery-phrase.)")
            throw CommandFailure(message: "waiting for this machine to be approved")
        }
        bar.finish()
        try http.keep(security, for: url)
        _ = try StoreOptions.index(of: store, announcing: false, env: env)
        env.out.line("Cloned \(url) into \(store.path)"
            + (store.refusedOnClone.isEmpty ? "" : ", refused \(store.refusedOnClone.count) commit\(store.refusedOnClone.count == 1 ? "" : "s")"))
        RefusalLines.print(store.refusedOnClone, env)
    }
}

/// `trove sync [NAME...]`: fetch, merge and push with every remote.
struct SyncCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Fetch, merge and push with your remotes (all of them by default).",
        discussion: """
            Concurrent edits merge field by field; a losing value is kept and 'trove conflicts' lists it.
            Examples:
              trove sync
              trove sync usb
            """)
    @Argument(help: "The remotes to sync.", completion: DataCompletion.remoteNames) var names: [String] = []
    @OptionGroup var transfer: TransferOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        // Sync only exchanges commits, so a scheduled sync works while nobody is signed in.
        let store = try storeOptions.open(env, requiringSignIn: false)
        try CommitCommand.finishGitMerge(in: store, env)
        let remotes = try store.remotes().map(\.name)
        // With no names, the groups come along: their stores sync through their own hubs.
        let groupsFailed = names.isEmpty && !output.json ? syncGroups(env) : 0
        if remotes.isEmpty {
            if groupsFailed > 0 { throw CommandFailure(message: "\(groupsFailed) group\(groupsFailed == 1 ? "" : "s") could not be synced") }
            if (try? GroupContext.book(storeOptions, env: env).all().isEmpty) ?? true {
                env.out.line("No remotes: this store is local only. Add one with 'trove remote add NAME PATH --create'.")
            }
            return
        }
        if let unknown = names.first(where: { !remotes.contains($0) }) { throw StoreError.unknownRemote(unknown) }
        // One remote at a time, so that an unplugged stick does not keep the others from syncing.
        var results: [(String, Result<SyncSummary, Error>)] = []
        for name in names.isEmpty ? remotes : names {
            let bar = TransferBar(remote: name, on: env.err)
            results.append((name, Result { try store.sync(remote: name, security: transfer.security(env), progress: bar.update) }))
            bar.finish()
        }
        if output.json {
            env.out.json(.array(results.map { name, result in
                switch result {
                case .success(let summary):
                    ["remote": .string(name), "received": .integer(summary.received), "sent": .integer(summary.sent),
                     "merged": .integer(summary.merged), "conflictsKept": .integer(summary.conflictsKept),
                     "invalidFiles": .array(summary.invalidFiles.map { .string($0) }),
                     "refused": .array(summary.refused.map { ["commit": .string($0.commit), "author": .string($0.author),
                                                              "summary": .string($0.summary), "reason": .string($0.reason)] }),
                     "failure": .null]
                case .failure(let error):
                    ["remote": .string(name), "failure": .string(TransferFailureText.describe(error, remote: name))]
                }
            }))
        } else {
            for (name, result) in results {
                switch result {
                case .success(let summary):
                    var line = "\(name): received \(summary.received), sent \(summary.sent), merged \(summary.merged), conflicts kept \(summary.conflictsKept)"
                    if !summary.refused.isEmpty { line += ", refused \(summary.refused.count)" }
                    env.out.line(line)
                    RefusalLines.print(summary.refused, env)
                    for file in summary.invalidFiles {
                        env.out.line("  \(file) arrived invalid and was kept as it came; see 'trove check'")
                    }
                    if let compacted = summary.compacted { env.out.line("  " + RemoteCommand.Compact.describe(compacted)) }
                    if let failure = summary.compactionFailure {
                        env.error("\(name): the hub holds many packs and could not be compacted (\(failure)); 'trove remote compact \(name)' tries again")
                    }
                case .failure(let error):
                    env.error("\(name): \(TransferFailureText.describe(error, remote: name))")
                }
            }
        }
        // A sync nobody watched (a script, a timer) leaves word for the shell's next prompt.
        if !env.terminal.outputIsInteractive {
            let kept = results.reduce(0) { total, result in total + ((try? result.1.get())?.conflictsKept ?? 0) }
            if kept > 0 {
                try? Notifications(storePath: store.path).post("a sync kept \(kept) value\(kept == 1 ? "" : "s") aside: trove conflicts")
            }
        }
        let failed = results.filter { if case .failure = $0.1 { return true } else { return false } }.count + groupsFailed
        if failed > 0 { throw CommandFailure(message: "\(failed) of \(results.count) remote\(results.count == 1 ? "" : "s") could not be synced") }
    }
}

extension SyncCommand {
    /// Syncs every group the personal store lists (none without a signing key); returns how many failed.
    func syncGroups(_ env: CommandEnvironment) -> Int {
        guard let book = try? GroupContext.book(storeOptions, env: env) else { return 0 }
        var failed = GroupContext.checkAsks(book, env)
        guard let links = try? book.all() else { return failed }
        for link in links {
            do { GroupContext.print(try book.open(link).sync(), of: "group " + link.name, env) } catch {
                failed += 1
                env.error("group \(link.name): \(error)")
            }
        }
        return failed
    }
}

/// `trove merge-driver %O %A %B %P`: the record merge, for `git pull` and `git merge`.
struct MergeDriverCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver", abstract: "Merge one record for the git program (set up by init and clone).",
        shouldDisplay: false)
    @Argument var base: String
    @Argument var ours: String
    @Argument var theirs: String
    @Argument var path: String

    func run(_ env: CommandEnvironment) throws {
        guard try MergeDriver.run(base: base, ours: ours, theirs: theirs, path: path) else {
            throw CommandFailure(message: "\(path) differs on both sides and is not a record")
        }
    }
}

/// Progress bars for objects moving to or from a remote: one while receiving, one while sending.
final class TransferBar {
    private let remote: String
    private var bar: ProgressBar?
    private var direction: TransferProgress.Direction?
    /// Standard error, where the bars are drawn.
    private let output: OutputWriter

    init(remote: String, on output: OutputWriter) {
        self.remote = remote
        self.output = output
    }

    func update(_ progress: TransferProgress) {
        if progress.direction != direction {
            bar?.finish()
            bar = ProgressBar(progress.direction == .receiving ? "Receiving from \(remote)" : "Sending to \(remote)", on: output)
            direction = progress.direction
        }
        bar?.update(progress.done, of: progress.total, detail: ProgressBar.bytes(progress.bytes))
    }

    func finish() { bar?.finish() }
}
