import Foundation
import Testing
import TroveTestSupport

/// Groups on encrypted hubs (the default): members' copies open the hub, and a member who leaves or is removed
/// opens nothing written after it, though they keep a full copy of the hub.
extension GroupCommandTests {
    /// What someone holding a copy of the hub and `identities` (age identity files) can read there: every age
    /// file of the hub's whole history that opens with them (key files that open add their data keys), the packs
    /// among them indexed into a scratch repository, and `markers` searched in every object. Uses Debian's `age`
    /// and plain git, as anyone could.
    func readable(onHubCopy copy: String, with identities: [String], markers: [String]) throws -> (opened: Int, found: Set<String>) {
        let scan = """
            import os, subprocess, sys, tempfile
            hub, work, markers = sys.argv[1], sys.argv[2], sys.argv[4].split("\\x1f")
            identities = [i for i in sys.argv[3].split("\\x1f")]
            batch = subprocess.run(["git", "--git-dir=" + hub, "cat-file", "--batch-all-objects", "--batch"], capture_output=True, check=True).stdout
            blobs, at = [], 0
            while at < len(batch):
                end = batch.index(b"\\n", at)
                sha, kind, size = batch[at:end].split(b" ")
                body = batch[end + 1:end + 1 + int(size)]
                at = end + 2 + int(size)
                if kind == b"blob" and body.startswith(b"age-encryption.org/v1\\n"):
                    blobs.append(body)
            opened, packs, seen = {}, [], set()
            while True:
                grew = False
                for number, body in enumerate(blobs):
                    if number in opened: continue
                    path = os.path.join(work, "blob")
                    open(path, "wb").write(body)
                    for identity in identities:
                        out = subprocess.run(["age", "-d", "-i", identity, path], capture_output=True)
                        if out.returncode == 0:
                            opened[number] = out.stdout
                            grew = True
                            if b"AGE-SECRET-KEY-1" in out.stdout and out.stdout not in seen:
                                seen.add(out.stdout)
                                keys = os.path.join(work, "keys-%d" % len(seen))
                                open(keys, "wb").write(out.stdout)
                                identities.append(keys)
                            break
                if not grew: break
            scratch = os.path.join(work, "scratch.git")
            subprocess.run(["git", "init", "-q", "--bare", scratch], check=True)
            for plain in opened.values():
                if plain.startswith(b"PACK"):
                    subprocess.run(["git", "--git-dir=" + scratch, "index-pack", "--stdin", "--fix-thin"], input=plain, capture_output=True, check=True)
            objects = subprocess.run(["git", "--git-dir=" + scratch, "cat-file", "--batch-all-objects", "--batch"], capture_output=True).stdout
            everything = objects + b"".join(opened.values())
            print(len(opened))
            print("\\x1f".join(m for m in markers if m.encode() in everything))
            """
        let work = folder.child("scan-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let result = try ProcessRunner.run("/usr/bin/python3", ["-c", scan, copy, work, identities.joined(separator: "\u{1f}"),
                                                                markers.joined(separator: "\u{1f}")],
                                           environment: ProcessInfo.processInfo.environment)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines[0]) ?? 0, Set(lines.count > 1 ? lines[1].split(separator: "\u{1f}").map(String.init) : []))
    }

    /// The device key of `person`'s copy of group `name`.
    func groupDeviceKey(_ person: TroveCLI, group name: String) throws -> String {
        let groups = person.store + "/.git/trove/groups"
        let folders = try FileManager.default.contentsOfDirectory(atPath: groups).filter { !$0.hasPrefix(".") }
        let key = try #require(folders.map { groups + "/" + $0 + "/.git/trove/device-key" }.first { FileManager.default.fileExists(atPath: $0) })
        return key
    }

    @Test("three members on an encrypted hub: nothing readable on it; a removed member, with a full copy of the hub and every key they had, opens nothing written after the removal; the others read everything; a rollback to the old key is refused")
    func encryptedGroupRemoval() throws {
        let ana = try person("ana"), bob = try person("bob"), cat = try person("cat")
        let founded = try ok(ana, "group", "new", "CS101", "--hub", hub)
        #expect(founded.contains("encrypted hub") && founded.contains("Recovery phrase"), "\(founded)")
        try ok(bob, "group", "join", hub, "--code", code(in: ok(ana, "group", "invite", "CS101", "--email", "bob@example.com")))
        let catsCode = try code(in: ok(ana, "group", "invite", "CS101", "--email", "cat@example.com"))
        try ok(cat, "group", "join", hub, "--code", catsCode)
        // A code opens the hub once: used, it opens nothing more, and a made-up one opens nothing at all.
        let dan = try person("dan")
        for typed in [catsCode, "AAAAA-BBBBB-CCCCC-DDDDD"] {
            let refused = try dan.run("group", "join", hub, "--code", typed)
            #expect(refused.status == 1 && refused.stderr.contains("matches no open invitation"), "\(refused.stderr)")
        }

        try ok(ana, "group", "chat", "CS101", "Beforemarker lighthouse")
        try ok(bob, "group", "sync")
        try ok(cat, "group", "sync")
        #expect(try ok(cat, "group", "chat", "CS101").contains("Beforemarker lighthouse"))
        #expect(try ok(bob, "group", "members", "CS101").contains("cat"))

        // Ana removes Cat, who keeps what her copy of the group holds, its keys, and her write access to the hub.
        let tipBeforeRemoval = try hubTip()
        try ok(ana, "group", "remove", "CS101", "cat")
        try ok(ana, "group", "chat", "CS101", "Aftermarker quarry")
        try ok(bob, "group", "chat", "CS101", "Bobmarker orchard")
        try ok(ana, "group", "sync")

        // Ana and Bob read everything.
        for member in [ana, bob] {
            _ = try ok(member, "group", "sync")
            let chat = try ok(member, "group", "chat", "CS101")
            #expect(chat.contains("Beforemarker lighthouse") && chat.contains("Aftermarker quarry") && chat.contains("Bobmarker orchard"), "\(chat)")
        }
        // Cat's copy of the group can no longer sync, says why, and stays as it was.
        let refused = try cat.run("group", "sync", "CS101")
        #expect(refused.status == 1 && refused.stderr.contains("you can no longer read CS101"), "\(refused.stderr)")
        #expect(!(try ok(cat, "group", "chat", "CS101")).contains("Aftermarker"))

        // The hub holds nothing readable: no marker in any object of its history.
        let markers = ["Beforemarker lighthouse", "Aftermarker quarry", "Bobmarker orchard"]
        let plainScan = try ProcessRunner.run("/usr/bin/env", ["git", "--git-dir=\(hub)", "cat-file", "--batch-all-objects", "--batch"],
                                                environment: ProcessInfo.processInfo.environment)
        #expect(markers.allSatisfy { !plainScan.stdout.contains($0) } && plainScan.stdout.utf8.count > 10_000)
        // A full copy of the hub, as Cat can take: with her device key, and every data key it ever opened, she reads
        // what was written before her removal (so the scan does find what it may), and nothing written after.
        let catsCopy = folder.child("cats-copy.git")
        try #require(ana.git("clone", "-q", "--mirror", hub, catsCopy, in: folder.path).status == 0)
        let atCat = try readable(onHubCopy: catsCopy, with: [try groupDeviceKey(cat, group: "CS101")], markers: markers)
        #expect(atCat.found == ["Beforemarker lighthouse"], "\(atCat)")
        #expect(atCat.opened > 3)
        let atBob = try readable(onHubCopy: catsCopy, with: [try groupDeviceKey(bob, group: "CS101")], markers: markers)
        #expect(atBob.found == Set(markers), "\(atBob)")

        // Cat, who can still write to the hub, puts it back as it was before her removal, so that the group would
        // write under a key she has: members refuse it, and nothing changes for them.
        let chatBefore = try ok(bob, "group", "chat", "CS101")
        try #require(ana.git("--git-dir=\(hub)", "update-ref", "refs/heads/trove-encrypted", tipBeforeRemoval, in: folder.path).status == 0)
        let rolledBack = try bob.run("group", "sync", "CS101")
        #expect(rolledBack.status == 1 && rolledBack.stderr.contains("older manifest"), "\(rolledBack.stderr)")
        #expect(try ok(bob, "group", "chat", "CS101") == chatBefore)
    }

    /// The commit the encrypted hub's branch is at.
    func hubTip() throws -> String {
        let tip = try ProcessRunner.run("/usr/bin/env", ["git", "--git-dir=\(hub)", "rev-parse", "refs/heads/trove-encrypted"],
                                          environment: ProcessInfo.processInfo.environment)
        try #require(tip.status == 0, "\(tip.stderr)")
        return tip.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("on an encrypted hub a member who leaves is taken off the key file at another member's next sync")
    func encryptedGroupLeave() throws {
        let ana = try person("ana"), bob = try person("bob")
        try ok(ana, "group", "new", "CS101", "--hub", hub)
        try ok(bob, "group", "join", hub, "--code", code(in: ok(ana, "group", "invite", "CS101", "--email", "bob@example.com")))
        try ok(ana, "group", "sync")
        let bobsKey = try groupDeviceKey(bob, group: "CS101")
        let keptKey = folder.child("bobs-key")
        try FileManager.default.copyItem(atPath: bobsKey, toPath: keptKey)
        try ok(bob, "group", "leave", "CS101")
        try ok(ana, "group", "sync")
        try ok(ana, "group", "chat", "CS101", "Leavermarker tide")
        let copy = folder.child("copy.git")
        try #require(ana.git("clone", "-q", "--mirror", hub, copy, in: folder.path).status == 0)
        let atBob = try readable(onHubCopy: copy, with: [keptKey], markers: ["Leavermarker tide"])
        #expect(atBob.opened > 0 && atBob.found.isEmpty, "\(atBob)")
        let members = try ok(ana, "group", "members", "CS101")
        #expect(members.contains("removed"), "\(members)")

        // Dan asks to join; Ana is told at her next sync and accepts; Dan's next sync opens the group.
        let dan = try person("dan")
        #expect(try ok(dan, "group", "request", hub, "--message", "I sit next to Ana").contains("Asked to join the group at \(hub)"))
        #expect(try ok(dan, "group", "list").contains("asked to join"))
        #expect(try ok(dan, "group", "sync").contains("waits for an answer"))
        #expect(try ok(ana, "group", "sync").contains("dan asks to join CS101: \"I sit next to Ana\""))
        try ok(ana, "group", "accept", "CS101", "dan")
        let joined = try ok(dan, "sync")  // the plain sync looks at requests to join too
        #expect(joined.contains("Your request to join CS101 was accepted: you are a member"), "\(joined)")
        #expect(try ok(dan, "group", "chat", "CS101").contains("Leavermarker tide"))
    }
}
