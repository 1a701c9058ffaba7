import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Writing trees by applying changes, and walking them.
@Suite struct TreeTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("no changes on no base give git's empty tree")
    func emptyTree() throws {
        let scratch = try Scratch()
        let id = try scratch.repository.writeTree(applying: [], to: nil)
        #expect(id.hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
        #expect(try scratch.repository.emptyTreeID() == id)
        #expect(try scratch.repository.tree(id).entries.isEmpty)
    }

    @Test("no changes on a base give the base itself")
    func noChanges() throws {
        let scratch = try Scratch()
        let base = try scratch.tree(["a.json": "1"])
        #expect(try scratch.repository.writeTree(applying: [], to: base) == base.id)
    }

    @Test("nested upserts create the fan-out folders on the way")
    func nestedUpserts() throws {
        let scratch = try Scratch()
        let one = try scratch.repository.writeBlob(bytes("one"))
        let two = try scratch.repository.writeBlob(bytes("two"))
        let id = try scratch.repository.writeTree(applying: [
            .upsert(path: "notes/ab/one.json", blob: one),
            .upsert(path: "notes/cd/two.json", blob: two),
            .upsert(path: "trove.json", blob: one),
        ], to: nil)
        let tree = try scratch.repository.tree(id)
        #expect(tree.entries.map(\.name) == ["notes", "trove.json"])
        #expect(tree.entry(atPath: "notes")?.kind == .tree)
        #expect(tree.entry(atPath: "notes/ab")?.kind == .tree)
        let file = try #require(tree.entry(atPath: "notes/cd/two.json"))
        #expect(file.id == two && file.kind == .blob && file.name == "two.json" && !file.isExecutable)
        #expect(tree.entry(atPath: "notes/ab/one.json")?.id == one)
        #expect(tree.entry(atPath: "notes/ab/missing.json") == nil)
        #expect(tree.entry(atPath: "nope/ab/one.json") == nil)
    }

    @Test("an upsert of an existing path replaces its blob and keeps its neighbours")
    func replace() throws {
        let scratch = try Scratch()
        let base = try scratch.tree(["d/a.json": "a", "d/b.json": "b"])
        let new = try scratch.repository.writeBlob(bytes("a2"))
        let tree = try scratch.repository.tree(scratch.repository.writeTree(applying: [.upsert(path: "d/a.json", blob: new)], to: base))
        #expect(tree.entry(atPath: "d/a.json")?.id == new)
        #expect(tree.entry(atPath: "d/b.json")?.id == base.entry(atPath: "d/b.json")?.id)
    }

    @Test("removing the last file of a folder removes the folder, up to the root")
    func removeLastFile() throws {
        let scratch = try Scratch()
        let base = try scratch.tree(["notes/ab/one.json": "1", "notes/cd/two.json": "2", "trove.json": "{}"])
        let once = try scratch.repository.tree(
            scratch.repository.writeTree(applying: [.remove(path: "notes/ab/one.json")], to: base))
        #expect(once.entry(atPath: "notes/ab") == nil)
        #expect(once.entry(atPath: "notes/cd/two.json") != nil)
        let twice = try scratch.repository.tree(
            scratch.repository.writeTree(applying: [.remove(path: "notes/cd/two.json")], to: once))
        #expect(twice.entry(atPath: "notes") == nil)
        #expect(twice.entries.map(\.name) == ["trove.json"])
        // The result is the tree git itself would write for the remaining file.
        #expect(twice.id == (try scratch.tree(["trove.json": "{}"]).id))
    }

    @Test("an upsert and a remove in the same folder apply together")
    func mixedChanges() throws {
        let scratch = try Scratch()
        let base = try scratch.tree(["d/a": "a", "d/b": "b"])
        let c = try scratch.repository.writeBlob(bytes("c"))
        let tree = try scratch.repository.tree(scratch.repository.writeTree(
            applying: [.remove(path: "d/a"), .upsert(path: "d/c", blob: c)], to: base))
        var files: [String: ObjectID] = [:]
        try scratch.repository.walkFiles(in: tree) { files[$0] = $1 }
        #expect(files == ["d/b": base.entry(atPath: "d/b")!.id, "d/c": c])
    }

    @Test("walkFiles visits every file with its blob, optionally under a prefix")
    func walkFiles() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a/x/1": "1", "a/y/2": "2", "b/3": "3", "top": "p"])
        var all: [String: ObjectID] = [:]
        try scratch.repository.walkFiles(in: tree) { path, id in all[path] = id }
        #expect(all.keys.sorted() == ["a/x/1", "a/y/2", "b/3", "top"])
        for (path, id) in all { #expect(try scratch.repository.blob(id) == bytes(String(path.last!))) }
        var under: [String] = []
        try scratch.repository.walkFiles(in: tree, under: "a") { path, _ in under.append(path) }
        #expect(under.sorted() == ["a/x/1", "a/y/2"])
        var deeper: [String] = []
        try scratch.repository.walkFiles(in: tree, under: "a/y") { path, _ in deeper.append(path) }
        #expect(deeper == ["a/y/2"])
        var none: [String] = []
        try scratch.repository.walkFiles(in: tree, under: "missing") { path, _ in none.append(path) }
        try scratch.repository.walkFiles(in: tree, under: "top") { path, _ in none.append(path) }
        #expect(none.isEmpty)
    }

    @Test("a tree written by TroveGit lists the same in git ls-tree")
    func gitReadsTree() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["notes/ab/one.json": "1\n", "trove.json": "{}\n"])
        let listing = try scratch.git("ls-tree", "-r", "--name-only", tree.id.hex)
        #expect(listing == "notes/ab/one.json\ntrove.json\n")
    }

    // MARK: cost

    /// The ids of every tree below (and including) `tree`, and of every blob.
    static func objects(in tree: Tree, _ repository: Repository) throws -> (trees: Set<ObjectID>, blobs: Set<ObjectID>) {
        var trees: Set<ObjectID> = [tree.id], blobs: Set<ObjectID> = []
        for entry in tree.entries {
            switch entry.kind {
            case .tree:
                let sub = try objects(in: repository.tree(entry.id), repository)
                trees.formUnion(sub.trees)
                blobs.formUnion(sub.blobs)
            case .blob: blobs.insert(entry.id)
            case .other: break
            }
        }
        return (trees, blobs)
    }

    @Test("one change to a 5,000-file tree writes only the trees on its path")
    func costGrowsWithTheChange() throws {
        let scratch = try Scratch()
        let repository = scratch.repository
        defer { withExtendedLifetime(scratch) {} }  // the folder must outlive the last use of repository
        var changes: [TreeChange] = []
        for number in 0..<5_000 {
            let fan = String(format: "%02x", number % 256)
            let blob = try repository.writeBlob(bytes("{\"n\": \(number)}\n"))
            changes.append(.upsert(path: "records/\(fan)/\(number).json", blob: blob))
        }
        changes.append(.upsert(path: "trove.json", blob: try repository.writeBlob(bytes("{}\n"))))
        let base = try repository.tree(repository.writeTree(applying: changes, to: nil))
        let before = try Self.objects(in: base, repository)
        #expect(before.trees.count == 1 + 1 + 256)
        #expect(before.blobs.count == 5_001)

        func newObjects(_ change: TreeChange) throws -> (trees: Int, blobs: Int, tree: Tree) {
            let tree = try repository.tree(repository.writeTree(applying: [change], to: base))
            let after = try Self.objects(in: tree, repository)
            return (after.trees.subtracting(before.trees).count, after.blobs.subtracting(before.blobs).count, tree)
        }
        // An edit: root, records/ and records/2a/ are new; the other 255 fan-out trees are shared.
        let edit = try newObjects(.upsert(path: "records/2a/42.json", blob: repository.writeBlob(bytes("{\"n\": -42}\n"))))
        #expect((edit.trees, edit.blobs) == (3, 1))
        #expect(edit.tree.entry(atPath: "records/2b")?.id == base.entry(atPath: "records/2b")?.id)
        #expect(edit.tree.entry(atPath: "trove.json")?.id == base.entry(atPath: "trove.json")?.id)
        // A new file in an existing folder: the same three trees and its blob.
        let add = try newObjects(.upsert(path: "records/00/new.json", blob: repository.writeBlob(bytes("new\n"))))
        #expect((add.trees, add.blobs) == (3, 1))
        // A removal: the three trees on its path and no blob.
        let remove = try newObjects(.remove(path: "records/ff/255.json"))
        #expect((remove.trees, remove.blobs) == (3, 0))
        #expect(remove.tree.entry(atPath: "records/ff/255.json") == nil)
        #expect(remove.tree.entry(atPath: "records/ff/511.json") != nil)
    }
}
