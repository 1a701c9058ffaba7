import Foundation

/// Runs Debian's `chromium` headless to screenshot a page of an exported site.
enum HeadlessChromium {
    /// The browser's path, when installed (`apt-get install chromium`).
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for dir in dirs where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Screenshots `page` into `png` at `width`×`height`.
    static func screenshot(_ page: URL, to png: URL, width: Int = 1100, height: Int = 1400) throws {
        _ = try run(["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString])
    }

    /// The DOM of `page` after its scripts ran (`query` like `tag=sea` is appended).
    static func dumpDOM(_ page: URL, query: String? = nil) throws -> String {
        let url = page.absoluteString + (query.map { "?" + $0 } ?? "")
        return try run(["--dump-dom", url])
    }

    /// Runs the browser headless and returns what it printed. `--no-sandbox` is needed when running
    /// as root; a profile folder of its own lets two runs go side by side.
    private static func run(_ arguments: [String]) throws -> String {
        guard let path else { throw Failure(description: "chromium is not installed") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trove-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Output goes to a file: a pipe could fill up while we wait for the process.
        let outputURL = scratch.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(scratch.path)/profile"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice // dbus complaints on a machine without a session bus
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Failure(description: "chromium took over 120 s: \(arguments.last ?? "")")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus): \(arguments.last ?? "")")
        }
        return (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }
}
