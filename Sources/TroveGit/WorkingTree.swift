import CGit2
import Foundation
import TroveParallel
import TroveSystem

/// A failure writing or reading a checked-out file.
public struct WorkingTreeError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The system's error number, when a system call failed.
    public var code: Int32 = 0
    public var description: String { "\(path): \(reason)" }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
        self.code = code
    }
}

/// Writes checked-out files and stages them, then writes the git index once.
///
/// The index is written
/// by `GitIndexFile` (cost: one copy of the file) or, for index forms it does
/// not handle, by libgit2.
public final class Checkout {
    private let repository: Repository
    private var upserts: [GitIndexFile.Entry] = []
    private var removals: [String] = []
    /// Folders of the work tree seen to be real folders (not links) during this checkout.
    private var realFolders = Set<Substring>()
    /// Folders found missing by `parentFoldersAreReal` and not made since: a first import into a new collection
    /// asks about the same missing folder for each of its 10,000 records (20 ms of lstat calls).
    private var missingFolders = Set<Substring>()

    /// The index as read at the first use; `nil` inside means libgit2 must handle it.
    private lazy var indexFile: GitIndexFile? = GitIndexFile(gitDirectory: repository.gitDirectory, lazily: true)

    /// The index write begun early (`beginIndexWrite`), holding `index.lock`.
    private var indexAhead: GitIndexFile.WriteAhead?

    /// Where a large checkout's changes go as they are staged (`stageInPathOrder`), instead of `upserts` and `removals`.
    private var run: StagedChangeRun?

    /// Keeps what this checkout stages in a file rather than in memory, and writes the index by merging it with the
    /// old one (`GitIndexFile.writeMerging`): for a checkout of any size, whose files are written and removed in
    /// path order (byte order), each once.
    public func stageInPathOrder() throws {
        guard indexFile != nil, indexAhead == nil else { return }
        run = try StagedChangeRun(in: repository.gitDirectory)
    }

    /// Moves what was just staged to the run, when there is one.
    private func drainIntoRun() throws {
        guard let run else { return }
        for entry in upserts { try run.append(path: entry.path, entry: entry) }
        upserts.removeAll(keepingCapacity: true)
    }

    public init(_ repository: Repository) { self.repository = repository }

    /// Starts the git index's write for a checkout that will write the files at `upserting` and remove those at
    /// `removing`, so that most of it is done while the caller writes and syncs its objects (`GitIndexFile.WriteAhead`).
    /// Holds the index's lock until `finish`, or until this checkout is dropped.
    public func beginIndexWrite(upserting: [String], removing: [String]) throws {
        guard indexFile != nil, indexAhead == nil else { return }
        indexAhead = try GitIndexFile.WriteAhead(gitDirectory: repository.gitDirectory, upserting: upserting, removing: removing)
    }

    /// The blob the git index stages at `path` before this checkout, or `nil`.
    public func stagedID(atPath path: String) throws -> ObjectID? {
        if let indexFile { return indexFile.entryID(atPath: path) }
        return try repository.stagedID(atPath: path)
    }

    /// Writes `bytes` (whose blob is `blob`) to `path` in the work tree.
    ///
    /// Files are rewritten in place: a new inode per file (temporary file and
    /// rename) costs more than the write itself on ext4. A write cut short by a
    /// kill is redone from the store's checkout journal on the next open.
    public func write(path: String, bytes: [UInt8], blob: ObjectID) throws {
        let target = try repository.workdirPath(path)
        try makeParentFolders(of: path)
        let info = try Self.writeFile(target, bytes, path: path)
        upserts.append(GitIndexFile.Entry(path: path, blob: blob, fileStat: info))
        try drainIntoRun()
    }

