import CGit2
import Foundation

/// What a fast status may take for granted: the index matched HEAD, and each folder's mtime when last listed.
struct WorkTreeCache: Codable {
    /// HEAD's commit when the index was known to match it.
    var head: String
    /// The index file's checksum then: any later change to the index voids the cache.
    var index: String
    /// Folder (relative, "" for the root) → mtime in nanoseconds when its names were last compared with
    /// the index and none was untracked; 0 means "list it again" (too recent to trust, or holding
    /// untracked files, which an unchanged mtime would otherwise hide from the next status).
    var folders: [String: Int64]
}

extension Repository {
    /// Like `status()`, but quick on large work trees once `cacheFile` vouches that the index matches HEAD.
    ///
    /// libgit2 compares HEAD with the index and walks every folder on every call. When nothing was
    /// staged since the last full status, HEAD and the index still agree, so only the work tree is
    /// checked: each staged file's stat data (in two threads), and the names in folders whose mtime
    /// moved, since adding or removing a file changes its folder's mtime. Anything unusual falls back
    /// to `status()`, which then refreshes the cache.
    public func status(cachingIn cacheFile: String) throws -> [FileStatus] {
        guard let workdir, let index = GitIndexFile(gitDirectory: gitDirectory), let head = try headCommitID()?.hex,
              let data = FileManager.default.contents(atPath: cacheFile),
              let cache = try? JSONDecoder().decode(WorkTreeCache.self, from: data),
              cache.head == head, cache.index == index.checksumHex
        else { return try fullStatus(cachingIn: cacheFile) }
        let scanStart = Self.nanosecondsNow()
        var indexStat = stat()
        guard lstat(gitDirectory + "index", &indexStat) == 0 else { return try fullStatus(cachingIn: cacheFile) }
        var found = try changedFiles(index, workdir: workdir, indexMtime: indexStat.st_mtim)
        var folders = cache.folders
        found += try untrackedFiles(index, workdir: workdir, folders: &folders, scanStart: scanStart)
        if folders != cache.folders {
            try? Self.save(WorkTreeCache(head: cache.head, index: cache.index, folders: folders), to: cacheFile)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Whether `cacheFile` vouches for the current HEAD and index, as `carryStatusCache` needs to know before a commit.
    public func statusCacheIsCurrent(_ cacheFile: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: cacheFile),
              let cache = try? JSONDecoder().decode(WorkTreeCache.self, from: data),
              let head = try? headCommitID()?.hex
        else { return false }
        return cache.head == head && cache.index == GitIndexFile.checksumHex(gitDirectory: gitDirectory)
    }

    /// After a commit that staged exactly its own files, lets a cache that was current before it vouch for the new HEAD and index.
    ///
    /// The index still matches HEAD: both moved by the same paths. Folders the commit wrote into
    /// have new mtimes, so the next quick status lists them again.
    public func carryStatusCache(_ cacheFile: String) {
        guard let data = FileManager.default.contents(atPath: cacheFile),
              var cache = try? JSONDecoder().decode(WorkTreeCache.self, from: data),
              let head = try? headCommitID()?.hex
        else { return }
        cache.head = head
        cache.index = GitIndexFile.checksumHex(gitDirectory: gitDirectory)
        try? Self.save(cache, to: cacheFile)
    }

    /// libgit2's status; when nothing is staged, it also records what the next quick status may assume.
    private func fullStatus(cachingIn cacheFile: String) throws -> [FileStatus] {
        let scanStart = Self.nanosecondsNow()
        let before = GitIndexFile.checksumHex(gitDirectory: gitDirectory)
        let found = try status()
        guard let workdir, let head = try headCommitID()?.hex, !found.contains(where: \.isStaged),
              GitIndexFile.checksumHex(gitDirectory: gitDirectory) == before
        else { return found }
        var folders: [String: Int64] = [:]
        Self.recordFolders(workdir, relative: "", scanStart: scanStart, into: &folders)
        for file in found where file.change == .untracked {
            folders[Self.folder(of: file.path)] = 0
        }
        try? Self.save(WorkTreeCache(head: head, index: before, folders: folders), to: cacheFile)
        return found
    }

    /// Staged files whose checked-out copy was changed or deleted, found by comparing stat data, then content.
    private func changedFiles(_ index: GitIndexFile, workdir: String, indexMtime: timespec) throws -> [FileStatus] {
        let threads = 2
        var results = [[FileStatus]](repeating: [], count: threads)
        let root = Array(workdir.utf8)
        let shared = UncheckedIndex(index: index)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSlots(slots)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                // Raw pointers throughout: this loop runs once per staged file, 100,000 times in a large store.
                shared.index.entries.withUnsafeBufferPointer { entries in
                    let path = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
                    defer { path.deallocate() }
                    for (offset, byte) in root.enumerated() { path[offset] = CChar(bitPattern: byte) }
                    // Each thread takes one contiguous half, and stats names relative to their open folder:
                    // the kernel then resolves one path component per file instead of every one.
                    var folder = FolderHandle()
                    defer { folder.close() }
                    let share = (entries.count + threads - 1) / threads
                    for position in (thread * share)..<min(entries.count, (thread + 1) * share) {
                        let entry = entries[position]
                        let length = min(Int(entry.pathLength), 4095 - root.count)
                        guard length > 0 else { continue }
                        UnsafeMutableRawPointer(path + root.count).copyMemory(from: entry.path, byteCount: length)
                        path[root.count + length] = 0
                        var nameStart = root.count + length
                        while nameStart > root.count, path[nameStart - 1] != CChar(UInt8(ascii: "/")) { nameStart -= 1 }
                        var info = stat()
                        let change: FileStatus.Change
                        if folder.stat(path, nameStart: nameStart, &info) != 0 {
                            change = .deleted
                        } else if Self.differs(info, from: GitIndexFile.recorded(entry.data), blob: { GitIndexFile.blob(entry.data) }, indexMtime: indexMtime, path: path) {
                            change = .modified
                        } else {
                            continue
                        }
                        let relative = String(decoding: UnsafeRawBufferPointer(start: path + root.count, count: length), as: UTF8.self)
                        slots.append(FileStatus(path: relative, change: change, isStaged: false), to: thread)
                    }
                }
            }
        }
        return results.flatMap { $0 }
    }

    /// Whether a file differs from what was staged: by type, executable bit or size at once, else by content when its stat data moved.
    private static func differs(_ info: stat, from recorded: GitIndexFile.RecordedStat, blob: () -> ObjectID, indexMtime: timespec, path: UnsafePointer<CChar>) -> Bool {
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        guard isLink == (recorded.mode & 0o170000 == 0o120000), info.st_mode & S_IFMT == S_IFREG || isLink else { return true }
        if !isLink && (info.st_mode & 0o100 != 0) != (recorded.mode & 0o100 != 0) { return true }
        guard UInt32(truncatingIfNeeded: info.st_size) == recorded.size else { return true }
        let same = UInt32(truncatingIfNeeded: info.st_mtim.tv_sec) == UInt32(truncatingIfNeeded: recorded.mtime.seconds)
            && UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec) == UInt32(truncatingIfNeeded: recorded.mtime.nanoseconds)
            && UInt32(truncatingIfNeeded: info.st_ctim.tv_sec) == UInt32(truncatingIfNeeded: recorded.ctime.seconds)
            && UInt32(truncatingIfNeeded: info.st_ino) == recorded.inode
        // "Racily clean": written in the same instant as the index, so an edit may hide behind equal stat data.
        let racy = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) >= (indexMtime.tv_sec, indexMtime.tv_nsec)
        if same && !racy { return false }
        let bytes: [UInt8]
        if isLink {
            var target = [CChar](repeating: 0, count: 4096)
            let count = readlink(path, &target, target.count)
            guard count >= 0 else { return true }
            bytes = target[0..<count].map { UInt8(bitPattern: $0) }
        } else {
            guard let contents = readFile(path, size: Int(info.st_size)) else { return true }
            bytes = contents
        }
        return (try? Repository.blobID(of: bytes)) != blob()
    }

    /// The whole content of a file of about `size` bytes, read without building a path string.
    private static func readFile(_ path: UnsafePointer<CChar>, size: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        while true {
            if total == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 { return nil }
            if count == 0 { break }
            total += count
        }
        return Array(bytes[0..<total])
    }

    /// Files in the work tree that are neither staged nor ignored, looking only in folders whose mtime moved.
    private func untrackedFiles(_ index: GitIndexFile, workdir: String, folders: inout [String: Int64], scanStart: Int64) throws -> [FileStatus] {
        var found: [FileStatus] = []
        var pending = folders.keys.sorted()
        while let folder = pending.popLast() {
            let absolute = workdir + folder
            var info = stat()
            guard lstat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                folders.removeValue(forKey: folder)  // gone: its files show as deleted
                continue
            }
            let mtime = Self.nanoseconds(info.st_mtim)
            if folders[folder] == mtime { continue }
            // Listed now; but a folder changed within the last second might change again unseen at the same mtime.
            folders[folder] = mtime < scanStart - 1_000_000_000 ? mtime : 0
            let untrackedBefore = found.count
            for name in (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] {
                if folder.isEmpty && name == ".git" { continue }
                let relative = folder + name
                var child = stat()
                guard lstat(workdir + relative, &child) == 0 else { continue }
                if child.st_mode & S_IFMT == S_IFDIR {
                    if folders[relative + "/"] == nil, !isIgnored(relative + "/") {
                        folders[relative + "/"] = -1  // new: listed when popped
                        pending.append(relative + "/")
                    }
                } else if !index.contains(relative), !isIgnored(relative) {
                    found.append(FileStatus(path: relative, change: .untracked, isStaged: false))
                }
            }
            // Its mtime will not move while the untracked files stay: list it every time until they go.
            if found.count > untrackedBefore { folders[folder] = 0 }
        }
        return found
    }

    /// The folder a work-tree path is in, as the cache names folders: "a/b/" for "a/b/c.json", "" at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    private func isIgnored(_ path: String) -> Bool {
        var ignored: Int32 = 0
        return git_ignore_path_is_ignored(&ignored, pointer, path) == 0 && ignored == 1
    }

    /// Every folder under `relative` with its mtime (0 when too recent to trust), for the cache.
    private static func recordFolders(_ workdir: String, relative: String, scanStart: Int64, into folders: inout [String: Int64]) {
        var info = stat()
        guard lstat(workdir + relative, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        let mtime = nanoseconds(info.st_mtim)
        folders[relative] = mtime < scanStart - 1_000_000_000 ? mtime : 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: workdir + relative)) ?? [] {
            if relative.isEmpty && name == ".git" { continue }
            var child = stat()
            if lstat(workdir + relative + name, &child) == 0, child.st_mode & S_IFMT == S_IFDIR {
                recordFolders(workdir, relative: relative + name + "/", scanStart: scanStart, into: &folders)
            }
        }
    }

    private static func save(_ cache: WorkTreeCache, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        try JSONEncoder().encode(cache).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { unlink(temporary); return }
    }

    private static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    private static func nanosecondsNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return nanoseconds(now)
    }
}

