import Foundation

/// Wall-clock timing helpers.
enum Measure {
    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Runs a program (the git program, for comparison only) and fails loudly if it fails.
    static func run(_ arguments: [String], in folder: String) throws {
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
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw NSError(domain: "bench", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}
