import Foundation

/// Finds git `*.lock` files that no live process holds, and removes them.
///
/// libgit2 and git keep a lock file open while they hold it, so a lock file
/// that no process has open is either stale or about to be renamed. We only
/// remove one when the last Trove writer was killed, or when it is old.
enum StaleLocks {
    static let oldAge: TimeInterval = 120

    static func sweep(gitDirectory: String, lastWriterDied: Bool) {
        let candidates = lockFiles(in: gitDirectory)
        guard !candidates.isEmpty else { return }
        let held = openFiles()
        for file in candidates where !held.contains(file) {
            let age = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
                .map { Date().timeIntervalSince($0) } ?? 0
            if lastWriterDied || age > oldAge { unlink(file) }
        }
    }

    private static func lockFiles(in gitDirectory: String) -> [String] {
        var found: [String] = []
        for name in ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock"] {
            let path = gitDirectory + name
            if FileManager.default.fileExists(atPath: path) { found.append(path) }
        }
        let refs = gitDirectory + "refs"
        if let walker = FileManager.default.enumerator(atPath: refs) {
            for case let relative as String in walker where relative.hasSuffix(".lock") {
                found.append(refs + "/" + relative)
            }
        }
        return found
    }

    /// The paths every process on this machine has open (Linux: `/proc/*/fd`).
    private static func openFiles() -> Set<String> {
        var paths = Set<String>()
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return paths }
        for process in processes where process.allSatisfy(\.isNumber) {
            let folder = "/proc/\(process)/fd"
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for descriptor in descriptors {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + descriptor) {
                    paths.insert(target)
                }
            }
        }
        return paths
    }
}
