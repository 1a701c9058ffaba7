import Foundation
import Testing
import TroveStore
import TroveTestSupport

@Suite("Locking")
struct LockingTests {
    /// Collects errors from worker threads.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var errors: [String] = []
        func add(_ error: Error) { lock.lock(); errors.append("\(error)"); lock.unlock() }
    }

    @Test("two Store instances writing from two threads at once lose nothing: 100 records, 100 commits")
    func twoWritersInOneProcess() throws {
        let fixture = try StoreFixture()
        let path = fixture.path
        let before = try fixture.commitCount()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            do {
                let store = try Store.open(at: path)
                for number in 0..<50 {
                    try store.transaction { try $0.put(["name": .string("W\(worker)-\(number)")], type: "dog") }
                }
            } catch {
                failures.add(error)
            }
        }
        #expect(failures.errors.isEmpty, "\(failures.errors)")

        let store = try Store.open(at: path)
        let names = try store.records(ofType: "dog").compactMap(\.label)
        #expect(names.count == 100)
        #expect(Set(names) == Set((0..<2).flatMap { worker in (0..<50).map { "W\(worker)-\($0)" } }))
        #expect(try store.history().count == before + 100)
        #expect(before == 1)
        // Linear history: every commit has one parent, except the first.
        #expect(try store.history().dropLast().allSatisfy { $0.parents.count == 1 })
        #expect(try store.handEdits().isEmpty)
        #expect(try store.check().isEmpty)
        let status = try fixture.git("status", "--porcelain")
        #expect(status.stdout.isEmpty, "\(status.stdout)")
        let fsck = try fixture.git("fsck", "--strict")
        #expect(fsck.status == 0, "\(fsck.stdout)\(fsck.stderr)")
    }

    @Test("the lock file names the writer while a transaction runs, and is cleared after")
    func lockTimeout() throws {
        let fixture = try StoreFixture()
        let path = fixture.path
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let failures = Failures()
        let thread = Thread {
            do {
                let store = try Store.open(at: path)
                try store.transaction { transaction in
                    holding.signal()
                    release.wait()
                    try transaction.put(["name": "Holder"], type: "dog")
                }
            } catch { failures.add(error) }
        }
        thread.start()
        holding.wait()
        let holder = try String(contentsOfFile: path + "/.git/trove/lock", encoding: .utf8)
        #expect(holder.trimmingCharacters(in: .whitespacesAndNewlines) == "\(getpid())")
        release.signal()
        while thread.isExecuting || !thread.isFinished { usleep(1_000) }
        #expect(failures.errors.isEmpty)
        #expect(try String(contentsOfFile: path + "/.git/trove/lock", encoding: .utf8).isEmpty, "the holder is cleared on release")
        #expect(try fixture.store.records(ofType: "dog").count == 1)
    }
}
