import Foundation
import Testing
import TroveTestSupport

/// `--json` on every listing and show command parses back, with the keys the README documents.
@Suite("JSON output of the listing commands")
struct JSONOutputTests {
    static func keys(_ value: Any?) -> Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }

    @Test("listings, searches, status, log, check, conflicts and remotes")
    func listings() throws {
        let fixture = try CLIFixture()
        let journal = try fixture.put("journal", #"{"name": "Morning pages"}"#)
        let entry = try fixture.put("entry", #"{"journalId": "\#(journal)", "date": "2026-11-22T07:30:00.000Z", "text": "Fog on the canal."}"#)
        #expect(try fixture.trove("remote", "add", "hub", fixture.folder.child("hub.git"), "--create").status == 0)
        func json(_ arguments: String...) throws -> Any? {
            let output = try fixture.cli.run(arguments + ["--json"])
            #expect(output.status == 0, "trove \(arguments.joined(separator: " ")): \(output.stderr)")
            return parseJSON(output.stdout)
        }
        let listed = try #require(try json("record", "list", "entry", "--in", "Morning pages") as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [entry] && listed.first?["text"] as? String == "Fog on the canal.")
        #expect((try json("show", entry) as? [String: Any])?["journalId"] as? String == journal)
        let hits = try #require(try json("search", "canal") as? [[String: Any]])
        #expect(hits.count == 1 && Self.keys(hits.first) == ["id", "type", "label", "date", "snippet", "rank", "group"])
        let status = try json("status")
        #expect(Self.keys(status) == ["path", "records", "lastCommit", "remotes", "handEdits"])
        #expect(Self.keys((status as? [String: Any])?["lastCommit"]) == ["id", "author", "date", "summary"])
        let log = try #require(try json("log") as? [[String: Any]])
        #expect(log.count == 3 && Self.keys(log.first) == ["commit", "parents", "author", "email", "date", "summary", "message"])
        #expect((try json("check") as? [Any])?.isEmpty == true)
        #expect((try json("conflicts") as? [Any])?.isEmpty == true)
        let remotes = try #require(try json("remote", "list") as? [[String: Any]])
        #expect(remotes.count == 1 && Self.keys(remotes.first) == ["name", "url"])
        let sync = try #require(try json("sync") as? [[String: Any]])
        #expect(Self.keys(sync.first) == ["remote", "received", "sent", "merged", "conflictsKept", "invalidFiles", "refused", "failure"])
    }
}
