import Testing
import TroveGit

/// References: HEAD, compare-and-swap updates, listing and deletion.
@Suite struct ReferenceTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// Three unrelated commits to point references at.
    func commits(_ scratch: Scratch) throws -> [ObjectID] {
        let tree = try scratch.tree(["a": "1"])
        return try (0..<3).map { try scratch.commit(tree, message: "c\($0)", seconds: $0) }
    }

    @Test("HEAD names its branch while unborn, and resolves once the branch exists")
    func head() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        #expect(try scratch.repository.headBranch() == "refs/heads/main")
        #expect(try scratch.repository.headCommitID() == nil)
        #expect(try scratch.repository.referenceTarget("refs/heads/main") == nil)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "first")
        #expect(try scratch.repository.headCommitID() == c[0])
        #expect(try scratch.repository.referenceTarget("refs/heads/main") == c[0])
        #expect(try scratch.git("rev-parse", "HEAD") == c[0].hex + "\n")
    }

    @Test("an update with the current target as expected moves the reference")
    func casSucceeds() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "one")
        try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: c[0], message: "two")
        try scratch.repository.updateReference("refs/heads/main", to: c[2], expected: c[1], message: "three")
        #expect(try scratch.repository.headCommitID() == c[2])
    }

    @Test("an update with a stale expected target throws a conflict and leaves the reference alone")
    func casStale() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "one")
        try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: c[0], message: "two")
        let error = try #require(throws: GitError.self) {
            try scratch.repository.updateReference("refs/heads/main", to: c[2], expected: c[0], message: "stale")
        }
        #expect(error.isConflict)
        #expect(try scratch.repository.headCommitID() == c[1])
    }

    @Test("an update expecting a reference that does not exist is a conflict")
    func casMissing() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        let error = try #require(throws: GitError.self) {
            try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: c[0], message: "gone")
        }
        #expect(error.isConflict, "code \(error.code): \(error.message)")
        #expect(try scratch.repository.headCommitID() == nil)
    }

    @Test("creating a reference that already exists (expected nil) fails and leaves it alone")
    func createExisting() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "one")
        #expect(throws: GitError.self) {
            try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: nil, message: "again")
        }
        #expect(try scratch.repository.headCommitID() == c[0])
    }

    @Test("losing the race to create the first commit is a conflict, like losing any other update")
    func createExistingIsConflict() throws {
        // The store commits its first record with expected == nil; a peer process that created
        // the branch in between must read as a conflict (retry), as the doc comment promises.
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "peer")
        let error = try #require(throws: GitError.self) {
            try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: nil, message: "late")
        }
        #expect(error.isConflict, "code \(error.code): \(error.message)")
    }

    @Test("references(matching:) lists direct references under a glob with their targets")
    func listing() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "m")
        try scratch.repository.updateReference("refs/remotes/hub/main", to: c[1], expected: nil, message: "r1")
        try scratch.repository.updateReference("refs/remotes/hub/other", to: c[2], expected: nil, message: "r2")
        let remotes = try scratch.repository.references(matching: "refs/remotes/*")
        #expect(remotes.map(\.name).sorted() == ["refs/remotes/hub/main", "refs/remotes/hub/other"])
        #expect(Dictionary(uniqueKeysWithValues: remotes.map { ($0.name, $0.target) })
            == ["refs/remotes/hub/main": c[1], "refs/remotes/hub/other": c[2]])
        #expect(try scratch.repository.references(matching: "refs/heads/*").map(\.name) == ["refs/heads/main"])
        #expect(try scratch.repository.references(matching: "refs/tags/*").isEmpty)
        // HEAD is symbolic and so is never listed.
        #expect(try !scratch.repository.references(matching: "*").map(\.name).contains("HEAD"))
    }

    @Test("deleteReference removes a reference; deleting a missing one is fine")
    func delete() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/remotes/hub/main", to: c[0], expected: nil, message: "r")
        try scratch.repository.deleteReference("refs/remotes/hub/main")
        #expect(try scratch.repository.referenceTarget("refs/remotes/hub/main") == nil)
        #expect(try scratch.repository.references(matching: "refs/remotes/*").isEmpty)
        try scratch.repository.deleteReference("refs/remotes/hub/main")
        // After deletion it can be created afresh.
        try scratch.repository.updateReference("refs/remotes/hub/main", to: c[1], expected: nil, message: "again")
        #expect(try scratch.repository.referenceTarget("refs/remotes/hub/main") == c[1])
    }

    @Test("the git program sees the references TroveGit wrote, with reflog messages")
    func gitSeesReferences() throws {
        let scratch = try Scratch()
        let c = try commits(scratch)
        try scratch.repository.updateReference("refs/heads/main", to: c[0], expected: nil, message: "first move")
        try scratch.repository.updateReference("refs/heads/main", to: c[1], expected: c[0], message: "second move")
        #expect(try scratch.git("rev-parse", "main") == c[1].hex + "\n")
        #expect(try scratch.git("reflog", "--format=%gs", "refs/heads/main") == "second move\nfirst move\n")
    }
}
