import Foundation
import Testing
import TroveTestSupport

@Suite("two machines recording walks")
struct DogSyncTests {
    let folder = TemporaryFolder()
    var hub: String { folder.child("nas/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home-\(name)"), store: folder.child(name)) }

    func records(_ peer: TroveCLI) throws -> [[String: Any]] {
        let output = try peer.run("business", "list", "--all", "--all-dogs", "--json")
        return try #require(parseJSON(output.stdout) as? [[String: Any]], "\(output.stderr)")
    }

    @Test("both record walks offline, then sync: each has the union, and the location stays local")
    func union() throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "nas", hub, "--create").status == 0)
        try #require(a.run("dog", "add", "Pixel").status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)
        try #require(a.run("here", "48.8725,2.3651").status == 0)
        try #require(b.run("here", "51.5007,-0.1246").status == 0)
        for time in ["07:00", "07:10", "07:20"] {
            try #require(a.run("pee", "--time", "2026-11-21 \(time)").status == 0)
            try #require(b.run("poo", "--time", "2026-11-21 \(time)").status == 0)
        }
        try #require(b.run("dog", "add", "Rex").status == 0)
        try #require(b.run("pee", "--dog", "Rex", "--time", "2026-11-21 08:00").status == 0)
        for store in [a, b, a] {
            let sync = try store.run("sync")
            try #require(sync.status == 0, "\(sync.stderr)")
        }
        let fromA = try records(a), fromB = try records(b)
        #expect(fromA.count == 7)
        #expect(Set(fromA.compactMap { $0["id"] as? String }) == Set(fromB.compactMap { $0["id"] as? String }))
        #expect(fromA.filter { $0["kind"] as? String == "poo" }.allSatisfy { ($0["lat"] as? Double) == 51.5007 })
        #expect(try a.run("here").stdout.contains("48.87250, 2.36510"), "each machine keeps its own location")
        #expect(try b.run("here").stdout.contains("51.50070, -0.12460"))
        #expect(try a.run("dog", "list").stdout.contains("Rex"))
        #expect(try a.git("rev-parse", "HEAD", in: a.store).stdout == b.git("rev-parse", "HEAD", in: b.store).stdout)
    }
}
