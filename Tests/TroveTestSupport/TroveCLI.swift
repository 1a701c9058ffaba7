import Foundation

/// Drives the built `trove` binary the way a user would, in an isolated home folder.
public struct TroveCLI: Sendable {
    /// The home folder the binary sees (HOME and the XDG folders live inside it).
    public let home: String
    /// The store passed as `TROVE_STORE`, unless a test passes `--store`.
    public let store: String
    public var extraEnvironment: [String: String] = [:]

    public init(home: String, store: String) {
        self.home = home
        self.store = store
    }

    /// The `trove` executable next to the test bundle (or `TROVE_BINARY`).
    public static var executable: String {
        if let override = ProcessInfo.processInfo.environment["TROVE_BINARY"] { return override }
        let candidates = CommandLine.arguments.compactMap { argument -> String? in
            guard let range = argument.range(of: ".xctest") else { return nil }
            return (String(argument[..<range.upperBound]) as NSString).deletingLastPathComponent + "/trove"
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = [root.path + "/.build/debug/trove"]
        return (candidates + fallback).first { FileManager.default.isExecutableFile(atPath: $0) } ?? fallback[0]
    }

    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { $0.key == "PATH" }
        environment.merge(ProcessRunner.isolatedEnvironment(home: home)) { _, new in new }
        environment["TROVE_STORE"] = store
        environment.merge(extraEnvironment) { _, new in new }
        return environment
    }

    /// Runs `trove ARGUMENTS`, with `input` on standard input.
    @discardableResult
    public func run(_ arguments: String..., input: String? = nil, in folder: String? = nil) throws -> ProcessOutput {
        try run(arguments, input: input, in: folder)
    }

    /// Runs `trove ARGUMENTS`, with `input` on standard input.
    @discardableResult
    public func run(_ arguments: [String], input: String? = nil, in folder: String? = nil) throws -> ProcessOutput {
        try ProcessRunner.run(Self.executable, arguments, input: input, in: folder, environment: environment)
    }

    /// Starts `trove ARGUMENTS` without waiting, for kill and concurrency tests.
    public func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the git program in `folder` (interop checks only: the product never calls git).
    @discardableResult
    public func git(_ arguments: String..., in folder: String) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: folder, environment: environment.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { _, new in new })
    }
}
