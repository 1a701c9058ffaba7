import Foundation
import Testing
import TroveTestSupport

@Suite("trove init")
struct InitCommandTests {
    let folder = TemporaryFolder()
    var cli: TroveCLI { TroveCLI(home: folder.child("home"), store: folder.child("store")) }

    @Test("creates a store whose git history plain git can read")
    func createsStore() throws {
        let output = try cli.run("init")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Created a store at \(folder.child("store"))"))
        #expect(try cli.git("log", "--oneline", in: cli.store).stdout.contains("Create store"))
        let fsck = try cli.git("fsck", "--strict", in: cli.store)
        #expect(fsck.status == 0, "\(fsck.stderr)")
        #expect(try cli.git("status", "--porcelain", in: cli.store).stdout.isEmpty)
    }

    @Test("refuses a non-empty folder that is not a store and writes nothing")
    func refusesNonEmptyFolder() throws {
        try folder.write("store/notes.txt", "mine")
        let output = try cli.run("init")
        #expect(output.status == 1)
        #expect(output.stderr.contains("is not empty and is not a Trove store"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.store) == ["notes.txt"])
    }

    @Test("refuses a folder that is already a store")
    func refusesExistingStore() throws {
        try cli.run("init")
        let output = try cli.run("init")
        #expect(output.status == 1)
        #expect(output.stderr.contains("already a Trove store"))
    }

    @Test("names the folder when a command is run outside a store")
    func notAStore() throws {
        let output = try cli.run("status")
        #expect(output.status == 1)
        #expect(output.stderr.contains("is not a Trove store"))
        #expect(output.stderr.contains("trove init"))
    }

    @Test("exits 2 on a usage error")
    func usageError() throws {
        let output = try cli.run("frobnicate")
        #expect(output.status == 2)
    }
}

@Suite("store audit")
struct StoreAuditTests {
    @Test("records written through the command line validate with Python's jsonschema, and a bad file is named")
    func auditFindsBadRecords() throws {
        let folder = TemporaryFolder()
        let cli = TroveCLI(home: folder.child("home"), store: folder.child("store"))
        try cli.run("init")
        let id = try cli.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).trimmed
        try cli.run("record", "put", "journal", "--json", #"{"name": "Days", "public": false}"#)
        #expect(try StoreAudit.schemaProblems(in: cli.store) == [])

        let file = try #require(FileManager.default.enumerator(atPath: cli.store + "/dogs")?.allObjects
            .compactMap { $0 as? String }.first { $0.hasSuffix("\(id).json") })
        try Data(#"{"id": "\#(id)", "sex": "unknown"}"#.utf8).write(to: URL(fileURLWithPath: cli.store + "/dogs/" + file))
        let problems = try StoreAudit.schemaProblems(in: cli.store)
        #expect(problems.contains { $0.contains("dogs/\(file)") && $0.contains("sex") })
    }
}
