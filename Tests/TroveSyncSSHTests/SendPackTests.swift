import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// Pushes over ssh send Trove's own pack (`SendPack`, `OutgoingPack`): what git makes of it, through the
/// real git-receive-pack behind git-shell.
@Suite("the pack a push sends", .serialized)
struct SendPackTests {
    init() { Git.isolateFromGlobalConfiguration() }

    func git(_ arguments: String..., in folder: String) throws -> String {
        let output = try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(output.status == 0, "git \(arguments): \(output.stderr)")
        return output.stdout
    }

    /// The hub's loose objects, as `git count-objects` counts them.
    func looseObjects(_ hub: String) throws -> Int {
        let line = try git("count-objects", "-v", in: hub).split(separator: "\n").first { $0.hasPrefix("count: ") }
        return Int(line?.dropFirst("count: ".count) ?? "") ?? -1
    }

    @Test("a first push of a packed store passes git fsck --strict on the hub, which then holds every object; the next push sends only what is new")
    func firstPushAndThen() throws {
        let peers = try Peers()
        let hub = peers.folder.child("empty.git")
        _ = try git("init", "-q", "--bare", "-b", "main", hub, in: peers.folder.path)
        // 300 records in one commit: written as one pack, whose entries the push copies as they are.
        _ = try peers.a.transaction { transaction in
            for number in 0..<300 { _ = try transaction.put(dog("Dog \(number)"), type: "dog") }
        }
        try peers.a.addRemote(name: "ssh", url: peers.server.url(hub))
        let commits = Int(try git("rev-list", "--count", "main", in: peers.a.path).trimmingCharacters(in: .newlines))
        #expect(try peers.a.sync(remotes: ["ssh"], security: peers.security).first?.sent == commits)

        _ = try git("fsck", "--strict", "--no-dangling", in: hub)
        let head = try #require(try peers.a.headCommitID())
        #expect(try git("rev-parse", "main", in: hub).trimmingCharacters(in: .newlines) == head.hex)
        let objects = { (folder: String) in try git("rev-list", "--objects", "main", in: folder).split(separator: "\n").map { $0.prefix(40) }.sorted() }
        #expect(try objects(hub) == objects(peers.a.path))
        #expect(try objects(hub).count > 300)
        #expect(try looseObjects(hub) == 0, "more than git's unpack limit arrives as a pack, kept whole")

        // One more record: its blob, the trees above it and the commit; nothing the hub has is sent again.
        _ = try peers.a.transaction { try $0.put(dog("One more"), type: "dog") }
        #expect(try peers.a.sync(remotes: ["ssh"], security: peers.security).first?.sent == 1)
        let sent = try looseObjects(hub)
        #expect((3...6).contains(sent), "\(sent) objects arrived for one record")
        _ = try git("fsck", "--strict", "--no-dangling", in: hub)
        #expect(try objects(hub) == objects(peers.a.path))
    }

    @Test("a hub whose main moved on is not pushed over: sync fetches, merges and pushes again")
    func hubMovedOn() throws {
        let peers = try Peers()
        let b = try Store.clone(from: peers.hubURL, to: peers.folder.child("b"), security: peers.security)
        try peers.a.addRemote(name: "ssh", url: peers.hubURL)
        _ = try b.transaction { try $0.put(dog("From B"), type: "dog") }
        _ = try peers.a.transaction { try $0.put(dog("From A"), type: "dog") }
        #expect(try b.sync(security: peers.security).first?.sent == 1)
        let summary = try #require(try peers.a.sync(remotes: ["ssh"], security: peers.security).first)
        #expect(summary.received == 1 && summary.sent == 2, "\(summary)")
        _ = try git("fsck", "--strict", "--no-dangling", in: peers.hub)
        #expect(try git("rev-parse", "main", in: peers.hub).trimmingCharacters(in: .newlines) == peers.a.headCommitID()?.hex)
    }
}
