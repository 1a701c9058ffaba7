import Foundation
import Testing
import TroveTestSupport

@Suite("trove sync from the command line")
struct SyncCommandTests {
    let folder = TemporaryFolder()
    var hub: String { folder.child("usb/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child(name)) }

    /// A store with a hub remote and one dog, pushed.
    func firstPeer() throws -> (TroveCLI, String) {
        let a = peer("a")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        let id = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).trimmed
        let sync = try a.run("sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("usb: received 0, sent"))
        return (a, id)
    }

    @Test("a store cloned with plain git merges a hand edit through trove merge-driver on git pull")
    func gitPullUsesMergeDriver() throws {
        let (a, id) = try firstPeer()
        let g = peer("g")
        try #require(g.git("clone", "-q", hub, g.store, in: folder.path).status == 0)
        try #require(g.run("status").status == 0)  // any trove command sets up the merge driver
        #expect(try g.git("config", "merge.trove.driver", in: g.store).stdout.contains("merge-driver %O %A %B %P"))

        // Peer a renames the dog and pushes; on g, someone edits another field by hand and commits with git.
        try #require(a.run("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Pixel A"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: g.store + "/dogs").first { $0.hasSuffix("\(id).json") })
        let path = g.store + "/dogs/" + file
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"id\":", with: "\"breed\": \"collie\",\n  \"id\":")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        try #require(g.git("commit", "-qam", "Breed by hand", in: g.store).status == 0)

        let pull = try g.git("pull", "--no-rebase", "-q", "origin", "main", in: g.store)
        #expect(pull.status == 0, "\(pull.stderr)")
        let merged = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!merged.contains("<<<<<<<"))
        #expect(merged.contains(#""name": "Pixel A""#))
        #expect(merged.contains(#""breed": "collie""#))
        #expect(try g.run("check").status == 0)
    }

