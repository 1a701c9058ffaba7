import ArgumentParser
import Foundation
import TroveIndex
import TroveKit
import TroveSchema
import TroveStore

/// Completion of the user's own data (record ids, names, tags), read from the index so that it
/// stays fast on big stores.
///
/// Each function is an argument's `completion: .custom(…)`: the shell calls it in process, and the
/// bash, zsh and fish scripts through `trove ---completion`. An index opened once is kept for the
/// rest of the process, so that a shell pays for opening it only on the first Tab.
enum DataCompletion {
    /// Record ids that start with the word typed.
    static let recordIDs: CompletionKind = .custom { words, _, prefix in
        withIndex(words) { try $0.ids(prefix: prefix) }
    }

    /// The record types the store knows.
    static let recordTypes: CompletionKind = .custom { _, _, prefix in
        FormatCatalog.bundled.types.filter { $0.hasPrefix(prefix) }
    }

    /// Tags in use.
    static let tags: CompletionKind = .custom { words, _, prefix in
        withIndex(words) { try $0.tags(type: nil).map(\.tag).filter { $0.hasPrefix(prefix) } }
    }

    /// The store's remotes.
    static let remoteNames: CompletionKind = .custom { words, _, prefix in
        withIndex(words) { index in try index.store.remotes().map(\.name).filter { $0.hasPrefix(prefix) } }
    }

    /// Names of records of `types`, e.g. journals, dogs, calendars and items.
    static func names(of types: [String]) -> CompletionKind {
        .custom { words, _, prefix in
            withIndex(words) { index in try types.flatMap { try index.labels(type: $0, prefix: prefix) } }
        }
    }

    /// Ids of records of `type` that start with the word typed (event show, task done…).
    static func ids(of type: String) -> CompletionKind {
        .custom { words, _, prefix in
            withIndex(words) { try $0.ids(type: type, prefix: prefix) }
        }
    }

    /// The classes of the store's events and tasks (`--class`), ignoring case.
    static let classes: CompletionKind = .custom { words, _, prefix in
        withIndex(words) { index in
            try CalendarQuery(index: index).classes().filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
        }
    }

    /// The records that hold others: journals, dogs, calendars, items.
    static let containers = names(of: [RecordType.journal, RecordType.dog, RecordType.calendar, RecordType.item])

    /// Opens the index of the store at `path` on another thread, so that the first Tab finds it open.
    static func warmUp(storePath path: String) {
        Thread.detachNewThread { _ = withIndex(["--store", path]) { _ in [] } }
    }

    /// Runs `body` on the index of the store the words name (`--store PATH`, else the default store).
    ///
    /// Signed out of a store that has accounts, nothing is offered: the commands would refuse, and
    /// names, tags and ids are the store's data.
    private static func withIndex(_ words: [String], _ body: (RecordIndex) throws -> [String]) -> [String] {
        let flag = words.lastIndex(of: "--store")
        let path = StoreOptions.path(given: flag.flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }, environment: ProcessInfo.processInfo.environment)
        return cache.withLock { indexes in
            do {
                let index: RecordIndex
                if let open = indexes[path], !open.fileWasReplaced {
                    index = open
                    try index.catchUp()
                } else {
                    index = try RecordIndex(store: Store.open(at: path))
                    indexes[path] = index
                }
                _ = try SignIn.require(index.store)
                return try body(index)
            } catch {
                return []  // no store yet, or an unreadable one: nothing to offer
            }
        }
    }

    private static let cache = Locked<[String: RecordIndex]>([:])
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
