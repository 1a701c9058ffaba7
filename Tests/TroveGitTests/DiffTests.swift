import Testing
import TroveGit

/// Differences between trees, file by file, with the blob ids on both sides.
@Suite struct DiffTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// One delta as text, so whole lists compare at once (TreeDelta has no public initializer).
    func delta(_ status: TreeDelta.Status, _ path: String, _ old: ObjectID?, _ new: ObjectID?) -> String {
        "\(status) \(path) \(old?.hex ?? "-") \(new?.hex ?? "-")"
    }

    func describe(_ deltas: [TreeDelta]) -> [String] { deltas.map { delta($0.status, $0.path, $0.oldID, $0.newID) } }

    @Test("added, modified and deleted files are reported with their ids, in path order")
    func changes() throws {
        let scratch = try Scratch()
        let old = try scratch.tree(["a.json": "a", "b.json": "b", "dir/c.json": "c", "dir/same.json": "s"])
        let new = try scratch.tree(["a.json": "a2", "dir/d.json": "d"], base: old)
        let removed = try scratch.repository.tree(
            scratch.repository.writeTree(applying: [.remove(path: "b.json")], to: new))
        let id = { (tree: Tree, path: String) in tree.entry(atPath: path)!.id }
        let deltas = describe(try scratch.repository.diff(from: old, to: removed))
        #expect(deltas == [
            delta(.modified, "a.json", id(old, "a.json"), id(removed, "a.json")),
            delta(.deleted, "b.json", id(old, "b.json"), nil),
            delta(.added, "dir/d.json", nil, id(removed, "dir/d.json")),
        ])
    }

    @Test("the diff backwards swaps added and deleted")
    func reversed() throws {
        let scratch = try Scratch()
        let old = try scratch.tree(["keep": "k", "gone": "g"])
        let new = try scratch.repository.tree(scratch.repository.writeTree(applying: [.remove(path: "gone")], to: old))
        #expect(try scratch.repository.diff(from: old, to: new).map(\.status) == [.deleted])
        let back = describe(try scratch.repository.diff(from: new, to: old))
        #expect(back == [delta(.added, "gone", nil, old.entry(atPath: "gone")!.id)])
    }

    @Test("a diff from nothing lists every file as added, and to nothing as deleted")
    func fromAndToEmpty() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["x/1": "1", "x/2": "2", "y": "y"])
        let added = try scratch.repository.diff(from: nil, to: tree)
        #expect(added.map(\.path) == ["x/1", "x/2", "y"])
        #expect(added.allSatisfy { $0.status == .added && $0.oldID == nil && $0.newID != nil })
        let deleted = try scratch.repository.diff(from: tree, to: nil)
        #expect(deleted.map(\.path) == ["x/1", "x/2", "y"])
        #expect(deleted.allSatisfy { $0.status == .deleted && $0.newID == nil && $0.oldID != nil })
    }

    @Test("identical trees have no differences")
    func identical() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a": "1", "b/c": "2"])
        #expect(try scratch.repository.diff(from: tree, to: tree).isEmpty)
        #expect(try scratch.repository.diff(from: nil, to: nil).isEmpty)
    }

    @Test("moving a file is a delete plus an add (no rename detection)")
    func noRenames() throws {
        let scratch = try Scratch()
        let old = try scratch.tree(["from/record.json": "same bytes"])
        let blob = old.entry(atPath: "from/record.json")!.id
        let new = try scratch.repository.tree(scratch.repository.writeTree(
            applying: [.remove(path: "from/record.json"), .upsert(path: "to/record.json", blob: blob)], to: old))
        #expect(describe(try scratch.repository.diff(from: old, to: new)) == [
            delta(.deleted, "from/record.json", blob, nil),
            delta(.added, "to/record.json", nil, blob),
        ])
    }
}
