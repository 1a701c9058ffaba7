import CGit2
import Foundation

extension Repository {
    /// A git pack, in memory, of every object reachable from `tips` and not from `known` (commits the receiver
    /// has with all they reach); `nil` when there is nothing new.
    ///
    /// The pack is whole, never thin: its deltas point only inside it, so it can be read without the
    /// receiver's objects (an encrypted hub keeps packs as files, and a reader indexes each on its own).
    public func pack(reachableFrom tips: [ObjectID], notFrom known: [ObjectID]) throws -> [UInt8]? {
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, pointer), "start history walk")
        defer { git_revwalk_free(walker) }
        for tip in tips {
            var raw = tip.raw
            try check(git_revwalk_push(walker, &raw), "walk from \(tip.short)")
        }
        // A commit the receiver has but this repository lacks cannot be hidden; nothing of it is sent anyway.
        for commit in known where contains(commit) {
            var raw = commit.raw
            try check(git_revwalk_hide(walker, &raw), "hide \(commit.short)")
        }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "start a pack")
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 0)  // one delta-search thread per core, as a push uses
        try check(git_packbuilder_insert_walk(builder, walker), "gather objects to pack")
        guard git_packbuilder_object_count(builder) > 0 else { return nil }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_packbuilder_write_buf(&buffer, builder), "write a pack")
        return Array(UnsafeRawBufferPointer(start: buffer.ptr, count: buffer.size))
    }

    /// Adds the objects of a whole git pack to the object database, as a fetch would: libgit2's indexer checks
    /// every object and writes the pack and its index, synced, before the objects count as present.
    public func indexPack(_ pack: [UInt8]) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open the object database")
        defer { git_odb_free(odb) }
        var writer: UnsafeMutablePointer<git_odb_writepack>?
        try check(git_odb_write_pack(&writer, odb, nil, nil), "start indexing a pack")
        defer { writer?.pointee.free(writer) }
        var stats = git_indexer_progress()
        try pack.withUnsafeBytes { buffer in
            try check(writer!.pointee.append(writer, buffer.baseAddress, buffer.count, &stats), "index a pack")
        }
        try check(writer!.pointee.commit(writer, &stats), "index a pack")
    }

    /// The references `url` advertises, by name, without fetching anything (git ls-remote).
    public static func remoteReferences(url: String, security: TransferSecurity = TransferSecurity()) throws -> [String: ObjectID] {
        _ = Git.initialized
        var remote: OpaquePointer?
        try check(git_remote_create_detached(&remote, url), "read \(url)")
        defer { git_remote_free(remote) }
        let context = TransferContext(security: security, url: url)
        var found: [String: ObjectID] = [:]
        do {
            // An https hub needs its certificates checked and its login offered, as a fetch would.
            try withExtendedLifetime(context) {
                found = try context.withHTTPSetUp(remoteCAFile: nil) {
                    try Repository.advertisedReferences(remote!, direction: GIT_DIRECTION_FETCH, context: context)
                }
            }
        } catch let error as TransferError {
            throw error
        } catch {
            throw context.error(from: error)
        }
        return found
    }
}
