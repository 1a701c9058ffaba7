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

    /// Screenshots `page` into `png` at `width`×`height`. `--no-sandbox` is needed when running as root;
    /// a profile folder of its own lets two runs go side by side.
    static func screenshot(_ page: URL, to png: URL, width: Int = 1100, height: Int = 1400) throws {
        guard let path else { throw Failure(description: "chromium is not installed") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("trove-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "--screenshot=\(png.path)", page.absoluteString,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice // dbus complaints on a machine without a session bus
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Failure(description: "chromium took over 120 s on \(page.lastPathComponent)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus) on \(page.lastPathComponent)")
        }
    }
}
