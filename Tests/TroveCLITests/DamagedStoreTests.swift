import Foundation
import Testing
import TroveTestSupport

/// Damage a kill, a disk or a person can leave in a store's `.git`: every command ends in time
/// with a message saying what is wrong.
@Suite("damaged stores")
struct DamagedStoreTests {
    /// Longer than any of these commands needs; one that is still running then is stuck.
    static let timeLimit = 20.0

    /// Runs `trove ARGUMENTS`, killing it after `timeLimit` seconds.
    static func run(_ fixture: CLIFixture, _ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(TroveCLI.executable, arguments, environment: fixture.cli.environment, timeout: timeLimit)
    }

    /// The loose file of object `id`, made writable.
    static func looseFile(_ fixture: CLIFixture, _ id: String) throws -> String {
        let path = fixture.store + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
        try #require(FileManager.default.fileExists(atPath: path), "\(id) is not loose")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    @Test("a record whose loose object is cut short at any length: get, edit and check end at once and name the object")
    func truncatedLooseBlob() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex", "breed": "A long enough breed to make the blob span a few deflate codes"}"#)
        try fixture.put("dog", #"{"name": "Other"}"#)
        let blob = try fixture.git("rev-parse", "HEAD:" + fixture.path(of: id)).trimmed
        let file = try Self.looseFile(fixture, blob)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        // Every length from 2 bytes short of the whole down to a bare zlib header, a few at a time.
        var lengths = Array(stride(from: whole.count - 1, through: 2, by: -max(1, whole.count / 12)))
        lengths.append(whole.count - 4)  // just the checksum missing
        for length in lengths {
            try whole.prefix(length).write(to: URL(fileURLWithPath: file))
            let get = try Self.run(fixture, ["record", "get", id])
            #expect(!get.timedOut, "record get hung on a \(length)-byte object")
            #expect(get.status == 1, "record get at \(length) bytes: \(get.stdout) \(get.stderr)")
            #expect(get.stderr.contains(blob) && get.stderr.contains("damaged"), "at \(length) bytes: \(get.stderr)")

            let edit = try Self.run(fixture, ["record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Max"}"#])
            #expect(!edit.timedOut, "record put hung on a \(length)-byte object")
            #expect(edit.status == 1, "record put at \(length) bytes: \(edit.stdout) \(edit.stderr)")
            #expect(edit.stderr.contains(blob) && edit.stderr.contains("damaged"), "at \(length) bytes: \(edit.stderr)")

            let check = try Self.run(fixture, ["check"])
            #expect(!check.timedOut, "check hung on a \(length)-byte object")
            #expect(check.status == 1)
            #expect(check.stdout.contains("object \(blob) is corrupt"), "check at \(length) bytes: \(check.stdout) \(check.stderr)")
        }
        // The other record still reads.
        try whole.write(to: URL(fileURLWithPath: file))
        #expect(try Self.run(fixture, ["record", "get", id]).status == 0)
    }

    /// Expects a damage message: it says what is wrong, mentions `expected`, and does not offer to make a new store.
    static func expectDamaged(_ output: ProcessOutput, mentioning expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!output.timedOut, "the command hung", sourceLocation: sourceLocation)
        #expect(output.status == 1, "\(output.stdout) \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.contains("damaged") && output.stderr.contains(expected), "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("trove init") && !output.stderr.contains("not a Trove store"), "\(output.stderr)", sourceLocation: sourceLocation)
    }

    @Test("a truncated commit object: commands say the store's git data is damaged and name the object; check lists it")
    func truncatedHeadCommit() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        let head = try fixture.head()
        let file = try Self.looseFile(fixture, head)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        for length in [whole.count / 3, whole.count / 2, whole.count - 5] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: file))
            Self.expectDamaged(try Self.run(fixture, ["record", "list", "dog"]), mentioning: head)
            let check = try Self.run(fixture, ["check"])
            #expect(!check.timedOut)
            #expect(check.status == 1)
            #expect(check.stdout.contains("object \(head) is corrupt"), "\(check.stdout) \(check.stderr)")
        }
    }

    @Test("a pack that lost its index: the message names the missing index, not 'trove init'")
    func deletedPackIndex() throws {
        let fixture = try CLIFixture()
        let lines = (0..<300).map { #"{"name": "Dog \#($0)"}"# }.joined(separator: "\n") + "\n"
        let jsonl = try fixture.folder.write("dogs.jsonl", lines)
        try #require(fixture.trove("record", "put", "dog", "--jsonl", jsonl).status == 0)
        let packs = fixture.store + "/.git/objects/pack"
        let index = try #require(FileManager.default.contentsOfDirectory(atPath: packs).first { $0.hasSuffix(".idx") })
        try FileManager.default.removeItem(atPath: packs + "/" + index)
        Self.expectDamaged(try Self.run(fixture, ["record", "list", "dog"]), mentioning: index)
        let check = try Self.run(fixture, ["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains(index), "\(check.stdout) \(check.stderr)")
    }

    @Test("a damaged or deleted HEAD: the message names .git/HEAD, not 'trove init'")
    func damagedHead() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        let head = fixture.store + "/.git/HEAD"
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: head))
        Self.expectDamaged(try Self.run(fixture, ["record", "list", "dog"]), mentioning: ".git/HEAD")
        // Nor is a new store made over it.
        Self.expectDamaged(try Self.run(fixture, ["init"]), mentioning: ".git/HEAD")
        let check = try Self.run(fixture, ["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains(".git/HEAD"), "\(check.stdout) \(check.stderr)")
        try FileManager.default.removeItem(atPath: head)
        Self.expectDamaged(try Self.run(fixture, ["record", "list", "dog"]), mentioning: ".git/HEAD is missing")
        // A folder that never was a store is still told to run init.
        let plain = TemporaryFolder("trove-plain")
        let elsewhere = try ProcessRunner.run(TroveCLI.executable, ["record", "list", "dog", "--store", plain.path],
                                              environment: fixture.cli.environment, timeout: Self.timeLimit)
        #expect(elsewhere.stderr.contains("not a Trove store"), "\(elsewhere.stderr)")
    }

    @Test("a deleted or damaged git index is rebuilt from HEAD: no hand edits appear, no libgit2 text, git status clean")
    func lostGitIndex() throws {
        let fixture = try CLIFixture()
        for name in ["Rex", "Max", "Bo"] { try fixture.put("dog", #"{"name": "\#(name)"}"#) }
        let before = try fixture.trove("status")
        try #require(before.status == 0)
        let index = fixture.store + "/.git/index"
        let whole = try Data(contentsOf: URL(fileURLWithPath: index))
        for damage in [Data(), Data("not an index at all".utf8), whole.prefix(whole.count / 2), nil] {
            if let damage { try damage.write(to: URL(fileURLWithPath: index)) } else { try FileManager.default.removeItem(atPath: index) }
            let status = try Self.run(fixture, ["status"])
            #expect(status.status == 0, "\(status.stderr)")
            #expect(status.stdout == before.stdout, "\(status.stdout)")
            #expect(status.stderr.isEmpty, "\(status.stderr)")
            try fixture.expectClean()
        }
        // A real hand edit made while the index was lost is still seen as one.
        try FileManager.default.removeItem(atPath: index)
        let id = try #require(fixture.list().first?["id"] as? String)
        let path = try fixture.path(of: id)
        try fixture.handEdit(path, "{}\n")
        let status = try Self.run(fixture, ["status"])
        #expect(status.stdout.contains("modified") && status.stdout.contains(path), "\(status.stdout) \(status.stderr)")
    }

    @Test("a folder where the SQLite index should be is moved aside and the index rebuilt")
    func indexFileIsAFolder() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        let index = fixture.store + "/.git/trove/index.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
        try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: index + "/note"))
        let list = try Self.run(fixture, ["record", "list", "dog"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Rex"))
        #expect(list.stderr.contains("moved it to index.sqlite.aside"), "\(list.stderr)")
        #expect(FileManager.default.fileExists(atPath: index + ".aside/note"))
        var isFolder: ObjCBool = true
        #expect(FileManager.default.fileExists(atPath: index, isDirectory: &isFolder) && !isFolder.boolValue)
        #expect(try Self.run(fixture, ["check"]).status == 0)
    }

    @Test("temporary files left by killed processes are removed on open; a live process's are kept")
    func staleTemporaryFiles() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        // A pid that was alive a moment ago and is not now.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier, alive = ProcessInfo.processInfo.processIdentifier
        let git = fixture.store + "/.git/"
        let stale = [git + "trove/clock.tmp-\(dead)", git + "trove/worktree.json.tmp-\(dead)",
                     git + "objects/pack/pack-0123456789abcdef0123456789abcdef01234567.pack.tmp-\(dead)"]
        let kept = [git + "trove/clock.tmp-\(alive)", git + "trove/notes.tmp-draft"]
        for file in stale + kept { try Data("partial".utf8).write(to: URL(fileURLWithPath: file)) }
        let status = try Self.run(fixture, ["status"])
        #expect(status.status == 0, "\(status.stderr)")
        for file in stale { #expect(!FileManager.default.fileExists(atPath: file), "\(file) was kept") }
        for file in kept { #expect(FileManager.default.fileExists(atPath: file), "\(file) was removed") }
    }
}

@Suite("sync after a killed fetch")
struct AbandonedFetchLockTests {
    let folder = TemporaryFolder("trove-fetch-lock")
    var hub: String { folder.child("hub.git") }
    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child(name)) }

    @Test("a remote-tracking lock left by a killed sync is cleared by the next sync; one a live process holds is not")
    func abandonedTrackingLock() throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        try #require(a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)

        // b pushes, so a's next fetch must move refs/remotes/usb/main, and finds the lock a killed fetch left.
        try #require(b.run("record", "put", "dog", "--json", #"{"name": "From b"}"#).status == 0)
        try #require(b.run("sync").status == 0)
        let lock = a.store + "/.git/refs/remotes/usb/main.lock"
        try Data("0123456789012345678901234567890123456789\n".utf8).write(to: URL(fileURLWithPath: lock))

        // Held open by a live process (here, this one): it is not ours to remove.
        let holder = try OpenFileHolder(lock)
        let refused = try ProcessRunner.run(TroveCLI.executable, ["sync"], environment: a.environment, timeout: 60)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("lock"), "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: lock))
        holder.close()

        let sync = try ProcessRunner.run(TroveCLI.executable, ["sync"], environment: a.environment, timeout: 60)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("received 1"), "\(sync.stdout)")
        #expect(!FileManager.default.fileExists(atPath: lock))
        let names = try a.run("record", "list", "dog", "--json").stdout
        #expect(names.contains("From b"))
    }
}
