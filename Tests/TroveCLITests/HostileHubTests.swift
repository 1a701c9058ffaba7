import Foundation
import Testing
import TroveTestSupport

/// Hubs written by someone hostile: commits crafted from raw git objects (not through Trove) that try
/// to write outside the store, into `.git`, through links, or files a store never holds.
///
/// After each: nothing outside the store's work tree changed, `.git` changed only in refs and objects,
/// the refusal names the commit and the path, and the next honest sync works.
@Suite("hostile hubs: what arrives never writes outside the store")
struct HostileHubTests {
    let folder = TemporaryFolder("trove-hostile")
    /// A word in every planted name, searched for everywhere afterwards.
    let token = "pwned" + String(UUID().uuidString.prefix(8))
    var hub: String { folder.child("usb/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child(name)) }

    struct Attack: CustomTestStringConvertible, Sendable {
        var name: String
        var entries: @Sendable (_ token: String) -> [HostileCommit.Entry]
        var testDescription: String { name }
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x11, count: 60)

    static let attacks: [Attack] = [
        Attack(name: "a file in the folder above the store (../)") { [.file("../\($0).txt", "x")] },
        Attack(name: "two levels up through media/../..") { [.file("media/../../\($0).txt", "x")] },
        Attack(name: "a git hook") { [.file(".git/hooks/post-checkout", "#!/bin/sh\ntouch /tmp/\($0)\n", mode: "100755")] },
        Attack(name: "a planted commondir") { [.file(".git/commondir", "/tmp/\($0)\n")] },
        Attack(name: "a tag ref") { [.file(".git/refs/tags/\($0)", String(repeating: "0", count: 40) + "\n")] },
        Attack(name: ".GIT in capitals") { [.file(".GIT/hooks/pre-commit", "#!/bin/sh\n", mode: "100755"), .file("x/\($0)", "x")] },
        Attack(name: ".git with a trailing dot") { [.file(".git./config", "[core]\n"), .file("x/\($0)", "x")] },
        Attack(name: "git~1, the short name") { [.file("git~1/config", "[core]\n"), .file("x/\($0)", "x")] },
        Attack(name: ".git with an ignorable code point") { [.file(".g\u{200C}it/config", "[core]\n"), .file("x/\($0)", "x")] },
        Attack(name: "media/../.git/config") { [.file("media/../.git/config", "[core]\n\tfsmonitor = touch /tmp/\($0)\n")] },
        Attack(name: "a symbolic link where media/ belongs") { [.symlink("media", to: "/tmp/\($0)")] },
        Attack(name: "a symbolic link as a fan-out folder") { [.symlink("dogs/00", to: "/tmp/\($0)")] },
        Attack(name: "a symbolic link as a record") {
            [.symlink("dogs/12/01a200be-d34d-72d8-a5b4-6ba5eb170e6a.json", to: "/tmp/\($0)")]
        },
        Attack(name: "a gitlink (submodule)") { _ in [.gitlink("dogs/ff")] },
        Attack(name: "a .gitmodules file") { [.file(".gitmodules", "[submodule \"x\"]\n\tpath = x\n\turl = /tmp/\($0)\n")] },
        Attack(name: "an executable record") { _ in
            [.file("dogs/12/01a200be-d34d-72d8-a5b4-6ba5eb170e6a.json", "{}\n", mode: "100755")]
        },
        Attack(name: "a stray file at the root") { [.file("\($0).txt", "hello")] },
        Attack(name: "a changed .gitattributes") { _ in [.file(".gitattributes", "*.json -merge\n")] },
        Attack(name: "media whose bytes are not what its name says") { _ in
            [.file("media/ab/" + String(repeating: "ab", count: 32) + ".jpg", jpeg)]
        },
        Attack(name: "media that is not an image") { _ in
            let junk = Array("this is not a picture".utf8)
            let name = SHA256Hex.of(junk)
            return [.file("media/\(name.prefix(2))/\(name).jpg", junk)]
        },
        Attack(name: "a record larger than any record") { _ in
            [.file("dogs/12/01a200be-d34d-72d8-a5b4-6ba5eb170e6a.json", [UInt8](repeating: 0x20, count: 9 << 20))]
        },
        Attack(name: "a log under a key named ..") { _ in [.file("logs/tracker-reports/../2026-01.jsonl", "{}\n")] },
    ]

    @Test("a hostile commit is refused by sync, naming it, and nothing is written", arguments: attacks)
    func syncRefuses(_ attack: Attack) throws {
        let a = try firstPeer()
        let hostile = try HostileCommit(hub: hub, home: folder.child("home")).push(attack.entries(token))
        let before = try snapshot(store: a.store)
        let sync = try a.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("refused 1"), "\(sync.stdout)")
        #expect(sync.stdout.contains(String(hostile.prefix(10))), "the refusal names the commit: \(sync.stdout)")
        expectUntouched(before: before, store: a.store)
        #expect(try a.run("check").status == 0)
        #expect(try a.git("status", "--porcelain", in: a.store).stdout.isEmpty)

        // The refusal went back to the hub: an honest peer cloning it now, and syncing after, works.
        let b = peer("b")
        let clone = try b.run("clone", hub, b.store)
        #expect(clone.status == 0, "\(clone.stderr)")
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#).status == 0)
        #expect(try b.run("sync").status == 0)
        let again = try a.run("sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stdout.contains("refused"))
        #expect(try a.run("record", "list", "dog").stdout.contains("Rex"))
        expectNoPlantedFile()
    }

    @Test("a clone of a hostile hub writes nothing the store may not hold", arguments: attacks.filter { !$0.name.contains("larger") })
    func cloneRefuses(_ attack: Attack) throws {
        _ = try firstPeer()
        try HostileCommit(hub: hub, home: folder.child("home")).push(attack.entries(token))
        let b = peer("b")
        let clone = try b.run("clone", hub, b.store)
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(clone.stdout.contains("refused") || clone.stderr.contains("refused"), "\(clone.stdout)\(clone.stderr)")
        #expect(try b.run("check").status == 0)
        #expect(try b.git("status", "--porcelain", in: b.store).stdout.isEmpty)
        expectNoPlantedFile()
    }

    @Test("plain git pull of a hostile commit: git refuses it, or trove check names the problem; nothing lands outside",
          arguments: attacks.filter { !$0.name.contains("larger") })
    func gitPull(_ attack: Attack) throws {
        _ = try firstPeer()
        let g = peer("g")
        try #require(g.git("clone", "-q", hub, g.store, in: folder.path).status == 0)
        try #require(g.run("status").status == 0)
        try HostileCommit(hub: hub, home: folder.child("home")).push(attack.entries(token))
        let pull = try g.git("pull", "-q", "--no-rebase", "origin", "main", in: g.store)
        if pull.status == 0 {
            let check = try g.run("check")
            #expect(check.status != 0, "trove check passed a store holding \(attack.name): \(check.stdout)")
        }
        expectNoPlantedFile(exceptIn: g.store)
    }

    @Test("an honest commit after a hostile one is kept, and so is the honest part of a mixed commit")
    func honestChangesSurvive() throws {
        let a = try firstPeer()
        let b = peer("b")
        try #require(b.run("clone", hub, b.store).status == 0)
        try HostileCommit(hub: hub, home: folder.child("home")).push([.file("../\(token).txt", "x")])
        // b fetches the hostile commit, refuses it, and adds an honest record on top.
        let bSync = try b.run("sync")
        #expect(bSync.stdout.contains("refused 1"))
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "Honest"}"#).status == 0)
        #expect(try b.run("sync").status == 0)
        let aSync = try a.run("sync")
        #expect(aSync.status == 0, "\(aSync.stderr)")
        #expect(try a.run("record", "list", "dog").stdout.contains("Honest"))
        expectNoPlantedFile()
    }

    // MARK: - Helpers

    func firstPeer() throws -> TroveCLI {
        let a = peer("a")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).status == 0)
        let sync = try a.run("sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        return a
    }