/// The open folder of the last file stat-ed, so that files in the same folder are found by name alone.
private struct FolderHandle {
    private var descriptor: Int32 = -1
    /// The folder's path, with its trailing slash, NUL-terminated.
    private var folder = [CChar](repeating: 0, count: 4097)
    private var folderLength = -1

    /// `lstat` of the NUL-terminated `path`, whose file name starts at `nameStart`.
    mutating func stat(_ path: UnsafePointer<CChar>, nameStart: Int, _ info: inout stat) -> Int32 {
        let same = nameStart == folderLength && folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, path, nameStart) == 0 }
        if !same {
            close()
            folder.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.update(from: path, count: nameStart)
                buffer[nameStart] = 0
                descriptor = open(buffer.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            folderLength = nameStart
        }
        guard descriptor >= 0 else { return lstat(path, &info) }
        return fstatat(descriptor, path + nameStart, &info, AT_SYMLINK_NOFOLLOW)
    }

    mutating func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        folderLength = -1
    }
}

/// The mapped index, only read by the scanning threads.
private struct UncheckedIndex: @unchecked Sendable {
    let index: GitIndexFile
}

/// Per-thread result lists, each written by one thread only.
private struct UncheckedSlots: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<[FileStatus]>
    init(_ base: UnsafeMutableBufferPointer<[FileStatus]>) { self.base = base }
    func append(_ status: FileStatus, to slot: Int) { base[slot].append(status) }
}
