import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Creating, opening and recognising repositories.
@Suite struct RepositoryTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a created non-bare repository has a work tree and a .git folder")
    func nonBare() throws {
        let folder = TemporaryFolder()
        let path = folder.child("store")
        let repository = try Repository.create(at: path)
        #expect(!repository.isBare)
        #expect(repository.workdir == path + "/")
        #expect(repository.gitDirectory == path + "/.git/")
        #expect(FileManager.default.fileExists(atPath: path + "/.git/HEAD"))
        #expect(try repository.headBranch() == "refs/heads/main")
        #expect(try repository.headCommitID() == nil)
    }

    @Test("a created bare repository has no work tree")
    func bare() throws {
        let folder = TemporaryFolder()
        let path = folder.child("hub.git")
        let repository = try Repository.create(at: path, bare: true)
        #expect(repository.isBare)
        #expect(repository.workdir == nil)
        #expect(repository.gitDirectory == path + "/")
        #expect(FileManager.default.fileExists(atPath: path + "/HEAD"))
        #expect(!FileManager.default.fileExists(atPath: path + "/.git"))
        #expect(try Repository(openingAt: path).isBare)
    }

    @Test("the initial branch can be chosen")
    func initialBranch() throws {
        let folder = TemporaryFolder()
        let repository = try Repository.create(at: folder.child("r"), initialBranch: "trunk")
        #expect(try repository.headBranch() == "refs/heads/trunk")
    }

    @Test("missing parent folders are created")
    func makesPath() throws {
        let folder = TemporaryFolder()
        let path = folder.child("a/b/c")
        _ = try Repository.create(at: path)
        #expect(Repository.exists(at: path))
    }

    @Test("creating over an existing repository fails instead of reinitialising it")
    func noReinit() throws {
        let folder = TemporaryFolder()
        _ = try Repository.create(at: folder.child("r"))
        #expect(throws: GitError.self) { try Repository.create(at: folder.child("r")) }
    }

    @Test("a repository opens by its work tree or its git folder")
    func open() throws {
        let folder = TemporaryFolder()
        let path = folder.child("r")
        let created = try Repository.create(at: path)
        let blob = try created.writeBlob(bytes("shared"))
        for opened in [try Repository(openingAt: path), try Repository(openingAt: path + "/.git")] {
            #expect(opened.workdir == path + "/")
            #expect(try opened.blob(blob) == bytes("shared"))
        }
    }

    @Test("exists(at:) is true only at the repository itself, never above or below it")
    func exists() throws {
        let folder = TemporaryFolder()
        let path = folder.child("r")
        #expect(!Repository.exists(at: path))
        _ = try Repository.create(at: path)
        try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
        #expect(Repository.exists(at: path))
        #expect(Repository.exists(at: path + "/.git"))
        #expect(!Repository.exists(at: path + "/sub"))
        #expect(!Repository.exists(at: folder.path))
    }

    @Test("opening a folder that is not a repository throws a not-found GitError with a message")
    func openNonRepository() throws {
        let folder = TemporaryFolder()
        let error = try #require(throws: GitError.self) { try Repository(openingAt: folder.path) }
        #expect(error.isNotFound)
        #expect(!error.message.isEmpty)
        #expect(error.operation.contains(folder.path))
        #expect(error.description.hasPrefix("open repository at \(folder.path): "))
    }

    @Test("opening a subfolder of a repository does not search upwards")
    func noSearchUpwards() throws {
        let folder = TemporaryFolder()
        _ = try Repository.create(at: folder.child("r"))
        try FileManager.default.createDirectory(atPath: folder.child("r/sub"), withIntermediateDirectories: true)
        #expect(throws: GitError.self) { try Repository(openingAt: folder.child("r/sub")) }
    }

    @Test("the git program sees a created repository as valid and on the initial branch")
    func gitAgrees() throws {
        let scratch = try Scratch()
        #expect(try scratch.git("rev-parse", "--is-bare-repository") == "false\n")
        #expect(try scratch.git("symbolic-ref", "HEAD") == "refs/heads/main\n")
    }
}
