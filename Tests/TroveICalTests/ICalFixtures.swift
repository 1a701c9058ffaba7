import Foundation

/// Finds `shared/fixtures/ics` beside the package root by walking up from this file.
enum ICalFixtures {
    /// The `ics` fixtures folder, or `nil` when this checkout has none beside it.
    static let folder: String? = locate()

    /// The text of one fixture, e.g. `icaljs-daily_recur.ics`.
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: (folder ?? "/nonexistent") + "/" + name, encoding: .utf8)
    }

    /// Every `.ics` fixture's file name, sorted.
    static var names: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    private static func locate(from filePath: String = #filePath) -> String? {
        let file = URL(fileURLWithPath: filePath)
        for start in [file.resolvingSymlinksInPath(), file] {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" && !folder.path.isEmpty {
                let fixtures = folder.deletingLastPathComponent().appendingPathComponent("shared/fixtures/ics").path
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                   FileManager.default.fileExists(atPath: fixtures)
                {
                    return fixtures
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}
