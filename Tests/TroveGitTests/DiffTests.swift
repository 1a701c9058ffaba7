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

    @Test("random pairs of trees, with names that sort around a slash and files that become folders, diff as git diff-tree does")
    func agreesWithGit() throws {
        let scratch = try Scratch()
        var generator = SystemRandomNumberGenerator()
        let names = ["a", "a.b", "a-b", "a0", "b", "c.json"]
        let paths = names + names.map { "a/" + $0 } + names.map { "a/b/" + $0 } + names.map { "b/" + $0 }
        var compared = 0
        for round in 0..<25 {
            // A random set of files, never one path a file and a folder at once.
            func files() -> [String: String] {
                var chosen: [String: String] = [:]
                for path in paths.shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)) {
                    let clash = chosen.keys.contains { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
                    if !clash { chosen[path] = String(Int.random(in: 0..<3, using: &generator)) }
                }
                return chosen
            }
            let old = try scratch.tree(files()), new = try scratch.tree(files())
            let ours = try scratch.repository.diff(from: old, to: new).map { delta -> String in
                let status = switch delta.status { case .added: "A"; case .deleted: "D"; case .modified: "M" }
                return "\(status) \(delta.path) \(delta.oldID?.hex ?? "-") \(delta.newID?.hex ?? "-")"
            }
            let zero = String(repeating: "0", count: 40)
            let git = try scratch.git("diff-tree", "-r", "--no-renames", "--abbrev=40", old.id.hex, new.id.hex)
                .split(separator: "\n").map { line -> String in
                    let parts = line.split(separator: "\t"), fields = parts[0].split(separator: " ")
                    let before = fields[2] == zero ? "-" : String(fields[2]), after = fields[3] == zero ? "-" : String(fields[3])
                    return "\(fields[4]) \(parts[1]) \(before) \(after)"
                }
            #expect(ours == git, "round \(round)")
            compared += git.count
        }
        #expect(compared > 25)
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
