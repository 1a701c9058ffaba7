import Foundation
import Testing
import TroveTestSupport

@Suite("SIGKILL during a bulk put")
struct KillTests {
    static let recordCount = 10_000

    /// When a round sends SIGKILL.
    enum KillPoint: CustomStringConvertible {
        /// A fixed delay after the start.
        case after(Double)
        /// As soon as the process writes its first git object.
        case whenObjectsAppear
        /// A short delay after the branch ref moves: the new commit is HEAD, the checkout is under way.
        case afterHeadMoves(Double)

        var description: String {
            switch self {
            case .after(let delay): return String(format: "after %.3f s", delay)
            case .whenObjectsAppear: return "when objects appear"
            case .afterHeadMoves(let delay): return String(format: "%.3f s after HEAD moved", delay)
            }
        }
    }

    /// A JSONL file of valid dog records.
    static func writeJSONL(in folder: TemporaryFolder) throws -> String {
        let lines = (0..<recordCount).map { #"{"name": "Dog \#($0)", "breed": "Test / bulk"}"# }
        return try folder.write("dogs.jsonl", lines.joined(separator: "\n") + "\n")
    }

    /// A fresh store with one earlier record, so "the previous commit" is an ordinary one.
    static func freshStore() throws -> CLIFixture {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Before"}"#)
        return fixture
    }

    @Test("killed at any point of a 10,000-record put, the store is at the old or the complete new commit, clean and intact")
    func killDuringBulkPut() throws {
        let folder = TemporaryFolder("trove-kill")
        let jsonl = try Self.writeJSONL(in: folder)

        // One full run first: how long a whole transaction takes, and how long its checkout (after HEAD moves) lasts.
        let reference = try Self.freshStore()
        let previous = try reference.head()
        let refFile = try Self.branchRefFile(reference)
        let headBefore = try? String(contentsOfFile: refFile, encoding: .utf8)
        let started = Date()
        let process = try reference.cli.start(["record", "put", "dog", "--jsonl", jsonl])
        var headMoved: TimeInterval?
        while process.isRunning {
            if headMoved == nil, (try? String(contentsOfFile: refFile, encoding: .utf8)) != headBefore {
                headMoved = Date().timeIntervalSince(started)
            }
            usleep(500)
        }
        let fullRun = Date().timeIntervalSince(started)
        let checkout = fullRun - (headMoved ?? fullRun)
        #expect(process.terminationStatus == 0)
        #expect(headMoved != nil, "the branch's loose ref file never changed; the kill points below rely on it")
        #expect(try reference.commitCount() == 3)
        #expect(try reference.list().count == Self.recordCount + 1, "record list dog --json after a complete run")
        #expect(try verify(reference, previous: previous) == true)

        // Kills spread from 5 ms to the end of a full run. Most of a run is reading and validating
        // the records, so besides a random delay, two kills aim at the short, risky windows later on:
        // while objects are written, and after HEAD moved while the files are checked out.
        var generator = SystemRandomNumberGenerator()
        let points: [KillPoint] = [
            .after(0.005),
            .after(fullRun * Double.random(in: 0.05...0.7, using: &generator)),
            .whenObjectsAppear,
            .afterHeadMoves(checkout * Double.random(in: 0...0.3, using: &generator)),
        ]
        var outcomes: [String] = []
        var sawOld = false, sawMidCheckout = false
        // A kill after HEAD moved may still land after the last file is written on a loaded machine:
        // that point is retried (a kill the moment HEAD moves) until one lands mid-checkout, three times at most.
        var attempts = points.map { ($0, 0) }
        while let (point, attempt) = attempts.first {
            attempts.removeFirst()
            let fixture = try Self.freshStore()
            let previous = try fixture.head()
            let (killedWhileRunning, filesBefore) = try kill(fixture, at: point, jsonl: jsonl)
            let complete = try verify(fixture, previous: previous)
            if complete == false { sawOld = true }
            // HEAD moved but not every file was checked out yet: the next command had to finish the checkout.
            let midCheckout = complete == true && killedWhileRunning && filesBefore < Self.recordCount + 1
            if midCheckout { sawMidCheckout = true }
            if case .afterHeadMoves = point, !midCheckout, !sawMidCheckout, attempt < 2 {
                attempts.append((.afterHeadMoves(0), attempt + 1))
            }
            outcomes.append("\(point): " + (complete == true ? "new commit" : "old commit")
                + (midCheckout ? " (\(filesBefore - 1) of \(Self.recordCount) files were checked out)" : ""))
        }
        #expect(sawOld, "no kill left the old commit: \(outcomes)")
        #expect(sawMidCheckout, "no kill landed during the checkout: \(outcomes)")
        print(String(format: "kill test: full run %.2f s, of which checkout %.2f s; ", fullRun, checkout) + outcomes.joined(separator: "; "))
    }

    /// Starts the bulk put, kills it at `point`; returns whether it was still running and how many dog files were on disk.
    func kill(_ fixture: CLIFixture, at point: KillPoint, jsonl: String) throws -> (Bool, Int) {
        let gitDirectory = fixture.store + "/.git"
        let refFile = try Self.branchRefFile(fixture)
        let headBefore = try? String(contentsOfFile: refFile, encoding: .utf8)
        let objectsBefore = objectEntries(gitDirectory)
        let process = try fixture.cli.start(["record", "put", "dog", "--jsonl", jsonl])
        let deadline = Date().addingTimeInterval(120)
        switch point {
        case .after(let delay):
            usleep(useconds_t(delay * 1_000_000))
        case .whenObjectsAppear:
            while process.isRunning, Date() < deadline, objectEntries(gitDirectory) == objectsBefore { usleep(500) }
        case .afterHeadMoves(let delay):
            while process.isRunning, Date() < deadline, (try? String(contentsOfFile: refFile, encoding: .utf8)) == headBefore {
                usleep(500)
            }
            usleep(useconds_t(delay * 1_000_000))
        }
        let wasRunning = process.isRunning
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return (wasRunning, countFiles(under: fixture.store + "/dogs"))
    }

    /// The loose ref file of the branch HEAD names; its content changes when a commit becomes HEAD.
    static func branchRefFile(_ fixture: CLIFixture) throws -> String {
        let gitDirectory = fixture.store + "/.git"
        let head = try String(contentsOfFile: gitDirectory + "/HEAD", encoding: .utf8)
        return gitDirectory + "/" + head.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "ref: ", with: "")
    }

