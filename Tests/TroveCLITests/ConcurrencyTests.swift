import Foundation
import Testing
import TroveTestSupport

@Suite("Two writing processes")
struct ConcurrencyTests {
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outputs: [Int: ProcessOutput] = [:]
        private var errors: [String] = []
        func set(_ worker: Int, _ output: ProcessOutput) { lock.lock(); outputs[worker] = output; lock.unlock() }
        func fail(_ error: Error) { lock.lock(); errors.append("\(error)"); lock.unlock() }
        var all: [Int: ProcessOutput] { lock.lock(); defer { lock.unlock() }; return outputs }
        var failures: [String] { lock.lock(); defer { lock.unlock() }; return errors }
    }

    @Test("two processes each making 200 single-record commits at once: 400 records, 400 commits, nothing lost")
    func twoProcesses() throws {
        let fixture = try CLIFixture()
        let before = try fixture.commitCount()
        let scripts = ["A", "B"].map { prefix in
            (0..<200).map { #"record put dog --json '{"name": "\#(prefix)-\#($0)"}'"# }.joined(separator: "\n") + "\n"
        }
        let results = Results()
        let cli = fixture.cli
        // Script mode: each process reads its 200 commands from standard input.
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            do { results.set(worker, try cli.run([], input: scripts[worker])) } catch { results.fail(error) }
        }
        #expect(results.failures.isEmpty, "\(results.failures)")
        for (worker, output) in results.all.sorted(by: { $0.key < $1.key }) {
            #expect(output.status == 0, "process \(worker): \(output.stderr)")
            #expect(output.stdout.split(separator: "\n").count == 200, "process \(worker) printed \(output.stdout.split(separator: "\n").count) ids")
        }

        let records = try fixture.list()
        let names = records.compactMap { $0["name"] as? String }
        let clocks = records.compactMap { $0["clock"] as? String }
        #expect(Set(clocks).count == 400, "every edit has its own clock")
        #expect(names.count == 400)
        #expect(Set(names) == Set(["A", "B"].flatMap { prefix in (0..<200).map { "\(prefix)-\($0)" } }))
        #expect(try fixture.commitCount() == before + 400)
        // Both processes really wrote at the same time: their commits interleave.
        let subjects = try fixture.git("log", "--format=%s", "-n", "400").stdout.split(separator: "\n")
        let switches = zip(subjects, subjects.dropFirst()).filter { $0.0.contains("\"A-") != $0.1.contains("\"A-") }.count
        #expect(switches > 1, "the two writers did not overlap (\(switches) switches)")
        #expect(try fixture.git("rev-list", "--merges", "--count", "HEAD").trimmed == "0")
        try fixture.expectClean()
        try fixture.expectFsck()
        #expect(try fixture.trove("check").status == 0)
        #expect(try StoreAudit.schemaProblems(in: fixture.store) == [])
    }
}
