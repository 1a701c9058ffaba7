import Foundation
import Testing
@testable import TroveIndex
import TroveStore
import TroveTestSupport

@Suite("damage deep in the index file, which opening does not read")
struct DamagedPageTests {
    /// Overwrites the root page of table or index `name` in the closed index file with 0xFF bytes, which no page can hold.
    static func spoilRootPage(of name: String, in fixture: IndexFixture) throws {
        let page = try #require(Int(try fixture.sqlite("SELECT rootpage FROM sqlite_master WHERE name = '\(name)'")))
        let size = try #require(Int(try fixture.sqlite("PRAGMA page_size")))
        #expect(page > 2, "page 1 is the schema and page 2 the meta table, which opening reads")
        let file = try #require(FileHandle(forUpdatingAtPath: fixture.indexPath))
        defer { try? file.close() }
        try file.seek(toOffset: UInt64((page - 1) * size))
        try file.write(contentsOf: Data(repeating: 0xFF, count: size))
    }

    @Test("a query that meets a damaged page rebuilds the index, announces it and answers correctly")
    func queryRepairs() throws {
        let fixture = try RecoveryTests.filledStore()
        #expect(fixture.logIsEmpty)
        try Self.spoilRootPage(of: "records", in: fixture)
        let index = try fixture.index()
        try RecoveryTests.expectCorrectAnswers(index, fixture)
        let notice = try #require(index.notice, "the damage must be announced once found")
        #expect(notice.contains("index") && notice.contains("damaged"), "notice: \(notice)")
        #expect(try fixture.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test("damage no query reads is reported by differences(), and rebuild() mends it")
    func checkReportsThenRebuildMends() throws {
        let fixture = try RecoveryTests.filledStore()
        try Self.spoilRootPage(of: "records_by_label", in: fixture)
        let index = try fixture.index()
        let differences = try index.differences()
        #expect(!differences.isEmpty && differences.allSatisfy { $0.kind == .damaged }, "\(differences)")
        #expect(differences.allSatisfy { $0.description.contains("index file is damaged") })
        try index.rebuild()
        #expect(try index.differences().isEmpty)
        try RecoveryTests.expectCorrectAnswers(index, fixture)
        #expect(try fixture.sqlite("PRAGMA integrity_check") == "ok")
    }
}
