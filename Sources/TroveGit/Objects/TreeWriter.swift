import CGit2
import Foundation

/// Writes the trees of a large change into a `PackStream`, one folder at a time, as the changes come.
///
/// `Repository.writeTree(applying:to:)` hands every change to libgit2 at once and writes the trees through the
/// object database: for an import of 1,000,000 records that held every path twice over and every tree in memory
/// (issue 25). Here the changes arrive in path order, so each folder's changes are next to each other: a folder is
/// read, changed and written when its last change has passed, and only the folders on the current path are held.
extension Repository {
    /// The tree that results from applying `changes` (in byte order of their paths, each path once) to `base`,
    /// its new folders written to `pack`; returns the root's id.
    ///
    /// A folder left empty is dropped, as git drops it. The objects are readable by git once `pack` is finished.
    public func writeTree<Changes: Sequence>(applyingSorted changes: Changes, to base: Tree?, into pack: PackStream) throws -> ObjectID
    where Changes.Element == TreeChange {
        var pending = PeekingIterator(changes.makeIterator())
        // The root is written even when empty.
        return try rewrite(base, prefix: "", &pending)!
        func rewrite(_ base: Tree?, prefix: String, _ pending: inout PeekingIterator<Changes.Iterator>) throws -> ObjectID? {
            // What changes in this folder, by name: a new id and mode, or nil for a name that goes.
            var replaced: [String: (mode: UInt32, id: ObjectID)?] = [:]
            while let next = pending.peek, next.path.hasPrefix(prefix) {
                let rest = next.path.dropFirst(prefix.count)
                if let slash = rest.firstIndex(of: "/") {
                    let name = String(rest[..<slash])
                    let current = base?.rawEntry(named: name)
                    let folder = try current.flatMap { $0.mode == TreeEntry.folderMode ? try tree($0.id) : nil }
                    replaced[name] = .some(try rewrite(folder, prefix: prefix + name + "/", &pending).map { (TreeEntry.folderMode, $0) })
                } else {
                    _ = pending.next()
                    switch next {
                    case .upsert(_, let blob): replaced[String(rest)] = (TreeEntry.fileMode, blob)
                    case .remove: replaced[String(rest)] = .some(nil)
                    }
                }
            }
            var entries: [(mode: UInt32, name: String, id: ObjectID)] = []
            for entry in base?.rawEntries ?? [] where replaced[entry.name] == nil { entries.append(entry) }
            for (name, value) in replaced { if let value { entries.append((value.mode, name, value.id)) } }
            if entries.isEmpty { return prefix.isEmpty ? try pack.appendTree([]) : nil }
            return try pack.appendTree(Self.treeBytes(entries))
        }
    }

    /// A tree object's bytes: `<mode in octal> <name>\0<id>` per entry, in git's order, where a folder's name
    /// sorts as if it ended in "/".
    static func treeBytes(_ entries: [(mode: UInt32, name: String, id: ObjectID)]) -> [UInt8] {
        let keyed = entries.map { entry in
            (key: Array(entry.name.utf8) + (entry.mode == TreeEntry.folderMode ? [UInt8(ascii: "/")] : []), entry: entry)
        }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 64)
        for (_, entry) in keyed {
            bytes += Array(String(entry.mode, radix: 8).utf8)
            bytes.append(UInt8(ascii: " "))
            bytes += Array(entry.name.utf8)
            bytes.append(0)
            bytes += entry.id.bytes
        }
        return bytes
    }
}

extension TreeEntry {
    static let folderMode: UInt32 = 0o040000
    static let fileMode: UInt32 = 0o100644
}

extension Tree {
    /// The entries with their exact modes (a link or a submodule is kept as it is).
    var rawEntries: [(mode: UInt32, name: String, id: ObjectID)] {
        (0..<git_tree_entrycount(pointer)).map { index in
            let raw = git_tree_entry_byindex(pointer, index)!
            return (git_tree_entry_filemode(raw).rawValue, String(cString: git_tree_entry_name(raw)), ObjectID(git_tree_entry_id(raw)))
        }
    }

    /// The entry called `name` directly in this tree.
    func rawEntry(named name: String) -> (mode: UInt32, id: ObjectID)? {
        guard let raw = git_tree_entry_byname(pointer, name) else { return nil }
        return (git_tree_entry_filemode(raw).rawValue, ObjectID(git_tree_entry_id(raw)))
    }
}

/// An iterator that can look at its next element before taking it.
struct PeekingIterator<Base: IteratorProtocol>: IteratorProtocol {
    private var base: Base
    private var buffered: Base.Element??

    init(_ base: Base) { self.base = base }

    var peek: Base.Element? {
        mutating get {
            if buffered == nil { buffered = .some(base.next()) }
            return buffered!
        }
    }

    mutating func next() -> Base.Element? {
        if let buffered {
            self.buffered = nil
            return buffered
        }
        return base.next()
    }
}
