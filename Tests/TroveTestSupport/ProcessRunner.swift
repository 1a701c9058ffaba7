import Foundation

/// What a finished process printed and returned.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the process outlived its time limit and was terminated.
    public var timedOut = false

    /// Standard output without its trailing newline.
    public var trimmed: String { stdout.trimmingCharacters(in: .newlines) }
}

/// Runs programs for tests: the `trove` binary as a user would, and the git program for interop checks.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding `input` on standard input, and waits
    /// (terminating it after `timeout` seconds, when given).
    public static func run(
        _ executable: String, _ arguments: [String], input: String? = nil, in folder: String? = nil,
        environment: [String: String], timeout: Double? = nil
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        var timedOut = false
        if let timeout, group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            // A process spinning in C code can outlive SIGTERM (a trove stuck inflating did): then SIGKILL.
            if group.wait(timeout: .now() + 3) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        }
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut)
    }

    /// An environment cut off from the user's: HOME and XDG folders inside `home`, fixed author, no colour.
    public static func isolatedEnvironment(home: String) -> [String: String] {
        var environment: [String: String] = [:]
        for key in ["PATH", "LANG", "TMPDIR"] { environment[key] = ProcessInfo.processInfo.environment[key] }
        environment["HOME"] = home
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["XDG_STATE_HOME"] = home + "/state"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["TROVE_AUTHOR_NAME"] = "Test User"
        environment["TROVE_AUTHOR_EMAIL"] = "test@example.invalid"
        environment["NO_COLOR"] = "1"
        return environment
    }
}
