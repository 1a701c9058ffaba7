import ArgumentParser
import Foundation
import TroveGit
import TroveIndex
import TroveKit
import TroveStore
import TroveSystem

/// `--store PATH`: which store a command works on.
public struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store folder (default: $TROVE_STORE, else $XDG_DATA_HOME/trove/default).", valueName: "path"), completion: .directory)
    public var store: String?
    @Option(name: .customLong("in-group"), help: ArgumentHelp("Work in a group's shared store instead of your own (see 'trove group list').", valueName: "group"))
    public var group: String?

    public init() {}

    /// The folder of the store commands work on: the personal store, or with `--in-group`, this machine's copy of
    /// a group's (a group it does not know is an error, never a folder of that name).
    func path(_ env: CommandEnvironment) throws -> String {
        guard let group = group(env) else { return personalPath(env) }
        return try GroupContext.folder(ofGroup: group, personalStore: personalPath(env))
    }

    /// The group whose store commands work in: `--in-group`, else `TROVE_GROUP` (the shell's `--in-group`,
    /// passed to its lines) unless this line chose its own store with `--store`.
    func group(_ env: CommandEnvironment) -> String? {
        if let group { return group }
        guard store == nil, let inherited = env.variables["TROVE_GROUP"], !inherited.isEmpty else { return nil }
        return inherited
    }

    /// Refuses `--in-group` for a command that makes a store: a group's store is made with the group.
    func refuseGroup(making what: String) throws {
        guard group != nil else { return }
        throw ValidationError("--in-group works in a group's store that exists; \(what) makes your own (a group's is made by 'trove group new', and joined by 'trove group join')")
    }

    /// The personal store's folder: `--store`, else `TROVE_STORE`, else `$XDG_DATA_HOME/trove/default`.
    func personalPath(_ env: CommandEnvironment) -> String { Self.path(given: store, environment: env.variables) }

    /// The store folder for a `--store` value (or none), as commands find it in `environment`.
    static func path(given store: String?, environment: [String: String]) -> String {
        if let store { return store }
        if let fromEnvironment = environment["TROVE_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        return UserHome.dataFolder(environment) + "/default"
    }

    /// Opens the store, or throws a message naming the folder.
    ///
    /// - Parameter requiringSignIn: whether a store with an account needs a valid session; commands that
    ///   sign in, or only exchange commits (sync), pass `false`.
    func open(_ env: CommandEnvironment, requiringSignIn: Bool = true) throws -> Store {
        requiringSignIn || group(env) != nil ? try openSignedIn(env).store : try Store.open(at: path(env))
    }

    /// Opens the store and checks the session once; the account is `nil` for an offline store.
    func openSignedIn(_ env: CommandEnvironment) throws -> (store: Store, account: Account?) {
        let (personal, account) = try openPersonalSignedIn(env)
        guard let group = group(env) else { return (personal, account) }
        // The account is the personal store's; the group's store is cloned here the first time it is used.
        let opened = try GroupContext.book(personal: personal, account: account, env: env).open(group)
        env.openedGroups.note(opened)
        return (opened.store, account)
    }

    /// Opens the personal store (whatever `--in` says) and checks the session.
    func openPersonalSignedIn(_ env: CommandEnvironment) throws -> (store: Store, account: Account?) {
        let store = try Store.open(at: personalPath(env))
        return (store, try SignIn.require(store))
    }

    /// Opens the store's index, caught up with HEAD. A rebuild shows a progress bar, then a one-line notice.
    func openIndex(_ env: CommandEnvironment) throws -> RecordIndex {
        try Self.index(of: open(env), env: env)
    }

    /// The index of `store`, caught up (or, `rebuilding`, built afresh) with a progress bar on a terminal.
    ///
    /// - Parameter announcing: whether to say that the index had to be rebuilt; a command that
    ///   makes a store, or asks for a rebuild, has nothing to announce.
    static func index(of store: Store, rebuilding: Bool = false, announcing: Bool = true, env: CommandEnvironment) throws -> RecordIndex {
        let bar = ProgressBar(rebuilding ? "Reindexing" : "Indexing", on: env.err)
        defer { bar.finish() }
        let index = try RecordIndex(store: store, progress: bar.update, rebuilding: rebuilding)
        bar.finish()
        if announcing, let notice = index.notice { env.error(notice) }
        return index
    }
}

/// `--json`: machine-readable output.
public struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print stable JSON instead of text.")
    public var json = false

    public init() {}
}
