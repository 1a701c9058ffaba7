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

    /// Removes the lock files that no process holds open, and that stay so for `settle` seconds.
    ///
    /// For a caller holding the writer lock, so that no Trove writer is between writing a lock file
    /// and renaming it. libgit2 and git keep a lock file open until the instant they rename it, so
    /// one that nobody opens or changes for a while was left by a process that died.
    /// With `minimumAge`, only lock files last changed at least that long ago are candidates.
    static func sweepAbandoned(gitDirectory: String, settle: TimeInterval = 0.2, minimumAge: TimeInterval = 0) -> [String] {
        let candidates = lockFiles(in: gitDirectory).filter { file in
            guard minimumAge > 0 else { return true }
            let changed = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
            return Date().timeIntervalSince(changed) >= minimumAge
        }
        guard !candidates.isEmpty else { return [] }
        let first = unheld(candidates)
        usleep(useconds_t(settle * 1_000_000))
        let second = unheld(candidates)
        var removed: [String] = []
        for (file, identity) in first where second[file] == identity {
            if unlink(file) == 0 { removed.append(file) }
        }
        return removed
    }

    /// The lock files of `candidates` that no process has open, with their inode and change time.
    private static func unheld(_ candidates: [String]) -> [String: [Int]] {
        let held = openFiles()
        var found: [String: [Int]] = [:]
        for file in candidates where !held.contains(file) {
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            found[file] = [Int(info.st_ino), Int(info.st_size), info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        }
        return found
    }

    static func hasLockFiles(in gitDirectory: String) -> Bool { !lockFiles(in: gitDirectory).isEmpty }

    private static func lockFiles(in gitDirectory: String) -> [String] {
        var found: [String] = []
        for name in ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "FETCH_HEAD.lock"] {
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
    static func openFiles() -> Set<String> {
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

/// Temporary files a killed process left in the store's git folder, removed when the store opens.
///
/// Trove names its own `<file>.tmp-<pid>` (`LocalState.writeAtomically`, the pack writer, the status
/// cache): one whose process is gone will never be renamed. libgit2's own (`objects/tmp_object_git2_*`,
/// `objects/pack/pack_git2_*`) carry no pid: those go when nobody holds them open and they are an hour old.
enum StaleTemporaryFiles {
    static let libgit2Age: TimeInterval = 3600

    static func sweep(gitDirectory: String) {
        var unowned: [String] = []
        for folder in ["trove/", "objects/", "objects/pack/"] {
            let path = gitDirectory + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                if let pid = ownerPid(name) {
                    if !isRunning(pid) { unlink(path + name) }
                } else if name.hasPrefix("tmp_object_git2_") || name.hasPrefix("pack_git2_") {
                    unowned.append(path + name)
                }
            }
        }
        let old = unowned.filter { file in
            let modified = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
            return Date().timeIntervalSince(modified) > libgit2Age
        }
        guard !old.isEmpty else { return }
        let held = StaleLocks.openFiles()
        for file in old where !held.contains(file) { unlink(file) }
    }

    /// The pid in a name ending `.tmp-<pid>`, as Trove names its temporary files.
    static func ownerPid(_ name: String) -> pid_t? {
        guard let range = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let digits = name[range.upperBound...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return pid_t(digits)
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
