import Foundation
import Testing
import TroveTestSupport

/// `trove sync` killed with SIGKILL in each of its phases: fetch, merge, checkout and push.
///
/// Each trial gives the peer something to fetch, merge, check out and push, starts its sync, waits
/// for a sign on disk that the phase has begun, waits a little more (a seeded random delay), and
/// kills it. Then the store must open, be clean and intact, and a plain `trove sync` must succeed;
/// at the end no record of either peer is missing.
@Suite("SIGKILL during sync, at every phase")
struct SyncKillTests {
    enum Phase: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case fetch, merge, checkout, push
        var testDescription: String { rawValue }
    }

    static let trialsPerPhase = 25
    /// Records the other peer adds before each trial: enough that checking them out takes a while.
    static let arriving = 150

    let folder = TemporaryFolder("trove-sync-kill")
    var hub: String { folder.child("usb/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child(name)) }

    @Test("killed in a phase, 25 times: the store stays clean and intact, the next sync succeeds, nothing is lost", arguments: Phase.allCases)
    func killedIn(_ phase: Phase) throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)
        var random = SeededGenerator(seed: UInt64(phase.rawValue.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var killedRunning = 0
        for trial in 0..<Self.trialsPerPhase {
            let lines = (0..<Self.arriving).map { #"{"name": "a \#(trial)-\#($0)"}"# }.joined(separator: "\n")
            try folder.write("dogs.jsonl", lines)
            try #require(a.run("record", "put", "dog", "--jsonl", folder.child("dogs.jsonl")).status == 0)
            try #require(a.run("sync").status == 0)
            try #require(b.run("record", "put", "dog", "--json", #"{"name": "b \#(trial)"}"#).status == 0)

            let sign = PhaseSign(phase, store: b.store, hub: hub)
            let sync = try b.start(["sync"])
            let deadline = Date().addingTimeInterval(60)
            while sync.isRunning, Date() < deadline, !sign.hasBegun() { usleep(200) }
            usleep(useconds_t(Double.random(in: 0...sign.jitter, using: &random) * 1_000_000))
            if sync.isRunning { killedRunning += 1 }
            kill(sync.processIdentifier, SIGKILL)
            sync.waitUntilExit()

            let status = try b.run("status")
            #expect(status.status == 0, "trial \(trial): status after the kill: \(status.stderr)")
            let fsck = try b.git("fsck", "--strict", in: b.store)
            #expect(fsck.status == 0, "trial \(trial): \(fsck.stdout)\(fsck.stderr)")
            #expect(try b.git("status", "--porcelain", in: b.store).stdout.isEmpty, "trial \(trial)")
            let again = try b.run("sync")
            #expect(again.status == 0, "trial \(trial): the next sync: \(again.stderr)")
            let check = try b.run("check")
            #expect(check.status == 0, "trial \(trial): \(check.stdout)\(check.stderr)")
        }
        try #require(a.run("sync").status == 0)
        let expected = Self.trialsPerPhase * (Self.arriving + 1)
        for store in [a, b] {
            let status = try store.run("status", "--json")
            let dogs = ((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Int])?["dog"]
            #expect(dogs == expected, "\(store.store): \(dogs ?? -1) dogs, expected \(expected)")
        }
        // Most kills land while the sync still runs; a trial whose sync finished first still checks the next sync.
        #expect(killedRunning >= Self.trialsPerPhase / 2, "only \(killedRunning) of \(Self.trialsPerPhase) kills hit a running sync")
        print("sync kill test, \(phase.rawValue): \(killedRunning) of \(Self.trialsPerPhase) kills hit a running sync")
    }
}

/// What on disk shows that a sync has reached a phase.
struct PhaseSign {
    let phase: SyncKillTests.Phase
    let gitDirectory: String
    let hubDirectory: String
    let before: Set<String>
    let trackingBefore: String?

    init(_ phase: SyncKillTests.Phase, store: String, hub: String) {
        self.phase = phase
        gitDirectory = store + "/.git"
        hubDirectory = hub
        trackingBefore = try? String(contentsOfFile: store + "/.git/refs/remotes/origin/main", encoding: .utf8)
        before = phase == .push ? Self.objectEntries(hub) : Self.objectEntries(store + "/.git")
    }

    /// The longest extra wait after the sign, in seconds: long enough to reach into the phase, short enough to stay in it.
    var jitter: Double {
        switch phase {
        case .fetch, .push: return 0.004
        case .merge: return 0.02
        case .checkout: return 0.03
        }
    }

    func hasBegun() -> Bool {
        switch phase {
        case .fetch:  // objects arrive, or the remote-tracking ref is being locked
            return Self.objectEntries(gitDirectory) != before
                || FileManager.default.fileExists(atPath: gitDirectory + "/refs/remotes/origin/main.lock")
        case .merge:  // the fetch moved the remote-tracking ref
            return (try? String(contentsOfFile: gitDirectory + "/refs/remotes/origin/main", encoding: .utf8)) != trackingBefore
        case .checkout:  // HEAD moved and the checkout journal is written
            return FileManager.default.fileExists(atPath: gitDirectory + "/trove/pending-checkout.json")
        case .push:  // objects reach the hub
            return Self.objectEntries(hubDirectory) != before
                || FileManager.default.fileExists(atPath: hubDirectory + "/refs/heads/main.lock")
        }
    }

    static func objectEntries(_ gitDirectory: String) -> Set<String> {
        let files = FileManager.default
        let top = (try? files.contentsOfDirectory(atPath: gitDirectory + "/objects")) ?? []
        let packs = (try? files.contentsOfDirectory(atPath: gitDirectory + "/objects/pack")) ?? []
        return Set(top + packs.map { "pack/" + $0 })
    }
}
