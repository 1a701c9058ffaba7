import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Checked-out files and the index: after a checkout, plain git sees a clean work tree.
@Suite struct WorkingTreeTests {
    init() { Git.isolateFromGlobalConfiguration() }

    static let files = [
        "trove.json": "{\n  \"kind\": \"personal\"\n}\n",
        "notes/ab/one.json": "{\n  \"n\": 1\n}\n",
        "notes/ab/two.json": "{\n  \"n\": 2\n}\n",
        "notes/cd/three.json": "{\n  \"n\": 3\n}\n",
    ]

    /// Commits `files` on main and checks them all out through the index, as the store does.
    func checkedOut(_ scratch: Scratch) throws -> (commit: ObjectID, index: GitIndex) {
        let repository = scratch.repository
        var blobs: [String: ObjectID] = [:]
        for (path, text) in Self.files { blobs[path] = try repository.writeBlob(bytes(text)) }
        let tree = try repository.writeTree(applying: blobs.map { .upsert(path: $0.key, blob: $0.value) }, to: nil)
        let commit = try repository.createCommit(
            tree: tree, parents: [], author: .fixed(), committer: .fixed(), message: "records")
        try repository.updateReference("refs/heads/main", to: commit, expected: nil, message: "records")
        let checkout = Checkout(repository)
        for (path, text) in Self.files {
            try checkout.write(path: path, bytes: bytes(text), blob: blobs[path]!)
        }
        try checkout.finish()
        return (commit, try freshIndex(scratch))
    }

    /// The index as written to disk.
    func freshIndex(_ scratch: Scratch) throws -> GitIndex {
        let index = try scratch.repository.index()
        try index.reload()
        return index
    }

    /// Checks out one file through a `Checkout` and returns the index as written.
    @discardableResult
    func checkOut(_ scratch: Scratch, _ path: String, _ content: [UInt8], _ blob: ObjectID) throws -> GitIndex {
        let checkout = Checkout(scratch.repository)
        try checkout.write(path: path, bytes: content, blob: blob)
        try checkout.finish()
        return try freshIndex(scratch)
    }

    /// Removes one checked-out file through a `Checkout` and returns the index as written.
    @discardableResult
    func remove(_ scratch: Scratch, _ path: String) throws -> GitIndex {
        let checkout = Checkout(scratch.repository)
        try checkout.remove(path: path)
        try checkout.finish()
        return try freshIndex(scratch)
    }

    func read(_ scratch: Scratch, _ path: String) -> String? {
        FileManager.default.contents(atPath: scratch.path + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `NSString.deletingLastPathComponent` crashed on a one-letter path: removing the last file of a one-letter
    /// folder (a hub's tree may hold one) stopped the process when it climbed to that folder's parent.
    @Test("removing the last file of one-letter folders removes the folders, and is not a crash")
    func removeUnderOneLetterFolders() throws {
        let scratch = try Scratch()
        let blob = try scratch.repository.writeBlob(bytes("{}\n"))
        try checkOut(scratch, "q/r/s.json", bytes("{}\n"), blob)
        #expect(read(scratch, "q/r/s.json") == "{}\n")
        let index = try remove(scratch, "q/r/s.json")
        #expect(index.entryID(atPath: "q/r/s.json") == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/q"), "the emptied folders go too")
    }

    @Test("checked-out files have their bytes and are staged with their blobs")
    func checkOut() throws {
        let scratch = try Scratch()
        let (_, index) = try checkedOut(scratch)
        for (path, text) in Self.files {
            #expect(read(scratch, path) == text)
            #expect(index.entryID(atPath: path) == (try Repository.blobID(of: bytes(text))))
        }
        #expect(index.count == Self.files.count)
        #expect(!index.hasConflicts)
        let reopened = try scratch.repository.index()
        #expect(reopened.count == Self.files.count)
        #expect(reopened.entryID(atPath: "notes/cd/three.json") == index.entryID(atPath: "notes/cd/three.json"))
    }

    @Test("a symbolic link where a checked-out file belongs is refused, and the file it points to is left alone")
    func symbolicLinkRefused() throws {
        let scratch = try Scratch()
        try checkedOut(scratch)
        let outside = scratch.folder.child("outside.json")
        try "mine\n".write(toFile: outside, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: scratch.path + "/notes/ab/one.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/notes/ab/one.json", withDestinationPath: outside)
        let blob = try scratch.repository.writeBlob(bytes("changed\n"))
        let checkout = Checkout(scratch.repository)
        #expect { try checkout.write(path: "notes/ab/one.json", bytes: bytes("changed\n"), blob: blob) } throws: { error in
            "\(error)".contains("notes/ab/one.json: is a symbolic link")
        }
        let many = (0..<100).map { (path: String(format: "notes/ef/%03d.json", $0), bytes: bytes("\($0)\n"), blob: blob) }
        #expect(throws: WorkingTreeError.self) { try checkout.write(many + [(path: "notes/ab/one.json", bytes: bytes("changed\n"), blob: blob)]) }
        #expect(read(scratch, "outside.json") == nil)
        #expect(FileManager.default.contents(atPath: outside) == Data("mine\n".utf8))
    }

    @Test("after checkout and index.write, git status and git diff --cached are clean")
    func gitSeesClean() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")
        #expect(try scratch.gitResult("diff", "--cached", "--quiet", "HEAD").status == 0)
        #expect(try scratch.gitResult("diff", "--quiet").status == 0)
        // git's own stat-based check agrees without re-hashing: the staged stat data matches the files.
        #expect(try scratch.git("diff-files", "--name-only") == "")
        #expect(try scratch.repository.status().isEmpty)
    }

