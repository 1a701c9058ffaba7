import Foundation
import Testing
import TroveTestSupport

/// Encrypted hubs (`remote add --encrypt`), driven through the binary: what the hub holds, two devices
/// converging through it, enrolment by code and by recovery phrase, removal, and a hub that lies.
@Suite("Encrypted hubs")
struct EncryptedHubTests {
    let folder = TemporaryFolder("trove-encrypted-hub")
    var hub: String { folder.child("usb/trove.git") }
    static let branch = "trove-encrypted"

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child(name)) }

    /// A store with an encrypted hub, synced once; returns it and the recovery phrase it showed.
    func firstPeer(_ records: [String] = [#"{"name": "Pixel"}"#]) throws -> (TroveCLI, String) {
        let a = peer("a")
        try #require(a.run("init").status == 0)
        for record in records { try #require(a.run("record", "put", "dog", "--json", record).status == 0) }
        let add = try a.run("remote", "add", "usb", hub, "--create", "--encrypt")
        try #require(add.status == 0, "\(add.stderr)")
        let phrase = try #require(add.stdout.firstMatch(of: /[a-z2-7]{4}(-[a-z2-7]{4}){7}/).map { String($0.0) })
        let sync = try a.run("sync")
        try #require(sync.status == 0, "\(sync.stderr)")
        return (a, phrase)
    }

    @Test("approving or removing a machine needs a signed-in user once the store has accounts; sync does not")
    func deviceChangesNeedSignIn() throws {
        let (a, _) = try firstPeer()
        try #require(a.run(["account", "create", "ada", "--email", "ada@example.com", "--password-stdin"], input: "correct horse battery\n").status == 0)
        try #require(a.run("logout").status == 0)
        for command in [["device", "add", "AAAA-BBBB-CCCC-DDDD"], ["device", "remove", "AAAA-BBBB-CCCC-DDDD"]] {
            let refused = try a.run(command)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.stderr.contains("sign in"), "\(command): \(refused.stderr)")
        }
        #expect(try a.run("sync").status == 0, "sync only exchanges commits and needs no session")
    }

    /// A new store cloned from the hub with the recovery phrase on standard input.
    func cloneByPhrase(_ name: String, _ phrase: String) throws -> TroveCLI {
        let b = peer(name)
        let clone = try b.run(["clone", hub, b.store, "--recovery-phrase"], input: phrase.uppercased().replacingOccurrences(of: "-", with: " ") + "\n")
        try #require(clone.status == 0, "\(clone.stdout)\(clone.stderr)")
        return b
    }

    func git(_ arguments: String..., in directory: String) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: directory, environment: peer("a").environment.merging([
            "GIT_AUTHOR_NAME": "Intruder", "GIT_AUTHOR_EMAIL": "intruder@example.invalid",
            "GIT_COMMITTER_NAME": "Intruder", "GIT_COMMITTER_EMAIL": "intruder@example.invalid",
        ]) { _, new in new })
    }

    /// A file of the hub's branch, written to `out` byte for byte.
    func hubFile(_ path: String, to out: String) throws {
        let shell = try ProcessRunner.run("/bin/sh", ["-c", "git --git-dir='\(hub)' cat-file blob '\(Self.branch):\(path)' > '\(out)'"],
                                          environment: peer("a").environment)
        try #require(shell.status == 0, "\(shell.stderr)")
    }

    func hubTip() throws -> String { try git("--git-dir=\(hub)", "rev-parse", Self.branch, in: folder.path).trimmed }

    func hubFiles() throws -> Set<String> {
        Set(try git("--git-dir=\(hub)", "ls-tree", "-r", "--name-only", Self.branch, in: folder.path).stdout.split(separator: "\n").map(String.init))
    }

    /// Runs `age ARGUMENTS`; the tests show hub files are plain age files that Debian's age opens.
    func age(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/age", arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    /// What a store looks like from outside: HEAD, the remote-tracking ref, and the work tree's status.
    func snapshot(_ store: TroveCLI) throws -> [String] {
        [try store.git("rev-parse", "HEAD", in: store.store).trimmed,
         try store.git("rev-parse", "--verify", "-q", "refs/remotes/origin/main", in: store.store).trimmed,
         try store.git("status", "--porcelain", in: store.store).stdout,
         try store.git("count-objects", in: store.store).stdout]
    }

    func treeID(_ store: TroveCLI) throws -> String { try store.git("rev-parse", "HEAD^{tree}", in: store.store).trimmed }

    // MARK: - Nothing readable on the hub

    @Test("after syncing entries, tags, places, dogs, events and a photo, no object of the hub holds any of them")
    func nothingReadable() throws {
        let markers = ["Quetzalmarker heron diary", "tagmarkerzq", "Placemarker Wharf", "Dogmarker Biscotti", "Eventmarker Solstice",
                       "Bpeermarker kingfisher"]
        let photo = ItemCommandTests.jpeg
        let (a, phrase) = try firstPeer([#"{"name": "Dogmarker Biscotti"}"#])
        try #require(a.run("journal", "new", "Diary").status == 0)
        let entry = try a.run("entry", "new", "Quetzalmarker heron diary", "--journal", "Diary", "--tag", "tagmarkerzq",
                              "--at", "48.8722,2.3659", "--place", "Placemarker Wharf", "--photo", photo)
        try #require(entry.status == 0, "\(entry.stderr)")
        try #require(a.run("event", "add", "Eventmarker Solstice", "--start", "2026-12-21 09:00", "--end", "10:00").status == 0)
        try #require(a.run("sync").status == 0)
        let b = try cloneByPhrase("b", phrase)
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "Bpeermarker kingfisher"}"#).status == 0)
        try #require(b.run("sync").status == 0)
        try #require(a.run("sync").status == 0)
        #expect(try treeID(a) == treeID(b))

        // A slice from the middle of the photo as the store keeps it: its bytes must not be on the hub either.
        let media = try #require(FileManager.default.subpathsOfDirectory(atPath: a.store + "/media").filter { !$0.hasSuffix("/") }
            .map { a.store + "/media/" + $0 }.max { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0) ?? 0 < (try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) ?? 0 })
        let photoBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: media)))
        try #require(photoBytes.count > 100_000, "\(media) is not the photo")
        let slice = Array(photoBytes[(photoBytes.count / 2)..<(photoBytes.count / 2 + 48)])
        let needles = markers.map { Array($0.utf8) } + [slice]
        let hex = needles.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: ",")
        let scan = """
            import subprocess, sys
            data = subprocess.run(["git", "--git-dir=" + sys.argv[1], "cat-file", "--batch-all-objects", "--batch"],
                                  capture_output=True, check=True).stdout
            found = [n for n in sys.argv[2].split(",") if bytes.fromhex(n) in data]
            print(len(data)); print(" ".join(found))
            """
        let onHub = try ProcessRunner.run("/usr/bin/python3", ["-c", scan, hub, hex], environment: a.environment)
        try #require(onHub.status == 0, "\(onHub.stderr)")
        let lines = onHub.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // The photo is on the hub, deflated in a pack and encrypted: the scan read about as much as it weighs.
        #expect((Int(lines[0]) ?? 0) > photoBytes.count * 9 / 10, "the hub holds less than the photo: the scan read nothing")
        #expect(lines.count > 1 && lines[1].isEmpty, "readable on the hub: \(lines.dropFirst())")
        // The same scan finds every marker in the store itself: it does look.
        let inStore = try ProcessRunner.run("/usr/bin/python3", ["-c", scan, a.store + "/.git", hex], environment: a.environment)
        #expect(inStore.stdout.split(separator: "\n").last.map { $0.split(separator: " ").count } == needles.count,
                "the scan missed markers in the plain store: \(inStore.stdout)")
        // Everything a plain clone of the hub checks out is an age file, or the README that says what the hub is.
        let plain = folder.child("plain")
        try #require(git("clone", "-q", "-b", Self.branch, hub, plain, in: folder.path).status == 0)
        for file in try hubFiles() where file != "README" {
            let head = try String(decoding: Data(contentsOf: URL(fileURLWithPath: plain + "/" + file)).prefix(22), as: UTF8.self)
            #expect(head == "age-encryption.org/v1\n" || file.hasPrefix("requests/"), "\(file) is not an age file")
        }
    }

    // MARK: - Two devices

    @Test("two devices edit concurrently through an encrypted hub: merged field by field, a conflict kept, byte-identical")
    func concurrentEditsConverge() throws {
        let (a, phrase) = try firstPeer([])
        let id = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).trimmed
        try #require(a.run("sync").status == 0)
        let b = try cloneByPhrase("b", phrase)
        try #require(a.run("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Pixel A", "breed": "collie"}"#).status == 0)
        try #require(b.run("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Pixel B"}"#).status == 0)
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        let merge = try b.run("sync", "--json")
        try #require(merge.status == 0, "\(merge.stderr)")
        let summary = try #require((parseJSON(merge.stdout) as? [[String: Any]])?.first)
        #expect(summary["merged"] as? Int == 1)
        #expect(summary["conflictsKept"] as? Int == 1)
        try #require(a.run("sync").status == 0)
        #expect(try treeID(a) == treeID(b))
        let dog = try a.run("record", "get", id).stdout
        #expect(dog.contains("collie"), "the field only A changed is kept: \(dog)")
        #expect(try a.run("conflicts", "list").stdout.contains(id.prefix(8)))
        for store in [a, b] { #expect(try store.run("check").status == 0) }
    }

    // MARK: - Enrolment and removal

    @Test("a third device enrolls by code, a fourth by recovery phrase; a removed device reads nothing new")
    func enrolmentAndRemoval() throws {
        let (a, phrase) = try firstPeer()
        let c = peer("c")
        let asked = try c.run("clone", hub, c.store)
        #expect(asked.status != 0)
        let code = try #require(asked.stdout.firstMatch(of: /[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/).map { String($0.0) }, "\(asked.stdout)")
        #expect(try a.run("device", "list").stdout.contains("waiting: trove device add \(code)"))
        // A code nobody asked with is refused.
        #expect(try a.run("device", "add", "AAAA-BBBB-CCCC-DDDD").stderr.contains("no device with code AAAA-BBBB-CCCC-DDDD"))
        let approve = try a.run("device", "add", code.lowercased())
        try #require(approve.status == 0, "\(approve.stderr)")
        let again = try c.run("clone", hub, c.store)
        try #require(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try treeID(c) == treeID(a))
        let d = try cloneByPhrase("d", phrase)
        #expect(try treeID(d) == treeID(a))
        let wrong = try peer("e").run(["clone", hub, peer("e").store, "--recovery-phrase"], input: "aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa-aaaa\n")
        #expect(wrong.status != 0 && wrong.stderr.contains("the recovery phrase does not open this hub"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: peer("e").store))
        let list = try a.run("device", "list", "--json").stdout
        #expect(list.components(separatedBy: "\"enrolled\"").count - 1 == 3, "\(list)")

        // Everyone sees c's edit; then c is removed, and what a writes next never reaches it.
        try #require(c.run("record", "put", "dog", "--json", #"{"name": "From C"}"#).status == 0)
        try #require(c.run("sync").status == 0)
        // Every data key c can open before its removal, kept as a removed device could keep them.
        try hubFile("keys.age", to: folder.child("keys-before.age"))
        let oldKeys = folder.child("old-keys")
        #expect(try age("-d", "-i", c.store + "/.git/trove/device-key", "-o", oldKeys, folder.child("keys-before.age")).status == 0)
        let remove = try a.run("device", "remove", code)
        try #require(remove.status == 0, "\(remove.stderr)")
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "After removal"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        let before = try snapshot(c)
        let refused = try c.run("sync")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot read the encrypted hub"), "\(refused.stderr)")
        #expect(try snapshot(c) == before)
        #expect(!(try c.run("record", "list", "dog").stdout.contains("After removal")))
        // With its own key, and even with every data key it ever had, the removed device opens nothing new.
        try hubFile("keys.age", to: folder.child("keys.age"))
        #expect(try age("-d", "-i", c.store + "/.git/trove/device-key", folder.child("keys.age")).status != 0)
        try hubFile("manifest.age", to: folder.child("manifest.age"))
        #expect(try age("-d", "-i", oldKeys, folder.child("manifest.age")).status != 0)
        // d, still enrolled, gets everything.
        try #require(d.run("sync").status == 0)
        #expect(try d.run("record", "list", "dog").stdout.contains("After removal"))
    }

    // MARK: - A hub that lies

    /// Commits a change to the hub's branch as someone with write access to the hub would, with plain git.
    func tamper(_ change: (String) throws -> Void) throws {
        let work = folder.child("tamper-\(UUID().uuidString.prefix(8))")
        try #require(git("clone", "-q", "-b", Self.branch, hub, work, in: folder.path).status == 0)
        try change(work)
        try #require(git("commit", "-qam", "tamper", in: work).status == 0)
        try #require(git("push", "-q", "origin", Self.branch, in: work).status == 0)
    }

    func resetHub(to commit: String) throws {
        try #require(git("--git-dir=\(hub)", "update-ref", "refs/heads/\(Self.branch)", commit, in: folder.path).status == 0)
    }

    /// Syncs `store` against the hub as it is now: the sync must fail with `message`, and change nothing.
    func expectRefused(_ store: TroveCLI, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try snapshot(store)
        let state = try String(contentsOfFile: store.store + "/.git/trove/hubs/origin.json", encoding: .utf8)
        let sync = try store.run("sync")
        #expect(sync.status != 0, sourceLocation: sourceLocation)
        #expect(sync.stderr.contains(message), "\(sync.stderr)", sourceLocation: sourceLocation)
        #expect(try snapshot(store) == before, sourceLocation: sourceLocation)
        #expect(try String(contentsOfFile: store.store + "/.git/trove/hubs/origin.json", encoding: .utf8) == state, sourceLocation: sourceLocation)
    }

    @Test("a flipped byte, a truncated pack, a damaged manifest, a replayed manifest, a stranger's manifest: each refused in its own words")
    func tampering() throws {
        let (a, phrase) = try firstPeer()
        let b = try cloneByPhrase("b", phrase)
        let seenByB = try hubTip()
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Second"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("sync").status == 0)
        // a pushes once more: a new pack b has not seen, in a commit to restore after each case.
        let packsBefore = try hubFiles()
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Third"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        let good = try hubTip()
        let newPack = try #require(try hubFiles().subtracting(packsBefore).first { $0.hasPrefix("packs/") })

        try tamper { work in
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: work + "/" + newPack)))
            bytes[bytes.count - 20] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: work + "/" + newPack))
        }
        try expectRefused(b, "\(newPack) on origin was modified")
        try resetHub(to: good)

        try tamper { work in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: work + "/" + newPack))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: work + "/" + newPack))
        }
        try expectRefused(b, "\(newPack) on origin is truncated")
        try resetHub(to: good)

        try tamper { work in
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: work + "/manifest.age")))
            bytes[bytes.count - 5] ^= 0x80
            try Data(bytes).write(to: URL(fileURLWithPath: work + "/manifest.age"))
        }
        try expectRefused(b, "the manifest on origin was modified or damaged")
        try resetHub(to: good)

        // The hub served again as b saw it two manifests ago.
        try resetHub(to: seenByB)
        try expectRefused(b, "origin serves an older manifest")
        try resetHub(to: good)

        // A manifest signed by a stranger's device (its own hub's), sealed with this hub's data key: whoever can
        // write to the hub and knows its data key (a removed device) could write it.
        let x = peer("x")
        try #require(x.run("init").status == 0)
        try #require(x.run("remote", "add", "other", folder.child("other.git"), "--create", "--encrypt").status == 0)
        try #require(x.run("sync").status == 0)
        let strange = folder.child("strange")
        let script = """
            set -e
            git --git-dir='\(folder.child("other.git"))' cat-file blob \(Self.branch):keys.age | age -d -i '\(x.store)/.git/trove/device-key' > '\(strange).keys'
            git --git-dir='\(folder.child("other.git"))' cat-file blob \(Self.branch):manifest.age | age -d -i '\(strange).keys' > '\(strange).plain'
            git --git-dir='\(hub)' cat-file blob \(Self.branch):keys.age | age -d -i '\(a.store)/.git/trove/device-key' > '\(strange).ours'
            age -r "$(age-keygen -y '\(strange).ours' | head -1)" -o '\(strange).age' '\(strange).plain'
            """
        let made = try ProcessRunner.run("/bin/sh", ["-c", script], environment: a.environment)
        try #require(made.status == 0, "\(made.stderr)")
        try tamper { work in
            try FileManager.default.removeItem(atPath: work + "/manifest.age")
            try FileManager.default.copyItem(atPath: strange + ".age", toPath: work + "/manifest.age")
        }
        try expectRefused(b, "which is not an enrolled device")
        try resetHub(to: good)

        // The hub as it should be: b syncs, and has everything.
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try treeID(b) == treeID(a))
    }

    // MARK: - Real age

    @Test("Debian's age opens the hub's files: the key file with a device key, a pack with the data key, the recovery file with the phrase")
    func ageOpensHubFiles() throws {
        let (a, phrase) = try firstPeer()
        try hubFile("keys.age", to: folder.child("keys.age"))
        let keys = try age("-d", "-i", a.store + "/.git/trove/device-key", "-o", folder.child("data-keys"), folder.child("keys.age"))
        try #require(keys.status == 0, "\(keys.stderr)")
        let pack = try #require(try hubFiles().first { $0.hasPrefix("packs/") })
        try hubFile(pack, to: folder.child("pack.age"))
        let opened = try age("-d", "-i", folder.child("data-keys"), "-o", folder.child("pack"), folder.child("pack.age"))
        try #require(opened.status == 0, "\(opened.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.child("pack"))).prefix(4) == Data("PACK".utf8))
        // The git program reads the decrypted pack: every object of the store's history is in it.
        let verify = try ProcessRunner.run("/bin/sh", ["-c", "git index-pack --stdin < '\(folder.child("pack"))'"],
                                           in: a.store, environment: a.environment)
        #expect(verify.status == 0, "\(verify.stderr)")

        // The recovery file opens with the phrase typed at age's passphrase prompt.
        try hubFile("recovery.age", to: folder.child("recovery.age"))
        let terminal = try PseudoTerminal("/usr/bin/age", ["-d", "-o", folder.child("recovery-key"), folder.child("recovery.age")],
                                          environment: ["PATH": "/usr/bin:/bin", "TERM": "dumb"])
        #expect(terminal.typeSecret(phrase + "\n"))
        #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text(since: 0))")
        let recovered = try String(contentsOfFile: folder.child("recovery-key"), encoding: .utf8)
        #expect(recovered.contains("AGE-SECRET-KEY-1"))
        #expect(try age("-d", "-i", folder.child("recovery-key"), "-o", folder.child("data-keys-2"), folder.child("keys.age")).status == 0)
    }

    @Test("a remote-tracking lock that a killed encrypted sync left is cleared by the next sync, as with a plain hub")
    func abandonedTrackingLock() throws {
        let (_, phrase) = try firstPeer()
        let b = try cloneByPhrase("b", phrase)
        let lock = b.store + "/.git/refs/remotes/origin/main.lock"
        try Data().write(to: URL(fileURLWithPath: lock))
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "After the kill"}"#).status == 0)
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lock))
    }

    // MARK: - Killed while pushing

    @Test("SIGKILL during an encrypted push, at random moments: the hub stays readable and the next sync completes")
    func killedDuringPush() throws {
        let (a, phrase) = try firstPeer()
        let b = try cloneByPhrase("b", phrase)
        var random = SeededGenerator(seed: 2206)
        // The kills land within the time an uninterrupted sync of the same size takes here (machines differ
        // tenfold in speed), so most of them hit a sync that is still running.
        // Two calibration syncs, the shorter counting: the first after a clone does more than the trials' syncs.
        var calibrations: [TimeInterval] = []
        for round in 0..<2 {
            try folder.write("dogs.jsonl", (0..<100).map { #"{"name": "calibration \#(round)-\#($0)"}"# }.joined(separator: "\n"))
            try #require(b.run("record", "put", "dog", "--jsonl", folder.child("dogs.jsonl")).status == 0)
            let started = Date()
            try #require(b.run("sync").status == 0)
            calibrations.append(Date().timeIntervalSince(started))
        }
        let whole = calibrations.min()!
        let trials = 20
        var killedRunning = 0
        for trial in 0..<trials {
            let lines = (0..<100).map { #"{"name": "b \#(trial)-\#($0)"}"# }.joined(separator: "\n")
            try folder.write("dogs.jsonl", lines)
            try #require(b.run("record", "put", "dog", "--jsonl", folder.child("dogs.jsonl")).status == 0)
            let sync = try b.start(["sync"])
            usleep(useconds_t(Double.random(in: 0.0...(whole * 0.8), using: &random) * 1_000_000))
            if sync.isRunning { killedRunning += 1 }
            kill(sync.processIdentifier, SIGKILL)
            sync.waitUntilExit()
            // Another device reads the hub as it is, whatever the kill left.
            let other = try a.run("sync")
            #expect(other.status == 0, "trial \(trial): the hub after the kill: \(other.stderr)")
            let again = try b.run("sync")
            #expect(again.status == 0, "trial \(trial): the next sync: \(again.stderr)")
            #expect(try b.run("check").status == 0, "trial \(trial)")
        }
        #expect(killedRunning >= trials / 2, "only \(killedRunning) of \(trials) kills hit a running sync")
        try #require(a.run("sync").status == 0)
        #expect(try treeID(a) == treeID(b))
        let status = try a.run("status", "--json")
        let dogs = ((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Int])?["dog"]
        #expect(dogs == 1 + 2 * 100 + trials * 100)
        #expect(try git("--git-dir=\(hub)", "fsck", "--strict", in: folder.path).status == 0)
    }
}
