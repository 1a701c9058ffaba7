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
    public var path: String {
        get throws {
            guard let group else { return personalPath }
            return try GroupContext.folder(ofGroup: group, personalStore: personalPath)
        }
    }

    /// Refuses `--in-group` for a command that makes a store: a group's store is made with the group.
    func refuseGroup(making what: String) throws {
        guard group != nil else { return }
        throw ValidationError("--in-group works in a group's store that exists; \(what) makes your own (a group's is made by 'trove group new', and joined by 'trove group join')")
    }

    /// The personal store's folder: `--store`, else `TROVE_STORE`, else `$XDG_DATA_HOME/trove/default`.
    var personalPath: String { Self.path(given: store) }

    /// The store folder for a `--store` value (or none), as commands find it.
    static func path(given store: String?) -> String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["TROVE_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        return UserHome.dataFolder(environment) + "/default"
    }

    /// Opens the store, or throws a message naming the folder.
    ///
    /// - Parameter requiringSignIn: whether a store with an account needs a valid session; commands that
    ///   sign in, or only exchange commits (sync), pass `false`.
    public func open(requiringSignIn: Bool = true) throws -> Store {
        requiringSignIn || group != nil ? try openSignedIn().store : try Store.open(at: path)
    }

    /// Opens the store and checks the session once; the account is `nil` for an offline store.
    func openSignedIn() throws -> (store: Store, account: Account?) {
        let (personal, account) = try openPersonalSignedIn()
        guard let group else { return (personal, account) }
        // The account is the personal store's; the group's store is cloned here the first time it is used.
        let opened = try GroupContext.book(personal: personal, account: account).open(group)
        GroupContext.Opened.shared.note(opened)
        return (opened.store, account)
    }

    /// Opens the personal store (whatever `--in` says) and checks the session.
    func openPersonalSignedIn() throws -> (store: Store, account: Account?) {
        let store = try Store.open(at: personalPath)
        return (store, try SignIn.require(store))
    }

    /// Opens the store's index, caught up with HEAD. A rebuild shows a progress bar, then a one-line notice.
    func openIndex() throws -> RecordIndex {
        try Self.index(of: open())
    }

    /// The index of `store`, caught up (or, `rebuilding`, built afresh) with a progress bar on a terminal.
    ///
    /// - Parameter announcing: whether to say that the index had to be rebuilt; a command that
    ///   makes a store, or asks for a rebuild, has nothing to announce.
    static func index(of store: Store, rebuilding: Bool = false, announcing: Bool = true) throws -> RecordIndex {
        let bar = ProgressBar(rebuilding ? "Reindexing" : "Indexing")
        defer { bar.finish() }
        let index = try RecordIndex(store: store, progress: bar.update, rebuilding: rebuilding)
        bar.finish()
        if announcing, let notice = index.notice { Output.error(notice) }
        return index
    }
}

/// `--json`: machine-readable output.
public struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print stable JSON instead of text.")
    public var json = false

    public init() {}
}
