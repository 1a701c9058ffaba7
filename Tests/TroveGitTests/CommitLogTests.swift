import Foundation
import Testing
import TroveGit

/// Commits, history with a path filter, merge bases and revision lookup.
@Suite struct CommitLogTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a commit keeps its tree, parents, author, committer and message")
    func commitFields() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a": "1"])
        let first = try scratch.commit(tree, message: "first")
        let author = Signature.fixed("Zoë Author", email: "zoe@example.invalid", seconds: 10, offset: 120)
        let committer = Signature.fixed("Carl Committer", email: "carl@example.invalid", seconds: 20, offset: -300)
        let id = try scratch.repository.createCommit(
            tree: tree.id, parents: [first], author: author, committer: committer,
            message: "Add a record\n\nWith a body.\n")
        let commit = try scratch.repository.commit(id)
        #expect(commit.id == id)
        #expect(commit.treeID == tree.id)
        #expect(commit.parentIDs == [first])
        #expect(commit.author == author)
        #expect(commit.committer == committer)
        #expect(commit.message == "Add a record\n\nWith a body.\n")
        #expect(commit.summary == "Add a record")
        #expect(try scratch.repository.tree(ofCommit: id).id == tree.id)
        #expect(try scratch.repository.commit(first).parentIDs.isEmpty)
    }

    @Test("a merge commit keeps its parents in order")
    func mergeParents() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a": "1"])
        let one = try scratch.commit(tree, message: "one")
        let two = try scratch.commit(tree, message: "two", seconds: 1)
        let merge = try scratch.commit(tree, parents: [two, one], message: "merge", seconds: 2)
        #expect(try scratch.repository.commit(merge).parentIDs == [two, one])
    }

    @Test("a commit of a missing tree or parent is refused")
    func missingObjects() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a": "1"])
        let ghost = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))
        let signature = Signature.fixed()
        #expect(throws: GitError.self) {
            try scratch.repository.createCommit(tree: ghost, parents: [], author: signature, committer: signature, message: "x")
        }
        #expect(throws: GitError.self) {
            try scratch.repository.createCommit(tree: tree.id, parents: [ghost], author: signature, committer: signature, message: "x")
        }
    }

    /// c1 adds a and b; c2 edits b; c3 edits a; c4 deletes a; c5 edits b.
    func linearHistory(_ scratch: Scratch) throws -> [ObjectID] {
        var commits: [ObjectID] = []
        var tree = try scratch.tree(["dir/a.json": "a1", "b.json": "b1"])
        commits.append(try scratch.commit(tree, message: "c1", seconds: 1))
        tree = try scratch.tree(["b.json": "b2"], base: tree)
        commits.append(try scratch.commit(tree, parents: [commits[0]], message: "c2", seconds: 2))
        tree = try scratch.tree(["dir/a.json": "a2"], base: tree)
        commits.append(try scratch.commit(tree, parents: [commits[1]], message: "c3", seconds: 3))
        tree = try scratch.repository.tree(scratch.repository.writeTree(applying: [.remove(path: "dir/a.json")], to: tree))
        commits.append(try scratch.commit(tree, parents: [commits[2]], message: "c4", seconds: 4))
        tree = try scratch.tree(["b.json": "b3"], base: tree)
        commits.append(try scratch.commit(tree, parents: [commits[3]], message: "c5", seconds: 5))
        return commits
    }

    @Test("log lists reachable commits newest first")
    func logAll() throws {
        let scratch = try Scratch()
        let c = try linearHistory(scratch)
        #expect(try scratch.repository.log(from: c[4]).map(\.id) == c.reversed())
        #expect(try scratch.repository.log(from: c[1]).map(\.summary) == ["c2", "c1"])
    }

    @Test("log with a path lists only commits that changed it, including its deletion")
    func logPath() throws {
        let scratch = try Scratch()
        let c = try linearHistory(scratch)
        #expect(try scratch.repository.log(from: c[4], path: "dir/a.json").map(\.summary) == ["c4", "c3", "c1"])
        #expect(try scratch.repository.log(from: c[4], path: "b.json").map(\.summary) == ["c5", "c2", "c1"])
        #expect(try scratch.repository.log(from: c[4], path: "never.json").isEmpty)
        // A folder's history is every commit that changed anything below it.
        #expect(try scratch.repository.log(from: c[4], path: "dir").map(\.summary) == ["c4", "c3", "c1"])
    }

    @Test("log limit counts the commits returned, after the path filter")
    func logLimit() throws {
        let scratch = try Scratch()
        let c = try linearHistory(scratch)
        #expect(try scratch.repository.log(from: c[4], limit: 2).map(\.summary) == ["c5", "c4"])
        #expect(try scratch.repository.log(from: c[4], path: "dir/a.json", limit: 2).map(\.summary) == ["c4", "c3"])
        #expect(try scratch.repository.log(from: c[4], limit: 0).isEmpty)
        #expect(try scratch.repository.log(from: c[4], limit: 99).count == 5)
    }

    @Test("a merge whose version of the path equals one parent's is left out of the path's log")
    func logMerges() throws {
        let scratch = try Scratch()
        let baseTree = try scratch.tree(["a": "1", "b": "1"])
        let base = try scratch.commit(baseTree, message: "base", seconds: 1)
        let ours = try scratch.commit(try scratch.tree(["a": "2"], base: baseTree), parents: [base], message: "ours", seconds: 2)
        let theirs = try scratch.commit(try scratch.tree(["b": "2"], base: baseTree), parents: [base], message: "theirs", seconds: 3)
        let mergedTree = try scratch.tree(["a": "2", "b": "2"], base: baseTree)
        let merge = try scratch.commit(mergedTree, parents: [ours, theirs], message: "merge", seconds: 4)
        #expect(try scratch.repository.log(from: merge, path: "a").map(\.summary) == ["ours", "base"])
        #expect(try scratch.repository.log(from: merge, path: "b").map(\.summary) == ["theirs", "base"])
        #expect(Set(try scratch.repository.log(from: merge).map(\.summary)) == ["merge", "ours", "theirs", "base"])
        // A merge that resolves the path to something neither parent had changed it.
        let resolved = try scratch.commit(try scratch.tree(["a": "3"], base: mergedTree), parents: [ours, theirs],
                                          message: "resolved", seconds: 5)
        #expect(try scratch.repository.log(from: resolved, path: "a").map(\.summary) == ["resolved", "ours", "base"])
    }

    @Test("the merge base of two branches is their fork point; unrelated histories have none")
    func mergeBase() throws {
        let scratch = try Scratch()
        let tree = try scratch.tree(["a": "1"])
        let root = try scratch.commit(tree, message: "root")
        let fork = try scratch.commit(tree, parents: [root], message: "fork", seconds: 1)
        let left = try scratch.commit(tree, parents: [fork], message: "left", seconds: 2)
        let right = try scratch.commit(tree, parents: [fork], message: "right", seconds: 3)
        let rightTwo = try scratch.commit(tree, parents: [right], message: "right 2", seconds: 4)
        #expect(try scratch.repository.mergeBase(left, rightTwo) == fork)
        #expect(try scratch.repository.mergeBase(rightTwo, left) == fork)
        #expect(try scratch.repository.mergeBase(root, rightTwo) == root)
        let stranger = try scratch.commit(tree, message: "unrelated", seconds: 5)
        #expect(try scratch.repository.mergeBase(left, stranger) == nil)
    }

    @Test("resolveCommit takes full and short ids, branch names and revision expressions")
    func resolve() throws {
        let scratch = try Scratch()
        let c = try linearHistory(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[4], expected: nil, message: "test")
        #expect(try scratch.repository.resolveCommit(c[2].hex) == c[2])
        #expect(try scratch.repository.resolveCommit(String(c[2].hex.prefix(12))) == c[2])
        #expect(try scratch.repository.resolveCommit("HEAD") == c[4])
        #expect(try scratch.repository.resolveCommit("HEAD~2") == c[2])
        #expect(try scratch.repository.resolveCommit("main^") == c[3])
        #expect(throws: GitError.self) { try scratch.repository.resolveCommit("no-such-branch") }
        #expect(throws: GitError.self) { try scratch.repository.resolveCommit("HEAD~9") }
        let blob = try scratch.repository.writeBlob(bytes("not a commit"))
        #expect(throws: GitError.self) { try scratch.repository.resolveCommit(blob.hex) }
    }
}
