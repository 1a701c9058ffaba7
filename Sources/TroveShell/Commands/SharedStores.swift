import Foundation
import TroveIndex
import TroveKit
import TroveSchema
import TroveStore

/// The group stores that views and search take in beside the personal store.
enum SharedStores {
    /// Each group this machine has a copy of, by name, with its index caught up; none when the user has no key or no groups.
    ///
    /// Groups not cloned here yet are left out rather than fetched: a view should not wait on a hub.
    ///
    /// - Parameter opened: the personal store, when the command has it open already (opening it again cost a
    ///   search about 2 ms).
    static func indexes(_ options: StoreOptions, _ env: CommandEnvironment, personal opened: Store? = nil) -> [(name: String, index: RecordIndex)] {
        guard let personal = opened ?? (try? Store.open(at: options.personalPath(env))),
              let links = try? personal.records(ofType: RecordType.group).compactMap(GroupLink.init) else { return [] }
        return links.compactMap { link in
            let folder = GroupBook.folder(of: link.id, personalStore: personal.path)
            guard let store = try? Store.open(at: folder), let index = try? StoreOptions.index(of: store, announcing: false, env: env) else { return nil }
            return (link.name, index)
        }
    }
}
