import Foundation

/// Finds the shared fixtures (`../shared/fixtures` beside the package root) and makes
/// temporary folders for tests that write files.
enum DayOneFixtures {
    /// The `shared/fixtures` folder, or `nil` when this checkout has none beside it.
    static let root: String? = locate()

    static var isAvailable: Bool { root != nil }

    /// The unzipped Day One export: `Dev Journal.json`, its invalid variant, and media.
    static var devJournal: String { (root ?? "/nonexistent") + "/dayone/dev-journal" }

    /// Walks up from this file to the folder holding `Package.swift` and `../shared/fixtures`.
    ///
    /// The file may be compiled through a symlink (a scratch package linking these folders),
    /// so the resolved path is tried first, then the path the compiler saw; as a last resort
    /// any ancestor holding `shared/fixtures` will do.
    private static func locate(from filePath: String = #filePath) -> String? {
        let fileManager = FileManager.default
        let file = URL(fileURLWithPath: filePath)
        let starts = [file.resolvingSymlinksInPath(), file]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" && !folder.path.isEmpty {
                let fixtures = folder.deletingLastPathComponent().appendingPathComponent("shared/fixtures").path
                if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                   fileManager.fileExists(atPath: fixtures)
                {
                    return fixtures
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        for start in starts {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" && !folder.path.isEmpty {
                let fixtures = folder.appendingPathComponent("shared/fixtures").path
                if fileManager.fileExists(atPath: fixtures) { return fixtures }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// The bytes of a file, for comparing with what an export returns.
    static func bytes(at path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct DayOneTemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trove-dayone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` inside the folder (making subfolders) and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
