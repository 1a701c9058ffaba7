import CGit2
import Foundation

/// A failure writing or reading a checked-out file.
public struct WorkingTreeError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

extension Repository {
    /// The absolute path of a repository path in the work tree.
    public func workdirPath(_ path: String) throws -> String {
        guard let workdir else { throw WorkingTreeError(path: path, reason: "the repository is bare") }
        return workdir + path
    }

    /// Writes `bytes` to `path` in the work tree and stages them as `blob`.
    ///
    /// The file is written beside the git directory and renamed into place, so
    /// a reader never sees half a file, even if the process is killed.
    public func checkOut(path: String, bytes: [UInt8], blob: ObjectID, into index: GitIndex) throws {
        let target = try workdirPath(path)
        let temporary = gitDirectory + "trove-checkout-\(getpid()).tmp"
        try makeParentFolders(of: target, path: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WorkingTreeError(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw WorkingTreeError(path: path, reason: reason)
            }
            written += result
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WorkingTreeError(path: path, reason: reason)
        }
        var info = stat()
        guard stat(target, &info) == 0 else { throw WorkingTreeError(path: path, reason: String(cString: strerror(errno))) }
        try index.stage(path: path, blob: blob, fileStat: info)
    }

    /// Removes `path` from the work tree and the index, and any folders it leaves empty.
    public func removeCheckedOut(path: String, from index: GitIndex) throws {
        let target = try workdirPath(path)
        if unlink(target) != 0 && errno != ENOENT {
            throw WorkingTreeError(path: path, reason: String(cString: strerror(errno)))
        }
        try index.unstage(path: path)
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir(try workdirPath(folder)) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The blob id the checked-out file at `path` would have, or `nil` if there is no such file.
    public func hashCheckedOut(path: String) throws -> ObjectID? {
        let target = try workdirPath(path)
        var oid = git_oid()
        let result = git_odb_hashfile(&oid, target, GIT_OBJECT_BLOB)
        if result < 0 {
            if access(target, F_OK) != 0 { return nil }
            try check(result, "hash \(path)")
        }
        return ObjectID(oid)
    }

    /// Makes the work tree and index match HEAD, overwriting changes (for a fresh clone).
    public func forceCheckoutHead() throws {
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "checkout options")
        options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue
        try check(git_checkout_head(pointer, &options), "check out HEAD")
    }

    private func makeParentFolders(of target: String, path: String) throws {
        let parent = (target as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw WorkingTreeError(path: path, reason: "cannot create its folder (\(error.localizedDescription))")
        }
    }
}
