import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Repository configuration, and isolation from the user's and the machine's git configuration.
@Suite struct ConfigTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("after isolation the user's global user.name is not seen, and a local one is")
    func isolation() throws {
        // The real global configuration, read by the git program with the real HOME. On a
        // developer machine it usually sets user.name; then this test proves isolation works.
        let real = try ProcessRunner.run("/usr/bin/env", ["git", "config", "--global", "user.name"],
                                         environment: ProcessInfo.processInfo.environment)
        let realName = real.trimmed
        let scratch = try Scratch()
        #expect(try scratch.repository.config().string("user.name") == nil,
                "global user.name \(realName.isEmpty ? "(unset)" : "'\(realName)'") leaked through")
        #expect(try scratch.repository.config().string("user.email") == nil)
        try scratch.repository.localConfig().set("user.name", "Local Person")
        #expect(try scratch.repository.config().string("user.name") == "Local Person")
        if realName.isEmpty {
            Issue.record("no global user.name on this machine, so isolation was not really exercised")
        }
    }

    @Test("a value set in the local config reads back through both handles and lands in .git/config")
    func setAndGet() throws {
        let scratch = try Scratch()
        try scratch.repository.localConfig().set("merge.trove.driver", "trove merge-driver %O %A %B %P")
        #expect(try scratch.repository.config().string("merge.trove.driver") == "trove merge-driver %O %A %B %P")
        #expect(try scratch.repository.localConfig().string("merge.trove.driver") == "trove merge-driver %O %A %B %P")
        #expect(try scratch.git("config", "--local", "merge.trove.driver") == "trove merge-driver %O %A %B %P\n")
    }

    @Test("set replaces a value; unset names read as nil")
    func replace() throws {
        let scratch = try Scratch()
        let config = try scratch.repository.localConfig()
        #expect(config.string("trove.kind") == nil)
        try config.set("trove.kind", "personal")
        try config.set("trove.kind", "shared")
        #expect(config.string("trove.kind") == "shared")
        #expect(try scratch.git("config", "--local", "--get-all", "trove.kind") == "shared\n")
    }

    @Test("remove deletes a value, and removing an unset one is not an error")
    func remove() throws {
        let scratch = try Scratch()
        let config = try scratch.repository.localConfig()
        try config.set("remote.hub.url", "/srv/hub.git")
        try config.remove("remote.hub.url")
        #expect(config.string("remote.hub.url") == nil)
        #expect(try scratch.repository.config().string("remote.hub.url") == nil)
        try config.remove("remote.hub.url")
        try config.remove("never.set")
    }

    @Test("entries(matching:) returns names and values matching a regular expression")
    func entries() throws {
        let scratch = try Scratch()
        let config = try scratch.repository.localConfig()
        try config.set("remote.hub.url", "/srv/hub.git")
        try config.set("remote.hub.fetch", "+refs/heads/*:refs/remotes/hub/*")
        try config.set("remote.laptop.url", "ssh://laptop/store")
        let urls = try config.entries(matching: #"^remote\..*\.url$"#)
        #expect(Dictionary(uniqueKeysWithValues: urls.map { ($0.name, $0.value) })
            == ["remote.hub.url": "/srv/hub.git", "remote.laptop.url": "ssh://laptop/store"])
        #expect(try config.entries(matching: #"^nothing\."#).isEmpty)
    }

    @Test("values written by the git program are read back")
    func readsGitWrites() throws {
        let scratch = try Scratch()
        try scratch.git("config", "trove.peer", "peer-7")
        #expect(try scratch.repository.config().string("trove.peer") == "peer-7")
    }

    @Test("an invalid name is rejected with an error")
    func invalidName() throws {
        let scratch = try Scratch()
        #expect(throws: GitError.self) { try scratch.repository.localConfig().set("nosection", "x") }
    }
}
