import Foundation

/// Crafts commits the way an attacker with write access to a hub would: raw git objects written
/// with git's plumbing (`hash-object --literally` skips git's own checks), not through Trove.
///
/// A hostile commit is the hub's current tree with some entries added or replaced, committed on
/// top of the hub's branch and set as that branch, so the next sync or clone receives it.
public struct HostileCommit {
    /// One entry to plant: its path (split at slashes, so `media/../x` is three names) and what it is.
    public struct Entry {
        public var path: String
        public var mode: String
        public var bytes: [UInt8]
        /// For a gitlink: the commit id it names (no object is written).
        public var gitlinkTarget: String?

        public static func file(_ path: String, _ bytes: [UInt8], mode: String = "100644") -> Entry {
            Entry(path: path, mode: mode, bytes: bytes)
        }
        public static func file(_ path: String, _ text: String, mode: String = "100644") -> Entry {
            Entry(path: path, mode: mode, bytes: Array(text.utf8))
        }
        public static func symlink(_ path: String, to target: String) -> Entry {
            Entry(path: path, mode: "120000", bytes: Array(target.utf8))
        }
        public static func gitlink(_ path: String, commit: String = String(repeating: "ab", count: 20)) -> Entry {
            Entry(path: path, mode: "160000", bytes: [], gitlinkTarget: commit)
        }
    }

    let hub: String
    let environment: [String: String]

    /// `hub` is a bare repository; `home` isolates git from the user's configuration; `author` signs the commits.
    public init(hub: String, home: String, author: (name: String, email: String) = ("Mallory", "mallory@example.invalid")) {
        self.hub = hub
        var environment = ProcessRunner.isolatedEnvironment(home: home)
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        environment["GIT_AUTHOR_NAME"] = author.name
        environment["GIT_AUTHOR_EMAIL"] = author.email
        environment["GIT_COMMITTER_NAME"] = author.name
        environment["GIT_COMMITTER_EMAIL"] = author.email
        self.environment = environment
    }

    /// Plants `entries` (and removes `removing`) on top of `branch` and moves the branch; returns the commit id.
    @discardableResult
    public func push(_ entries: [Entry], removing: [String] = [], branch: String = "refs/heads/main",
                     message: String = "Add records") throws -> String {
        let parent = try git("rev-parse", branch).trimmingCharacters(in: .whitespacesAndNewlines)
        var root = Folder()
        for line in try git("ls-tree", "-r", "-z", "--full-tree", parent).split(separator: "\0") where !line.isEmpty {
            let (meta, path) = (line.split(separator: "\t", maxSplits: 1)[0], line.split(separator: "\t", maxSplits: 1)[1])
            let fields = meta.split(separator: " ")
            root.insert(components: path.split(separator: "/", omittingEmptySubsequences: false).map(String.init),
                        entry: .init(mode: String(fields[0]), id: String(fields[2])))
        }
        for path in removing { root.remove(components: path.split(separator: "/").map(String.init)) }
        for entry in entries {
            let id = try entry.gitlinkTarget ?? writeObject(type: "blob", entry.bytes)
            root.insert(components: entry.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init),
                        entry: .init(mode: entry.mode, id: id))
        }
        let tree = try write(root)
        let commit = try git("commit-tree", tree, "-p", parent, "-m", message).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try git("update-ref", branch, commit)
        return commit
    }

    private struct Leaf { var mode: String; var id: String }

    private struct Folder {
        var files: [String: Leaf] = [:]
        var folders: [String: Folder] = [:]

        mutating func insert(components: [String], entry: Leaf) {
            if components.count == 1 {
                folders[components[0]] = nil
                files[components[0]] = entry
                return
            }
            files[components[0]] = nil
            folders[components[0], default: Folder()].insert(components: Array(components.dropFirst()), entry: entry)
        }

        mutating func remove(components: [String]) {
            if components.count == 1 { files[components[0]] = nil; folders[components[0]] = nil; return }
            folders[components[0]]?.remove(components: Array(components.dropFirst()))
        }
    }

    /// Writes a folder's tree bottom-up, entries in git's order (a folder sorts as its name with a slash).
    private func write(_ folder: Folder) throws -> String {
        var rows: [(sortKey: [UInt8], mode: String, name: String, id: String)] = []
        for (name, leaf) in folder.files { rows.append((Array(name.utf8), leaf.mode, name, leaf.id)) }
        for (name, child) in folder.folders { rows.append((Array((name + "/").utf8), "40000", name, try write(child))) }
        rows.sort { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
        var bytes: [UInt8] = []
        for row in rows {
            bytes += Array("\(row.mode) \(row.name)".utf8) + [0]
            var hex = Array(row.id.utf8)[...]
            while hex.count >= 2 {
                bytes.append(UInt8(String(decoding: hex.prefix(2), as: UTF8.self), radix: 16)!)
                hex = hex.dropFirst(2)
            }
        }
        return try writeObject(type: "tree", bytes)
    }

    private func writeObject(type: String, _ bytes: [UInt8]) throws -> String {
        let file = NSTemporaryDirectory() + "hostile-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try git("hash-object", "-w", "--literally", "-t", type, file).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func git(_ arguments: String...) throws -> String {
        let output = try ProcessRunner.run("/usr/bin/env", ["git", "--git-dir", hub] + arguments, environment: environment)
        guard output.status == 0 else { throw HostileCommitError(message: "git \(arguments.joined(separator: " ")): \(output.stderr)") }
        return output.stdout
    }
}

public struct HostileCommitError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