    @Test("the index's tree is the committed tree")
    func indexTree() throws {
        let scratch = try Scratch()
        let (commit, index) = try checkedOut(scratch)
        #expect(try index.writeTree(to: scratch.repository) == scratch.repository.commit(commit).treeID)
    }

    @Test("no temporary file is left behind in the git folder")
    func noTemporaryFiles() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.repository.gitDirectory)
            .filter { $0.hasPrefix("trove-checkout") || $0.hasSuffix(".lock") }
        #expect(leftovers.isEmpty)
    }

    @Test("checking out over an existing file replaces it")
    func overwrite() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        let new = bytes("{\n  \"n\": 100\n}\n")
        let blob = try scratch.repository.writeBlob(new)
        let index = try checkOut(scratch, "notes/ab/one.json", new, blob)
        #expect(read(scratch, "notes/ab/one.json") == String(decoding: new, as: UTF8.self))
        #expect(index.entryID(atPath: "notes/ab/one.json") == blob)
        #expect(try scratch.repository.hashCheckedOut(path: "notes/ab/one.json") == blob)
    }

    @Test("removeCheckedOut deletes the file, its index entry and the folders it leaves empty")
    func removeCheckedOut() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        var index = try remove(scratch, "notes/ab/one.json")
        #expect(read(scratch, "notes/ab/one.json") == nil)
        #expect(index.entryID(atPath: "notes/ab/one.json") == nil)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/notes/ab"))
        index = try remove(scratch, "notes/ab/two.json")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/notes/ab"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/notes/cd/three.json"))
        index = try remove(scratch, "notes/cd/three.json")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/notes"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/trove.json"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/.git/HEAD"))
        #expect(index.count == 1)
        // Removing a file that is already gone is not an error.
        try remove(scratch, "notes/cd/three.json")
    }

    @Test("a folder that still holds an untracked file survives removeCheckedOut")
    func keepsForeignFiles() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        try scratch.folder.write("repo/notes/cd/mine.txt", "keep me")
        try remove(scratch, "notes/cd/three.json")
        #expect(read(scratch, "notes/cd/mine.txt") == "keep me")
    }

    @Test("hashCheckedOut gives the blob id of the file on disk, or nil when there is none")
    func hashCheckedOut() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        #expect(try scratch.repository.hashCheckedOut(path: "trove.json") == Repository.blobID(of: bytes(Self.files["trove.json"]!)))
        try scratch.folder.write("repo/trove.json", "edited by hand\n")
        #expect(try scratch.repository.hashCheckedOut(path: "trove.json") == Repository.blobID(of: bytes("edited by hand\n")))
        #expect(try scratch.repository.hashCheckedOut(path: "missing.json") == nil)
        #expect(try scratch.repository.hashCheckedOut(path: "missing/deeper.json") == nil)
    }

    @Test("a bare repository has no work tree to check out into")
    func bare() throws {
        let scratch = try Scratch(bare: true)
        let blob = try scratch.repository.writeBlob(bytes("x"))
        #expect(throws: WorkingTreeError.self) {
            try Checkout(scratch.repository).write(path: "x", bytes: bytes("x"), blob: blob)
        }
        #expect(throws: WorkingTreeError.self) { try scratch.repository.hashCheckedOut(path: "x") }
    }

    @Test("index.unstage removes an entry; a missing entry is not an error")
    func unstage() throws {
        let scratch = try Scratch()
        let (_, index) = try checkedOut(scratch)
        try index.unstage(path: "trove.json")
        try index.unstage(path: "trove.json")
        #expect(index.entryID(atPath: "trove.json") == nil)
        #expect(index.count == Self.files.count - 1)
        try index.write()
        // The file is still there but no longer staged: git calls it deleted in the index, untracked on disk.
        let status = try scratch.git("status", "--porcelain")
        #expect(status.contains("D  trove.json") && status.contains("?? trove.json"))
    }

    // MARK: status

    @Test("status reports modified, deleted, untracked and staged files")
    func status() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        try scratch.folder.write("repo/notes/ab/one.json", "{\n  \"n\": \"edited by hand, longer\"\n}\n")
        try FileManager.default.removeItem(atPath: scratch.path + "/notes/cd/three.json")
        try scratch.folder.write("repo/notes/ef/new.json", "{}\n")
        let added = bytes("{\n  \"staged\": true\n}\n")
        try checkOut(scratch, "staged.json", added, scratch.repository.writeBlob(added))
        let found = try scratch.repository.status()
        #expect(Set(found.map { "\($0.path) \($0.change) \($0.isStaged)" }) == [
            "notes/ab/one.json modified false",
            "notes/cd/three.json deleted false",
            "notes/ef/new.json untracked false",
            "staged.json added true",
        ])
    }

    @Test("status in the same process sees a same-size edit made right after a checkout")
    func sameSizeEditAfterCheckout() throws {
        // The store marks checked-out entries up to date in memory; a later hand edit of the same
        // length (a REPL session, another editor) must still show, through the same Repository.
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        let original = Self.files["notes/ab/two.json"]!
        let edited = original.replacingOccurrences(of: "2", with: "9")
        #expect(edited.utf8.count == original.utf8.count && edited != original)
        try scratch.folder.write("repo/notes/ab/two.json", edited)
        #expect(try scratch.repository.status().map { "\($0.path) \($0.change)" } == ["notes/ab/two.json modified"])
        #expect(try scratch.git("status", "--porcelain") == " M notes/ab/two.json\n")
    }

    @Test("checkOutIntoEmptyWorkTree writes HEAD's files in batches and stages them all: git sees a clean work tree")
    func checkOutIntoEmptyWorkTree() throws {
        let scratch = try Scratch()
        // More files than one batch (4,096), across fan-out folders.
        var files = ["trove.json": "{}\n"]
        for number in 0..<4200 { files[String(format: "notes/%02x/%05d.json", number % 256, number)] = "{\"n\": \(number)}\n" }
        let commit = try scratch.commit(try scratch.tree(files))
        try scratch.repository.updateReference("refs/heads/main", to: commit, expected: nil, message: "clone")
        try scratch.repository.checkOutIntoEmptyWorkTree()
        #expect(read(scratch, "trove.json") == "{}\n")
        #expect(read(scratch, "notes/68/04200.json") == nil)
        #expect(read(scratch, "notes/67/04199.json") == "{\"n\": 4199}\n")
        #expect(try scratch.git("status", "--porcelain") == "")
        #expect(try scratch.git("ls-files").split(separator: "\n").count == files.count)
        #expect(try scratch.repository.status().isEmpty)
    }

    @Test("status reports a staged deletion")
    func stagedDeletion() throws {
        let scratch = try Scratch()
        _ = try checkedOut(scratch)
        try remove(scratch, "trove.json")
        #expect(try scratch.repository.status().map { "\($0.path) \($0.change) \($0.isStaged)" } == ["trove.json deleted true"])
        #expect(try scratch.git("status", "--porcelain") == "D  trove.json\n")
    }
}
