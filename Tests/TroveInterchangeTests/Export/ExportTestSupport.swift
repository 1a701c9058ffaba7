import Foundation
import Testing
@testable import TroveInterchange

/// Folders, fake media and file scans shared by the exporter tests.
enum ExportTestSupport {
    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ label: String = #function) throws -> URL {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("trove-export-\(safe)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 64-hex-digit hash made from a small number, so tests can name media briefly.
    static func sha(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "a", count: 64 - hex.count) + hex
    }

    /// A media source backed by a dictionary of hash → bytes; unknown hashes are missing.
    static func source(_ files: [String: [UInt8]]) -> ExportMediaSource {
        { files[$0.sha256] }
    }

    /// Every regular file under `folder` (hidden ones too), relative path → bytes.
    static func allFiles(in folder: URL) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let root = folder.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        for case let relative as String in walker {
            let path = root + "/" + relative
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
                result[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        return result
    }

    /// The UTF-8 text of `relative` under `folder`.
    static func text(_ relative: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard !n.isEmpty, haystack.count >= n.count else { return false }
        for start in 0...(haystack.count - n.count) where haystack[start] == n[0] {
            if Array(haystack[start..<start + n.count]) == n { return true }
        }
        return false
    }

    /// The shared fixtures folder: up from this file (symlinks resolved, so it works from a scratch
    /// package that links these tests) to the folder holding Package.swift, then `../shared/fixtures`.
    static func sharedFixtures(filePath: String = #filePath) -> URL? {
        var url = URL(fileURLWithPath: realPath(filePath))
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                let fixtures = url.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
                return FileManager.default.fileExists(atPath: fixtures.path) ? fixtures : nil
            }
        }
        return nil
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The Day One fixture JPEGs, when the shared fixtures are there.
    static func fixturePhotos() -> [[UInt8]] {
        guard let folder = sharedFixtures()?.appendingPathComponent("dayone/dev-journal/photos"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.sorted().filter { $0.hasSuffix(".jpeg") || $0.hasSuffix(".jpg") }.compactMap {
            try? Array(Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }
}
