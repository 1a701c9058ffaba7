import Foundation
import Testing
import TroveTestSupport

@Suite("SIGKILL during a bulk put")
struct KillTests {
    static let recordCount = 10_000

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

        // One full run first, to know how long a whole transaction takes.
        let reference = try Self.freshStore()
        let started = Date()
        let full = try reference.trove("record", "put", "dog", "--jsonl", jsonl)
        let fullRun = Date().timeIntervalSince(started)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout.split(separator: "\n").count == Self.recordCount)
        #expect(try reference.commitCount() == 3)
        try verify(reference, previous: nil, expectComplete: true)

        // Delays spread from ~5 ms to a little past a full run, with some jitter; fewer rounds if a run is slow.
        let rounds = max(4, min(10, Int(35 / max(fullRun, 0.5))))
        var generator = SystemRandomNumberGenerator()
        var delays: [Double] = [0.005]
        for round in 1..<rounds {
            let fraction = Double(round) / Double(rounds - 1) * 1.1
            delays.append(max(0.005, fullRun * fraction * Double.random(in: 0.85...1.0, using: &generator)))
        }
        var outcomes: [String] = []
        for (round, delay) in delays.enumerated() {
            let fixture = try Self.freshStore()
            let previous = try fixture.head()
            let process = try fixture.cli.start(["record", "put", "dog", "--jsonl", jsonl])
            usleep(useconds_t(delay * 1_000_000))
            let stillRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let complete = try fixture.head() != previous
            outcomes.append(String(format: "%.3fs: %@", delay, complete ? "complete" : (stillRunning ? "killed, old commit" : "finished?")))
            try verify(fixture, previous: previous, expectComplete: nil)
        }
        // The rounds must have hit both outcomes, or the test proved little.
        #expect(outcomes.contains { $0.contains("old commit") }, "\(outcomes)")
        print("kill test: full run \(String(format: "%.2f", fullRun)) s; rounds: \(outcomes.joined(separator: ", "))")
    }

    /// The next commands see either the previous commit or a complete new one, a clean checkout, and an intact store.
    func verify(_ fixture: CLIFixture, previous: String?, expectComplete: Bool?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // The next command (it finishes any checkout the killed process left half done).
        let status = try fixture.trove("status")
        #expect(status.status == 0, "trove status after the kill: \(status.stderr)", sourceLocation: sourceLocation)

        let head = try fixture.head()
        let dogs = try fixture.list(sourceLocation: sourceLocation)
        if head == previous {
            #expect(expectComplete != true, sourceLocation: sourceLocation)
            #expect(dogs.count == 1, "HEAD is the previous commit but there are \(dogs.count) dogs", sourceLocation: sourceLocation)
        } else {
            #expect(expectComplete != false, sourceLocation: sourceLocation)
            if let previous {
                #expect(try fixture.git("rev-parse", "HEAD^").trimmed == previous, "HEAD is not one commit past the previous", sourceLocation: sourceLocation)
            }
            #expect(dogs.count == Self.recordCount + 1, "HEAD is a new commit with \(dogs.count - 1) of \(Self.recordCount) records", sourceLocation: sourceLocation)
        }
        try fixture.expectClean(sourceLocation: sourceLocation)
        let check = try fixture.trove("check")
        #expect(check.status == 0, "trove check after the kill: \(check.stdout)\(check.stderr)", sourceLocation: sourceLocation)
        try fixture.expectFsck(sourceLocation: sourceLocation)
        // And the store takes writes again.
        let put = try fixture.trove("record", "put", "dog", "--json", #"{"name": "After"}"#)
        #expect(put.status == 0, "a write after the kill: \(put.stderr)", sourceLocation: sourceLocation)
        try fixture.expectClean(sourceLocation: sourceLocation)
    }
}