    /// Writes many files: their folders first, then the files on two threads.
    ///
    /// Making files is mostly the kernel's work (inode allocation), which runs in parallel;
    /// a bulk import writes thousands.
    public func write(_ files: [(path: String, bytes: [UInt8], blob: ObjectID)]) throws {
        guard files.count > 64 else {
            for file in files { try write(path: file.path, bytes: file.bytes, blob: file.blob) }
            return
        }
        // Every path is checked before anything is written, on both threads (10 ms of a 10,000-file import on one).
        nonisolated(unsafe) let checked = UnsafeMutableBufferPointer<Result<String, Error>>.allocate(capacity: files.count)
        defer { checked.deallocate() }
        let workdir = repository.workdir
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for index in half * (files.count + 1) / 2..<min(files.count, (half + 1) * (files.count + 1) / 2) {
                (checked.baseAddress! + index).initialize(to: Result { try Repository.workdirPath(files[index].path, in: workdir) })
            }
        }
        defer { _ = checked.baseAddress!.deinitialize(count: files.count) }
        let targets = try checked.map { try $0.get() }
        for file in files { try makeParentFolders(of: file.path) }
        // Each thread fills its own slots of `results`, so the two never touch the same memory. Each takes
        // one contiguous half: files come in path order, so the two seldom wait on the same folder's lock.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result<stat, WorkingTreeError>>.allocate(capacity: files.count)
        defer { results.deallocate() }
        let share = (files.count + 1) / 2
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for index in half * share..<min(files.count, (half + 1) * share) {
                let file = files[index], target = targets[index]
                do {
                    (results.baseAddress! + index).initialize(to: .success(try Self.writeFile(target, file.bytes, path: file.path)))
                } catch {
                    (results.baseAddress! + index).initialize(to: .failure(error as? WorkingTreeError
                        ?? WorkingTreeError(path: file.path, reason: "\(error)")))
                }
            }
        }
        defer { _ = results.baseAddress!.deinitialize(count: files.count) }
        for (file, result) in zip(files, results) {
            upserts.append(GitIndexFile.Entry(path: file.path, blob: file.blob, fileStat: try result.get()))
        }
        try drainIntoRun()
    }

    /// Removes `path` from the work tree, and any folders it leaves empty.
    public func remove(path: String) throws {
        let target = try repository.workdirPath(path)
        if try !parentFoldersAreReal(of: path) {  // gone already, or behind a link that must not be followed
            try unstage(path)
            return
        }
        if unlink(target) != 0 && errno != ENOENT {
            throw WorkingTreeError(path: path, reason: String(cString: strerror(errno)))
        }
        var folder = FilePath.folder(of: path)
        while !folder.isEmpty, rmdir(try repository.workdirPath(folder)) == 0 {
            realFolders.remove(Substring(folder))
            folder = FilePath.folder(of: folder)
        }
        try unstage(path)
    }

    private func unstage(_ path: String) throws {
        guard let run else { return removals.append(path) }
        try drainIntoRun()
        try run.append(path: path, entry: nil)
    }

    /// Stages everything written and removed, in one index write.
    public func finish() throws {
        let ahead = indexAhead
        indexAhead = nil
        if let run {
            try drainIntoRun()
            self.run = nil
            try GitIndexFile.writeMerging(gitDirectory: repository.gitDirectory, run: run)
        } else if indexFile != nil {
            try GitIndexFile.write(gitDirectory: repository.gitDirectory, upserts: upserts, removals: removals, ahead: ahead)
        } else {
            let index = try repository.index()
            try index.reload()
            for entry in upserts { try index.stage(path: entry.path, blob: entry.blob, fileStat: entry.fileStat) }
            for path in removals { try index.unstage(path: path) }
            try index.write()
        }
        upserts.removeAll()
        removals.removeAll()
        // The index read before is the replaced file: freed on another thread (see `GitIndexFile.write`).
        let replaced = indexFile
        indexFile = nil
        releaseLater(replaced)
    }

    /// Writes `bytes` to `file`, made or emptied first, and returns its stat data for the index.
    ///
    /// `O_NOFOLLOW`: a symbolic link planted where a record belongs is refused, not written through.
    private static func writeFile(_ file: String, _ bytes: [UInt8], path: String) throws -> stat {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw WorkingTreeError(path: path, reason: "is a symbolic link, which Trove does not write through") }
            throw WorkingTreeError(path: path, code: errno)
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw WorkingTreeError(path: path, code: errno)
            }
            written += result
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw WorkingTreeError(path: path, code: errno) }
        return info
    }

    /// Makes the folders above `path` that are missing, refusing any that is a symbolic link or not a folder.
    ///
    /// A link planted where `media/` or a fan-out folder belongs would have every later write land
    /// wherever it points, outside the store; the kernel follows links in the middle of a path even
    /// under `O_NOFOLLOW`, so each folder is looked at once per checkout.
    private func makeParentFolders(of path: String) throws {
        // Folders are made and checked from the top down, so when the nearest is known to be real, all are.
        if let slash = path.lastIndex(of: "/"), realFolders.contains(path[..<slash]) { return }
        var folder = Substring("")
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? component : folder + "/" + component
            if realFolders.contains(folder) { continue }
            let target = try repository.workdirPath(String(folder))
            var info = stat()
            if lstat(target, &info) != 0 {
                guard errno == ENOENT else { throw WorkingTreeError(path: path, code: errno) }
                if mkdir(target, 0o755) != 0 && errno != EEXIST {
                    throw WorkingTreeError(path: path, reason: "cannot create its folder (\(String(cString: strerror(errno))))")
                }
                guard lstat(target, &info) == 0 else { throw WorkingTreeError(path: path, code: errno) }
            }
            try Self.requireRealFolder(info, folder: folder, path: path)
            realFolders.insert(folder)
            missingFolders.remove(folder)
        }
    }

    /// Throws if a folder above `path` is a symbolic link or a file: called before HEAD moves, so
    /// that a checkout never starts that it could not finish.
    ///
    /// - Returns: whether they all exist (when one does not, nor does a file at `path`).
    @discardableResult
    public func requireRealFolders(above path: String) throws -> Bool {
        try parentFoldersAreReal(of: path)
    }

    /// Whether every folder above `path` exists as a real folder; `false` if one is missing, thrown if one is a link.
    private func parentFoldersAreReal(of path: String) throws -> Bool {
        if let slash = path.lastIndex(of: "/"), realFolders.contains(path[..<slash]) { return true }
        var folder = Substring("")
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? component : folder + "/" + component
            if realFolders.contains(folder) { continue }
            if missingFolders.contains(folder) { return false }
            var info = stat()
            guard lstat(try repository.workdirPath(String(folder)), &info) == 0 else {
                if errno == ENOENT { missingFolders.insert(folder) }
                return false
            }
            try Self.requireRealFolder(info, folder: folder, path: path)
            realFolders.insert(folder)
        }
        return true
    }

    private static func requireRealFolder(_ info: stat, folder: Substring, path: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return
        case S_IFLNK: throw WorkingTreeError(path: path, reason: "its folder \(folder) is a symbolic link, which Trove does not write through")
        default: throw WorkingTreeError(path: path, reason: "\(folder) is a file where a folder belongs")
        }
    }
}