    /// The entries of `.git/objects` and `.git/objects/pack`, to notice the first object written.
    func objectEntries(_ gitDirectory: String) -> Set<String> {
        let files = FileManager.default
        let top = (try? files.contentsOfDirectory(atPath: gitDirectory + "/objects")) ?? []
        let packs = (try? files.contentsOfDirectory(atPath: gitDirectory + "/objects/pack")) ?? []
        return Set(top + packs.map { "pack/" + $0 })
    }

    func countFiles(under folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var count = 0
        for case let path as String in walker where path.hasSuffix(".json") { count += 1 }
        return count
    }

    /// The next commands see either the previous commit or a complete new one, a clean checkout, and an intact store.
    /// Returns whether HEAD is the new commit (nil if it is neither).
    func verify(_ fixture: CLIFixture, previous: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool? {
        // The next command (it finishes any checkout the killed process left half done).
        let status = try fixture.trove("status", "--json")
        #expect(status.status == 0, "trove status after the kill: \(status.stderr)", sourceLocation: sourceLocation)
        let dogs = ((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Int])?["dog"] ?? -1

        let head = try fixture.head()
        var complete: Bool?
        if head == previous {
            complete = false
            #expect(dogs == 1, "HEAD is the previous commit but there are \(dogs) dogs", sourceLocation: sourceLocation)
        } else if try fixture.git("rev-parse", "HEAD^").trimmed == previous {
            complete = true
            #expect(dogs == Self.recordCount + 1, "HEAD is a new commit with \(dogs - 1) of \(Self.recordCount) records", sourceLocation: sourceLocation)
        } else {
            Issue.record("HEAD \(head) is neither the previous commit nor its child", sourceLocation: sourceLocation)
        }
        try fixture.expectClean(sourceLocation: sourceLocation)
        let check = try fixture.trove("check")
        #expect(check.status == 0, "trove check after the kill: \(check.stdout)\(check.stderr)", sourceLocation: sourceLocation)
        try fixture.expectFsck(sourceLocation: sourceLocation)
        #expect(try StoreAudit.schemaProblems(in: fixture.store) == [], sourceLocation: sourceLocation)
        // And the store takes writes again.
        let put = try fixture.trove("record", "put", "dog", "--json", #"{"name": "After"}"#)
        #expect(put.status == 0, "a write after the kill: \(put.stderr)", sourceLocation: sourceLocation)
        try fixture.expectClean(sourceLocation: sourceLocation)
        return complete
    }
}
