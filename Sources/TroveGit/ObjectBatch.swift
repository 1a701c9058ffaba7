import CGit2

extension Repository {
    /// Runs `body` with a second handle on this repository whose new objects are
    /// kept in memory, then writes them all as one pack file.
    ///
    /// libgit2 writes one loose file per object; a bulk import of 10,000
    /// records would otherwise create tens of thousands of files. Ids returned
    /// by `body` are valid in this repository once the pack is written.
    public func batchingObjectWrites<T>(_ body: (Repository) throws -> T) throws -> T {
        var raw: OpaquePointer?
        try check(
            git_repository_open_ext(&raw, gitDirectory, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "open repository for a batch")
        let batch = Repository(pointer: raw!)
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, batch.pointer), "open object database")
        defer { git_odb_free(odb) }
        var mempack: UnsafeMutablePointer<git_odb_backend>?
        try check(git_mempack_new(&mempack), "make in-memory object store")
        // The odb owns the backend from here on; priority above loose and packed.
        try check(git_odb_add_backend(odb, mempack, 1000), "add in-memory object store")
        let result = try body(batch)
        var pack = git_buf()
        defer { git_buf_dispose(&pack) }
        try check(git_mempack_dump(&pack, batch.pointer, mempack), "pack new objects")
        try writePack(pack)
        return result
    }

    private func writePack(_ pack: git_buf) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open object database")
        defer { git_odb_free(odb) }
        var writer: UnsafeMutablePointer<git_odb_writepack>?
        try check(git_odb_write_pack(&writer, odb, nil, nil), "start pack write")
        guard let writer else { throw GitError(operation: "write pack", code: -1, message: "no pack writer") }
        defer { writer.pointee.free(writer) }
        var progress = git_indexer_progress()
        try check(writer.pointee.append(writer, pack.ptr, pack.size, &progress), "write pack")
        try check(writer.pointee.commit(writer, &progress), "index pack")
    }
}
