import Foundation

/// Wall-clock timing helpers.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Writes out every file system's dirty data, so that a timed phase does not pay for the writeback
    /// of what the phase before it wrote (creating files waits on the journal while writeback runs).
    static func settle() {
        sync()
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Runs a program (the git program, for comparison only) and fails loudly if it fails.
    static func run(_ arguments: [String], in folder: String, environment extra: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_AUTHOR_NAME"] = "Bench"; environment["GIT_AUTHOR_EMAIL"] = "bench@example.invalid"
        environment["GIT_COMMITTER_NAME"] = "Bench"; environment["GIT_COMMITTER_EMAIL"] = "bench@example.invalid"
        environment.merge(extra) { _, given in given }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw NSError(domain: "bench", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
    }

    /// Runs a program with its output discarded; returns its wall time, peak resident memory (MB), and the
    /// CPU time it used (user + system, from `wait4`), which another busy process on the machine disturbs less.
    ///
    /// The peak is the child's own `VmHWM`, polled from `/proc` while it runs: `wait4`'s `ru_maxrss`
    /// would count this (large) benchmark process too, because a spawned child keeps its parent's
    /// high-water mark across `exec`.
    static func child(_ arguments: [String]) throws -> (seconds: Double, peakMB: Double, cpuSeconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(arguments)
        // Timed by one blocking wait; the peak is polled on another thread meanwhile. Polling in this thread, as it
        // did before, rounded every time up to the next poll: a 26 ms `entry new` (hyperfine) measured 30-35 ms.
        let peak = PeakPoller(pid: pid)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let peakKB = peak.stop()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else {
            throw NSError(domain: "bench", code: Int(status), userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return (seconds, Double(peakKB) / 1024, cpu)
    }

    /// Starts `arguments` with standard input, output and error on /dev/null (nothing waits on a keyboard).
    private static func spawn(_ arguments: [String]) throws -> pid_t {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
            throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot start \(arguments[0])"])
        }
        return pid
    }

    /// The wall time of one run of `arguments`, its output discarded, with nothing else running in this process
    /// meanwhile (`child` polls the peak memory on another thread, which costs a process of a few ms 3-5 ms more).
    static func spawned(_ arguments: [String]) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(arguments)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else {
            throw NSError(domain: "bench", code: Int(status), userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
        return seconds
    }

    /// Runs `arguments` under GNU time, whose `%M` is the peak of the whole process tree it waits for (a shell and
    /// the git programs it runs), which the /proc poll of `child` would not see.
    static func childThroughTime(_ arguments: [String]) throws -> (seconds: Double, peakMB: Double) {
        let report = NSTemporaryDirectory() + "trove-bench-time-\(getpid())"
        defer { unlink(report) }
        let run = try child(["/usr/bin/time", "-f", "%M", "-o", report] + arguments)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw BenchFailure("GNU time gave no peak for \(arguments.joined(separator: " ")): \(text)")
        }
        return (run.seconds, kilobytes / 1024)
    }

    /// Reads a running child's `VmHWM` from /proc every 5 ms on its own thread, until stopped.
    private final class PeakPoller: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        private var peakKB = 0
        private let done = DispatchSemaphore(value: 0)

        init(pid: pid_t) {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                       let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                       let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
                        lock.withLock { peakKB = max(peakKB, kilobytes) }
                    }
                    usleep(5_000)
                }
                done.signal()
            }
        }

        /// Stops polling; returns the highest peak seen, in KB.
        func stop() -> Int {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { peakKB }
        }
    }

    /// Ours over theirs, as the rows that set a target against a peer print it.
    static func ratio(_ ours: Double, _ theirs: Double) -> String {
        String(format: "%.2f ×", ours / max(theirs, 1e-9))
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}
