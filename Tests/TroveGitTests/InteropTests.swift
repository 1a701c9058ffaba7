import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// A repository made entirely through TroveGit is an ordinary git repository to the git program.
@Suite struct InteropTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// Three commits on main, made and checked out only through TroveGit.
    func history(_ scratch: Scratch) throws -> [ObjectID] {
        let repository = scratch.repository
        var commits: [ObjectID] = []
        var tree: Tree? = nil
        let steps: [(String, [String: String?])] = [
            ("Create the store", ["trove.json": "{\n  \"kind\": \"personal\"\n}\n", "journal/ab/one.json": "{\n  \"n\": 1\n}\n"]),
            ("Add an entry", ["journal/cd/two.json": "{\n  \"title\": \"Zoë 🐕\"\n}\n"]),
            ("Remove the first entry", ["journal/ab/one.json": nil]),
        ]
        for (number, (message, files)) in steps.enumerated() {
            var changes: [TreeChange] = []
            var written: [(String, [UInt8], ObjectID)] = []
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                if let text {
                    let blob = try repository.writeBlob(bytes(text))
                    changes.append(.upsert(path: path, blob: blob))
                    written.append((path, bytes(text), blob))
                } else {
                    changes.append(.remove(path: path))
                }
            }
            let newTree = try repository.tree(repository.writeTree(applying: changes, to: tree))
            let author = Signature.fixed("Zoë Ærø", email: "zoe@example.invalid", seconds: number * 60, offset: 120)
            let commit = try repository.createCommit(
                tree: newTree.id, parents: Array(commits.suffix(1)), author: author, committer: author, message: message + "\n")
            try repository.updateReference("refs/heads/main", to: commit, expected: commits.last, message: message)
            let checkout = Checkout(repository)
            for (path, content, blob) in written { try checkout.write(path: path, bytes: content, blob: blob) }
            for case .remove(let path) in changes { try checkout.remove(path: path) }
            try checkout.finish()
            commits.append(commit)
            tree = newTree
        }
        return commits
    }

    @Test("git fsck --strict passes on a repository made through TroveGit")
    func fsck() throws {
        let scratch = try Scratch()
        _ = try history(scratch)
        let result = try scratch.gitResult("fsck", "--strict", "--full", "--no-dangling")
        #expect(result.status == 0, "git fsck: \(result.stdout) \(result.stderr)")
        #expect(!result.stderr.contains("error") && !result.stderr.contains("warning"))
    }

    @Test("git log shows the commits with their authors, dates and messages")
    func log() throws {
        let scratch = try Scratch()
        let commits = try history(scratch)
        #expect(try scratch.git("log", "--format=%H %s") == """
            \(commits[2].hex) Remove the first entry
            \(commits[1].hex) Add an entry
            \(commits[0].hex) Create the store

            """)
        #expect(try scratch.git("log", "-1", "--format=%an <%ae> %at %ai", commits[0].hex)
            == "Zoë Ærø <zoe@example.invalid> 1750000000 2025-06-15 17:06:40 +0200\n")
        #expect(try scratch.git("log", "--format=%s", "--", "journal/ab/one.json") == "Remove the first entry\nCreate the store\n")
    }

    @Test("git reads the files, and TroveGit's log agrees with git's for a path")
    func contents() throws {
        let scratch = try Scratch()
        let commits = try history(scratch)
        #expect(try scratch.git("show", "HEAD:journal/cd/two.json") == "{\n  \"title\": \"Zoë 🐕\"\n}\n")
        #expect(try scratch.git("ls-tree", "-r", "--name-only", "HEAD") == "journal/cd/two.json\ntrove.json\n")
        let ours = try scratch.repository.log(from: commits[2], path: "journal/ab/one.json").map(\.id.hex)
        let theirs = try scratch.git("log", "--format=%H", "--", "journal/ab/one.json").split(separator: "\n").map(String.init)
        #expect(ours == theirs)
    }

    @Test("the work tree and index match HEAD for git after every TroveGit commit")
    func clean() throws {
        let scratch = try Scratch()
        _ = try history(scratch)
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/journal/ab"))
    }

    @Test("commits made by the git program are read by TroveGit")
    func readsGitCommits() throws {
        let scratch = try Scratch()
        let commits = try history(scratch)
        try scratch.folder.write("repo/notes.txt", "written by git\n")
        try scratch.git("add", "notes.txt")
        try scratch.git("commit", "-q", "-m", "From git")
        let head = try #require(try scratch.repository.headCommitID())
        let commit = try scratch.repository.commit(head)
        #expect(commit.parentIDs == [commits[2]])
        #expect(commit.summary == "From git")
        #expect(commit.author.name == "Test User")
        let entry = try #require(try scratch.repository.tree(commit.treeID).entry(atPath: "notes.txt"))
        #expect(try scratch.repository.blob(entry.id) == bytes("written by git\n"))
        #expect(try scratch.repository.status().isEmpty)
    }
}
