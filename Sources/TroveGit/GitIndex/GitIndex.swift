import CGit2
import Foundation

/// The git index: what `git status` compares the checked-out files and HEAD against.
public final class GitIndex {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }

    deinit { git_index_free(pointer) }

    /// Re-reads the index file if another process changed it.
    public func reload() throws {
        try check(git_index_read(pointer, 0), "read index")
    }

    /// The number of entries.
    public var count: Int { git_index_entrycount(pointer) }

    /// The blob staged at `path`, or `nil`.
    public func entryID(atPath path: String) -> ObjectID? {
        guard let entry = git_index_get_bypath(pointer, path, 0) else { return nil }
        return ObjectID(entry.pointee.id)
    }

    /// Whether the index holds unresolved merge conflicts.
    public var hasConflicts: Bool { git_index_has_conflicts(pointer) == 1 }

    /// Drops every conflict entry (stages 1 to 3) that a stopped merge left, keeping stage 0.
    public func removeConflicts() throws {
        try check(git_index_conflict_cleanup(pointer), "clear the index's conflicts")
    }

    /// Stages `blob` at `path`, with the checked-out file's stat data so git need not re-hash it.
    public func stage(path: String, blob: ObjectID, fileStat: stat) throws {
        var entry = git_index_entry()
        entry.ctime.seconds = Int32(truncatingIfNeeded: fileStat.st_ctim.tv_sec)
        entry.ctime.nanoseconds = UInt32(truncatingIfNeeded: fileStat.st_ctim.tv_nsec)
        entry.mtime.seconds = Int32(truncatingIfNeeded: fileStat.st_mtim.tv_sec)
        entry.mtime.nanoseconds = UInt32(truncatingIfNeeded: fileStat.st_mtim.tv_nsec)
        entry.dev = UInt32(truncatingIfNeeded: fileStat.st_dev)
        entry.ino = UInt32(truncatingIfNeeded: fileStat.st_ino)
        entry.mode = GIT_FILEMODE_BLOB.rawValue
        entry.uid = fileStat.st_uid
        entry.gid = fileStat.st_gid
        entry.file_size = UInt32(truncatingIfNeeded: fileStat.st_size)
        entry.id = blob.raw
        // We just wrote the file from this blob: marking it up to date spares libgit2's
        // racy-entry check, which would otherwise diff the whole work tree on every write.
        entry.flags_extended = UInt16(GIT_INDEX_ENTRY_UPTODATE.rawValue)
        try path.withCString { raw in
            entry.path = raw
            try check(git_index_add(pointer, &entry), "stage \(path)")
        }
    }

    /// Removes `path` from the index; a missing path is not an error.
    public func unstage(path: String) throws {
        let result = git_index_remove(pointer, path, 0)
        if result == GIT_ENOTFOUND.rawValue { return }
        try check(result, "unstage \(path)")
    }

    /// Writes the index file atomically (through `index.lock`).
    public func write() throws {
        try check(git_index_write(pointer), "write index")
    }

    /// Writes the index's contents as a tree and returns its id.
    public func writeTree(to repository: Repository) throws -> ObjectID {
        var oid = git_oid()
        try check(git_index_write_tree_to(&oid, pointer, repository.pointer), "write tree from index")
        return ObjectID(oid)
    }
}

extension Repository {
    /// The repository's index (a fresh handle each call, read from disk).
    public func index() throws -> GitIndex {
        var raw: OpaquePointer?
        try check(git_repository_index(&raw, pointer), "open index")
        return GitIndex(pointer: raw!)
    }
}
