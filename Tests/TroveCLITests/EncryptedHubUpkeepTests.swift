import Foundation
import Testing
import TroveTestSupport

/// `trove remote compact` and `trove remote encrypt`, through the binary.
extension EncryptedHubTests {
    @Test("remote compact: one pack in one commit, the old packs out of the hub's history, every device still in step")
    func compactCommand() throws {
        let (a, phrase) = try firstPeer()
        for number in 1...4 {
            try #require(a.run("record", "put", "dog", "--json", #"{"name": "Dog \#(number)"}"#).status == 0)
            try #require(a.run("sync").status == 0)
        }
        let b = try cloneByPhrase("b", phrase)
        let oldPacks = try hubFiles().filter { $0.hasPrefix("packs/") }
        #expect(oldPacks.count == 5)
        let oldBlobs = try git("--git-dir=\(hub)", "ls-tree", "-r", Self.branch, in: folder.path).stdout
            .split(separator: "\n").filter { $0.contains("packs/") }.map { String($0.split(separator: " ")[2].prefix(40)) }
        let oldTip = try hubTip()
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "From B"}"#).status == 0)

        let compact = try a.run("remote", "compact")
        try #require(compact.status == 0, "\(compact.stderr)")
        #expect(compact.stdout.contains("usb: compacted the hub: 5 packs"), "\(compact.stdout)")
        #expect(compact.stdout.contains("into one"))
        let packs = try hubFiles().filter { $0.hasPrefix("packs/") }
        #expect(packs.count == 1 && packs.isDisjoint(with: oldPacks))
        #expect(try git("--git-dir=\(hub)", "rev-list", "--count", Self.branch, in: folder.path).trimmed == "1")
        // The old packs are reachable from nothing on the hub: its git drops them when it collects garbage.
        let reachable = try git("--git-dir=\(hub)", "rev-list", "--objects", "--all", in: folder.path).stdout
        for blob in oldBlobs { #expect(!reachable.contains(blob)) }
        // The one pack opens with the data key, as every hub file does with age.
        try hubFile("keys.age", to: folder.child("keys.age"))
        let keys = folder.child("keys.txt")
        #expect(try age("-d", "-i", a.store + "/.git/trove/device-key", "-o", keys, folder.child("keys.age")).status == 0)
        try hubFile(try #require(packs.first), to: folder.child("pack.age"))
        let pack = try age("-d", "-i", keys, folder.child("pack.age"))
        #expect(pack.status == 0 && pack.stdout.hasPrefix("PACK"))

        // b, behind and with an edit of its own, syncs on top of the compacted hub; a gets b's edit.
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        try #require(a.run("sync").status == 0)
        #expect(try treeID(a) == treeID(b))
        #expect(try a.run("record", "list", "dog").stdout.contains("From B"))
        // The hub put back as it was before the compaction is a replay, refused as any older manifest.
        try resetHub(to: oldTip)
        try expectRefused(b, "older manifest")
    }

    @Test("remote encrypt: the plain hub is synced first, the new hub gets everything encrypted, the plain one is left as it was")
    func encryptCommand() throws {
        let a = peer("a")
        try #require(a.run("init").status == 0)
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Plainly Pixel"}"#).status == 0)
        let plainHub = folder.child("plain.git")
        try #require(a.run("remote", "add", "usb", plainHub, "--create").status == 0)
        try #require(a.run("sync").status == 0)
        // Another machine pushed to the plain hub meanwhile: that comes along too.
        let other = peer("other")
        try #require(other.run("clone", plainHub, other.store).status == 0)
        try #require(other.run("record", "put", "dog", "--json", #"{"name": "From Other"}"#).status == 0)
        try #require(other.run("sync").status == 0)
        let plainTip = try git("--git-dir=\(plainHub)", "rev-parse", "main", in: folder.path).trimmed

        // A remote that does not exist, and a new hub that is not empty, are refused; nothing changes.
        #expect(try a.run("remote", "encrypt", "nosuch", hub, "--create").stderr.contains("nosuch"))
        let taken = try a.run("remote", "encrypt", "usb", plainHub)
        #expect(taken.status != 0 && taken.stderr.contains("unencrypted store"), "\(taken.stderr)")
        #expect(try a.run("remote", "list").stdout.contains(plainHub))

        let encrypt = try a.run("remote", "encrypt", "usb", hub, "--create")
        try #require(encrypt.status == 0, "\(encrypt.stderr)")
        let phrase = try #require(encrypt.stdout.firstMatch(of: /[a-z2-7]{4}(-[a-z2-7]{4}){7}/).map { String($0.0) })
        #expect(encrypt.stdout.contains("is not erased"), "\(encrypt.stdout)")
        #expect(try a.run("record", "list", "dog").stdout.contains("From Other"))
        #expect(try git("--git-dir=\(plainHub)", "rev-parse", "main", in: folder.path).trimmed == plainTip)
        #expect(try a.run("remote", "list").stdout.contains(hub))
        // Nothing readable on the new hub; a device that joins by phrase gets everything.
        let objects = try git("--git-dir=\(hub)", "rev-list", "--objects", "--all", in: folder.path).stdout
        for line in objects.split(separator: "\n") {
            let id = String(line.prefix(40))
            let content = try git("--git-dir=\(hub)", "cat-file", "-p", id, in: folder.path).stdout
            #expect(!content.contains("Plainly Pixel") && !content.contains("From Other"))
        }
        let c = try cloneByPhrase("c", phrase)
        #expect(try treeID(c) == treeID(a))
        #expect(try a.run("remote", "encrypt", "usb", folder.child("again.git"), "--create").stderr.contains("encrypted hub already"))
    }
}