    /// Every file and folder under the test folder, with its kind, size and contents' hash, except
    /// what a sync may change: the hub, and in the store's `.git` its objects, refs and Trove's local state.
    func snapshot(store: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let skipped = [hub, store + "/.git/objects", store + "/.git/refs", store + "/.git/logs", store + "/.git/trove",
                       store + "/.git/index", store + "/.git/FETCH_HEAD", store + "/.git/ORIG_HEAD", store + "/.git/packed-refs"]
        func walk(_ path: String) {
            if skipped.contains(path) { return }
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFDIR {
                result[path] = "folder"
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { walk(path + "/" + name) }
            } else {
                let bytes = FileManager.default.contents(atPath: path) ?? Data()
                result[path] = "\(info.st_mode) \(bytes.count) \(bytes.hashValue)"
            }
        }
        walk(folder.path)
        return result
    }

    func expectUntouched(before: [String: String], store: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let after = try? snapshot(store: store) else { Issue.record("no snapshot"); return }
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.isEmpty, "changed by the sync: \(changed)", sourceLocation: sourceLocation)
    }

    /// No file named with the token anywhere the attacks aim: the test folder, its parent, and /tmp.
    /// Files inside `store`'s work tree (not its `.git`) are allowed when `exceptIn` names it: plain git
    /// checks out what it pulls, and `trove check` is then what must name it.
    func expectNoPlantedFile(exceptIn store: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        var found: [String] = []
        func walk(_ path: String, depth: Int) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let inWorkTree = store.map { (path + "/").hasPrefix($0 + "/") && !(path + "/" + name).hasPrefix($0 + "/.git") } ?? false
                if name.contains(token) && !inWorkTree { found.append(path + "/" + name) }
                var info = stat()
                if depth > 0, lstat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { walk(path + "/" + name, depth: depth - 1) }
            }
        }
        walk(folder.path, depth: 8)
        walk((folder.path as NSString).deletingLastPathComponent, depth: 1)
        walk("/tmp", depth: 1)
        #expect(found.isEmpty, "planted files: \(found)", sourceLocation: sourceLocation)
    }
}
