import Foundation
import TroveKit
import TroveStore

/// The shell's prompt: the store's name, then the selected dog, e.g. `home (dog Rex)> `.
///
/// The dog is the one dog commands take when none is named: `dog select`'s choice on this machine,
/// else the first dog. The prompt works it out again only when HEAD or the choice moved, so most
/// prompts cost opening the repository and one small file; signed out, it names no dog.
final class Prompt {
    let storePath: String
    private var cache: (key: String, dog: String?)?

    init(storePath: String) { self.storePath = storePath }

    /// The store's name: its folder's name.
    var storeName: String { (storePath as NSString).lastPathComponent }

    /// The selected dog's name, or `nil` when the store has no dog (or is not open to this user).
    var dogName: String? {
        guard let store = try? Store.open(at: storePath), let head = try? store.headCommitID() else { return nil }
        let key = head.hex + "/" + (LocalSettings(storePath: storePath).value("dog")?.stringValue ?? "")
        if let cache, cache.key == key { return cache.dog }
        let dog = (try? SignIn.require(store)) == nil && (try? AccountBook(store: store).isEmpty()) == false
            ? nil : (try? DogBook(store: store).selected())??.displayName
        cache = (key, dog)
        return dog
    }

    /// The prompt, coloured when `color`.
    func text(color: Bool) -> String {
        let selection = dogName.map { " (dog \($0))" } ?? ""
        return SGR.apply([.bold], to: storeName, color: color) + SGR.apply([.dim], to: selection, color: color) + "> "
    }
}
