import Foundation

/// Another program on this machine that Trove hands a job to: `bluetoothctl`, `ffmpeg`, `xdg-open`.
///
/// Found on `PATH` like a shell would; run with its output captured and a time limit, so a
/// program that hangs (a busy device, a pairing that never answers) cannot hang Trove.
public struct ExternalProgram: Sendable {
    /// The program's full path.
    public let path: String

    /// What a finished run printed and returned.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the time limit ended the run.
        public var timedOut: Bool
        /// Standard output as bytes, for programs that write binary (an image from the clipboard).
        public var data: [UInt8] = []
        /// Everything it printed, standard output first.
        public var text: String { stdout + stderr }
    }

    /// The program called `name` on `PATH`, or `nil` when it is not installed.
    public init?(named name: String, path searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let found = folders.lazy.map({ $0 + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        path = found
    }

    /// Runs the program with `arguments` and waits, at most `timeout` seconds; `input` goes to its standard input.
    public func run(_ arguments: [String], input: String? = nil, timeout: Double = 30) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            // A program that exits without reading (a sendmail refusing at once) closes the pipe:
            // the write then fails quietly instead of killing Trove with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            // Small messages: written whole before reading, then closed so the program sees the end.
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        var timedOut = false
        if group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            // A program that ignores SIGTERM while holding a device still must not hold us.
            if group.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        }
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut, data: Array(outData))
    }
}