    @Test("plain git pull stopped by a delete-vs-edit: trove refuses to write into it, and trove commit finishes it by Trove's rules")
    func gitPullDeleteVersusEdit() throws {
        let (a, id) = try firstPeer()
        let g = peer("g")
        try #require(g.git("clone", "-q", hub, g.store, in: folder.path).status == 0)
        try #require(g.run("status").status == 0)
        try #require(a.run("record", "rm", id, "--yes").status == 0)
        try #require(a.run("sync").status == 0)
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: g.store + "/dogs").first { $0.hasSuffix("\(id).json") })
        let path = g.store + "/dogs/" + file
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Pixel", with: "Pixie")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try #require(g.git("commit", "-qam", "Rename by hand", in: g.store).status == 0)
        let pull = try g.git("pull", "--no-rebase", "-q", "origin", "main", in: g.store)
        try #require(pull.status != 0 && pull.stdout.contains("CONFLICT (modify/delete)"), "\(pull.stdout)\(pull.stderr)")

        let head = try g.git("rev-parse", "HEAD", in: g.store).trimmed
        let check = try g.run("check")
        #expect(check.status == 1 && (check.stdout + check.stderr).contains("git stopped in the middle of merging"), "\(check.stdout)")
        let write = try g.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#)
        #expect(write.status == 1 && write.stderr.contains("'trove commit' finishes the merge"), "\(write.stderr)")
        #expect(try g.git("rev-parse", "HEAD", in: g.store).trimmed == head)

        let commit = try g.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("Finished the merge git left unfinished"), "\(commit.stdout)")
        #expect(!FileManager.default.fileExists(atPath: g.store + "/.git/MERGE_HEAD"))
        #expect(try g.git("rev-list", "--parents", "-n", "1", "HEAD", in: g.store).trimmed.split(separator: " ").count == 3)
        let fsck = try g.git("fsck", "--strict", in: g.store)
        #expect(fsck.status == 0, "\(fsck.stdout)\(fsck.stderr)")
        #expect(try g.git("status", "--porcelain", in: g.store).stdout.isEmpty)
        #expect(try g.run("check").status == 0)
        // The edit won, as it does in sync, and reaches the peer that deleted it.
        #expect(try g.run("record", "get", id).stdout.contains("Pixie"))
        try #require(g.git("push", "-q", "origin", "HEAD:main", in: g.store).status == 0)
        try #require(a.run("sync").status == 0)
        #expect(try a.run("record", "get", id).stdout.contains("Pixie"))
    }

    @Test("two peers syncing to one hub at the same moment: both edits reach the hub after their next sync")
    func simultaneousPushes() throws {
        let (a, id) = try firstPeer()
        let b = peer("b")
        try #require(b.run("clone", hub, b.store).status == 0)
        for round in 0..<3 {
            try #require(a.run("record", "put", "dog", "--json", #"{"name": "from a \#(round)"}"#).status == 0)
            try #require(b.run("record", "put", "dog", "--json", #"{"name": "from b \#(round)"}"#).status == 0)
            let first = try a.start(["sync"]), second = try b.start(["sync"])
            first.waitUntilExit()
            second.waitUntilExit()
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        }
        for store in [a, b] { try #require(store.run("sync").status == 0) }
        try #require(a.run("sync").status == 0)
        let hubLog = try a.git("--git-dir", hub, "log", "--format=%s", "main", in: folder.path).stdout
        for round in 0..<3 {
            #expect(hubLog.contains("Add dog \"from a \(round)\""))
            #expect(hubLog.contains("Add dog \"from b \(round)\""))
        }
        let names = try a.run("record", "list", "dog").stdout
        #expect(names.contains("from b 2") && names.contains("Pixel"))
        #expect(try a.git("rev-parse", "HEAD^{tree}", in: a.store).stdout == b.git("rev-parse", "HEAD^{tree}", in: b.store).stdout)
        _ = id
    }

    @Test("sync killed at any moment: the store opens, HEAD is a valid commit, and the next sync completes")
    func killedSync() throws {
        let (a, _) = try firstPeer()
        let b = peer("b")
        try #require(b.run("clone", hub, b.store).status == 0)
        let lines = (0..<1500).map { #"{"name": "dog \#($0)"}"# }.joined(separator: "\n")
        try folder.write("dogs.jsonl", lines)
        for (round, delay) in [0.03, 0.12, 0.4].enumerated() {
            try #require(a.run("record", "put", "dog", "--jsonl", folder.child("dogs.jsonl")).status == 0)
            try #require(a.run("sync").status == 0)
            try #require(b.run("record", "put", "dog", "--json", #"{"name": "b \#(round)"}"#).status == 0)
            let sync = try b.start(["sync"])
            Thread.sleep(forTimeInterval: delay)
            kill(sync.processIdentifier, SIGKILL)
            sync.waitUntilExit()
            let status = try b.run("status")
            #expect(status.status == 0, "\(status.stderr)")
            #expect(try b.git("fsck", "--strict", in: b.store).status == 0)
            #expect(try b.git("status", "--porcelain", in: b.store).stdout.isEmpty)
            let again = try b.run("sync")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try b.run("check").status == 0)
        }
        try #require(a.run("sync").status == 0)
        let count = try a.run("record", "list", "dog", "--json").stdout.components(separatedBy: "\"type\": \"dog\"").count - 1
        #expect(count == 1 + 3 * 1500 + 3)
    }

    @Test("a ref lock a killed push left in a folder hub is cleared once nobody holds it, and the sync goes through")
    func abandonedHubLock() throws {
        let (a, _) = try firstPeer()
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#).status == 0)
        let lock = hub + "/refs/heads/main.lock"
        FileManager.default.createFile(atPath: lock, contents: Data())
        let sync = try a.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lock))
        #expect(try a.git("rev-parse", "HEAD", in: a.store).trimmed == (try a.git("--git-dir", hub, "rev-parse", "main", in: folder.path).trimmed))

        // A lock some process holds open is never taken: the sync gives up and says so.
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Fido"}"#).status == 0)
        FileManager.default.createFile(atPath: lock, contents: Data())
        let holder = try OpenFileHolder(lock)
        defer { holder.close() }
        let held = try a.run("sync")
        #expect(held.status == 1 && FileManager.default.fileExists(atPath: lock), "\(held.stderr)")
    }

    @Test("a missing hub path gets a clear message and exit 1, and the store is untouched")
    func missingHub() throws {
        let (a, _) = try firstPeer()
        try #require(a.run("remote", "add", "stick", folder.child("unplugged/trove.git")).status == 0)
        let head = try a.git("rev-parse", "HEAD", in: a.store).trimmed
        let sync = try a.run("sync", "stick")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("unplugged"))
        #expect(try a.git("rev-parse", "HEAD", in: a.store).trimmed == head)
        #expect(try a.run("sync", "nosuch").stderr.contains("no remote named 'nosuch'"))
    }

    @Test("a hub named by a file:// URL: create, clone, and sync both ways")
    func fileURLHub() throws {
        let a = peer("a"), b = peer("b")
        let url = "file://" + folder.child("share/trove.git")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "share", url, "--create").status == 0)
        let id = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).trimmed
        try #require(a.run("sync").status == 0)
        let clone = try b.run("clone", url, b.store)
        try #require(clone.status == 0, "\(clone.stderr)")
        #expect(try b.run("record", "get", id).stdout.contains("Pixel"))
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#).status == 0)
        #expect(try b.run("sync").stdout.contains("origin: received 0, sent 1"))
        #expect(try a.run("sync").stdout.contains("share: received 1"))
        #expect(try a.run("record", "list", "dog").stdout.contains("Rex"))
        #expect(try StoreAudit.schemaProblems(in: a.store) == [] && StoreAudit.schemaProblems(in: b.store) == [])
    }

    @Test("remote list, add --create on a non-empty folder, and remove")
    func remoteCommands() throws {
        let (a, _) = try firstPeer()
        #expect(try a.run("remote", "list").stdout.contains("usb"))
        try folder.write("full/file.txt", "x")
        let refused = try a.run("remote", "add", "full", folder.child("full"), "--create")
        #expect(refused.status == 1 && refused.stderr.contains("not empty"))
        #expect(try a.run("remote", "remove", "usb").status == 0)
        #expect(try a.run("remote", "list").stdout.contains("No remotes"))
    }
}
