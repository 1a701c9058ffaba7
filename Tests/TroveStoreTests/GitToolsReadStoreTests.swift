import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// A store is a git repository that any git tool reads: pygit2 (libgit2 1.9) and dulwich (pure Python) open stores
/// of 1,000 and 30,000 records and find HEAD, an index with nothing to report, and every record.
///
/// Trove 0.1 wrote split indexes for stores of 10,000 records or more, which neither reads.
@Suite("Stores other git tools read", .enabled(if: PythonGitTools.available, "python3 with pygit2 and dulwich (tools/setup --tests installs them)"))
struct GitToolsReadStoreTests {
    static let script = StoreAudit.packageRoot + "/Tests/TroveStoreTests/Reference/git_tools_read.py"

    @Test("pygit2 and dulwich read HEAD, a clean index and every record", arguments: [1_000, 30_000])
    func toolsRead(count: Int) throws {
        let fixture = try StoreFixture()
        let (records, _) = try fixture.store.transaction { transaction in
            try transaction.put(batch: (0..<count).map { number in
                (["name": .string("Dog \(number)"), "breed": .string(number % 2 == 0 ? "Beagle" : "Collie")], "dog")
            })
        }
        // Then days of single commits: an edit, a removal and an addition, each rewriting the index in place.
        var ids = Set(records.map(\.id))
        try fixture.store.transaction { try $0.put(["id": .string(records[count / 2].id), "name": "Renamed"], type: "dog") }
        try fixture.store.transaction { try $0.delete(id: records[7].id) }
        ids.remove(records[7].id)
        let added = try fixture.store.transaction { try $0.put(["name": "Newcomer"], type: "dog") }.0
        ids.insert(added.id)

        let repository = try Repository(openingAt: fixture.path)
        let head = try #require(try repository.headCommitID())
        var files: [String: String] = [:]
        try repository.walkFiles(in: try repository.tree(ofCommit: head)) { path, blob in files[path] = blob.hex }
        for tool in ["pygit2", "dulwich"] {
            let output = try ProcessRunner.run(
                "/usr/bin/env", ["python3", Self.script, tool, fixture.path], environment: ProcessInfo.processInfo.environment, timeout: 300)
            try #require(output.status == 0, "\(tool): \(output.stderr)")
            let read = try JSONValue(parsing: output.stdout)
            #expect(read["head"]?.stringValue == head.hex, "\(tool)")
            let index = read["index"]?.objectValue?.compactMapValues(\.stringValue) ?? [:]
            #expect(index.count == files.count, "\(tool)")
            #expect(index == files, "\(tool): the index stages HEAD's files")
            #expect(read["dirty"]?.arrayValue == [], "\(tool): status reports \(read["dirty"] ?? .null)")
            let readRecords = read["records"]?.objectValue ?? [:]
            #expect(Set(readRecords.keys) == Set(files.keys), "\(tool)")
            let dogIDs = Set(readRecords.filter { $0.key.hasPrefix("dogs/") }.compactMap { $0.value.stringValue })
            #expect(dogIDs == ids, "\(tool): every dog, by its id")
        }
    }
}

/// Whether python3 has pygit2 and dulwich.
enum PythonGitTools {
    static var available: Bool {
        (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import pygit2, dulwich"], environment: ProcessInfo.processInfo.environment).status) == 0
    }
}