extension Repository {
    /// The absolute path of a repository path in the work tree.
    public func workdirPath(_ path: String) throws -> String {
        try Self.workdirPath(path, in: workdir)
    }

    /// `path` in the work tree `workdir` (ending in "/"), refused when it could lead elsewhere.
    static func workdirPath(_ path: String, in workdir: String?) throws -> String {
        guard let workdir else { throw WorkingTreeError(path: path, reason: "the repository is bare") }
        if let problem = SafePath.problem(path) { throw WorkingTreeError(path: path, reason: problem) }
        return workdir + path
    }

    /// The blob the git index stages at `path`, or `nil`.
    public func stagedID(atPath path: String) throws -> ObjectID? {
        if let index = GitIndexFile(gitDirectory: gitDirectory, lazily: true) { return index.entryID(atPath: path) }
        let index = try index()
        try index.reload()
        return index.entryID(atPath: path)
    }

    /// The blob id the checked-out file at `path` would have, or `nil` if there is no such file.
    public func hashCheckedOut(path: String) throws -> ObjectID? {
        let target = try workdirPath(path)
        // No file, the common case for a record a transaction adds: one lstat, not libgit2's failing open and error.
        var info = stat()
        if lstat(target, &info) != 0, errno == ENOENT || errno == ENOTDIR { return nil }
        var oid = git_oid()
        let result = git_odb_hashfile(&oid, target, GIT_OBJECT_BLOB)
        if result < 0 {
            if access(target, F_OK) != 0 { return nil }
            try check(result, "hash \(path)")
        }
        return ObjectID(oid)
    }

    /// Writes HEAD's files into a work tree that has none (a fresh clone) and stages them in a new git index.
    ///
    /// Trove's own `Checkout`, on two threads, in batches that bound memory: libgit2's checkout looked at
    /// every folder above each file ten times (a million failed `readlink` calls for 100,000 records),
    /// which made it 34 s of a 41 s clone against 3 s for the git program's whole checkout.
    public func checkOutIntoEmptyWorkTree() throws {
        unlink(gitDirectory + "index")
        guard let head = try headCommitID() else { return }
        let checkout = Checkout(self)
        var batch: [(path: String, bytes: [UInt8], blob: ObjectID)] = []
        try walkFiles(in: try tree(ofCommit: head)) { path, blob in
            batch.append((path, try self.blob(blob), blob))
            if batch.count == 4096 {
                try checkout.write(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try checkout.write(batch)
        try checkout.finish()
    }

}

extension Repository {
    /// The symbolic links anywhere in the work tree (not under `.git`), relative paths in no particular order.
    ///
    /// A link where a folder belongs hides what is behind it from a status, which looks through it;
    /// `trove check` names each. Walks every folder once, reading entry types from the directory (no stat per file).
    public func symbolicLinksInWorkTree() throws -> [String] {
        guard let workdir else { return [] }
        var links: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            guard let directory = opendir(workdir + folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." || (folder.isEmpty && name == ".git") { continue }
                let path = folder + name
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(workdir + path, &info) == 0 else { continue }
                    type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : info.st_mode & S_IFMT == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
                }
                if type == UInt8(DT_LNK) { links.append(path) } else if type == UInt8(DT_DIR) { folders.append(path + "/") }
            }
        }
        return links
    }
}
