import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("listings, completion and the index check")
struct ListingAndCheckTests {
    let fixture: IndexFixture

    init() throws { fixture = try IndexFixture() }

    /// A dozen entries in two journals, with shuffled dates and titles, some edited later so `updatedAt` differs from creation order.
    func entries() throws -> (journals: [String], entries: [Record]) {
        let journals = [try fixture.journal("Mornings"), try fixture.journal("Evenings")]
        var random = SeededGenerator(seed: 3)
        let names = ["apple", "Banana", "cherry", "Date", "elder", "Fig", "grape", "Hazel", "iris", "Juniper", "kiwi", "Lime"]
        var ids: [String] = []
        for (number, name) in names.shuffled(using: &random).enumerated() {
            // Two entries share a date, so ties are broken by id.
            let day = number == 5 ? 3 : Int.random(in: 0...1_000, using: &random)
            ids.append(try fixture.entry(journal: journals[number % 2], text: "body \(number)\nsecond line",
                                         date: timestamp(minutes: day * 1_440), title: name).id)
        }
        ids.append(try fixture.entry(journal: journals[0], text: "untitled first line\nmore", date: timestamp(minutes: 3 * 1_440)).id)
        for id in ids.shuffled(using: &random).prefix(5) { try fixture.edit(id, ["starred": true]) }
        return (journals, try fixture.store.records(ofType: "entry"))
    }

    /// The order a listing sorted by `sort` must have, computed from the records themselves.
    func expectedOrder(_ records: [Record], _ sort: IndexSort, descending: Bool) -> [String] {
        /// The sort key of one record, as the index defines it.
        func key(_ record: Record) -> String {
            switch sort {
            case .created: return record.id
            case .start: return record.value["date"]?.stringValue ?? ""
            // An untitled entry is labelled by its text's first line.
            case .label:
                let text = record.value["text"]?.stringValue ?? ""
                return (record.value["title"]?.stringValue ?? String(text.prefix { $0 != "\n" })).lowercased()
            case .updated: return record.updatedAt ?? ""
            }
        }
        let ascending = records.sorted { (key($0), $0.id) < (key($1), $1.id) }.map(\.id)
        return descending ? ascending.reversed() : ascending
    }

    @Test("every sort, both directions, paged, with the parent filter")
    func sortsAndPages() throws {
        let (journals, records) = try entries()
        let index = try fixture.index()
        let edited = records.filter { $0.value["starred"] != nil }
        #expect(edited.count == 5)
        #expect(expectedOrder(records, .updated, descending: false) != expectedOrder(records, .created, descending: false),
                "edits must make update order differ from creation order")
        for sort in IndexSort.allCases {
            for descending in [false, true] {
                let expected = expectedOrder(records, sort, descending: descending)
                let all = try index.records(type: "entry", sort: sort, descending: descending, page: .all)
                #expect(all.ids == expected, "\(sort) descending \(descending)")
                let paged = try stride(from: 0, to: expected.count + 4, by: 4).flatMap { offset in
                    try index.records(type: "entry", sort: sort, descending: descending, page: IndexPage(offset: offset, limit: 4)).ids
                }
                #expect(paged == expected, "\(sort) descending \(descending), pages of 4")
                let mornings = records.filter { $0.value["journalId"]?.stringValue == journals[0] }
                #expect(try index.records(type: "entry", parent: journals[0], sort: sort, descending: descending, page: .all).ids
                        == expectedOrder(mornings, sort, descending: descending))
            }
        }
        #expect(try index.records(type: "entry").count == records.count, "the default page holds them all")
        #expect(try index.records(type: "entry", page: IndexPage(offset: 1_000, limit: 5)).isEmpty)
        #expect(try index.records(type: "entry", page: IndexPage(offset: -3, limit: 2)).ids == Array(expectedOrder(records, .created, descending: false).prefix(2)))
        #expect(try index.records(page: .all).count == records.count + journals.count, "no type: every record")
        #expect(try index.counts().map { "\($0.type) \($0.count)" } == ["entry \(records.count)", "journal 2"])
        #expect(try index.recordCount() == records.count + 2)
    }

    @Test("a record by id leads to the stored record whole")
    func recordByID() throws {
        let (_, records) = try entries()
        let index = try fixture.index()
        for record in records {
            let indexed = try #require(try index.record(id: record.id))
            #expect(index.value(of: indexed) == record.value)
            #expect(indexed.type == "entry" && indexed.start == record.value["date"]?.stringValue)
            #expect(indexed.createdAt == record.createdAt && indexed.updatedAt == record.updatedAt)
            #expect(indexed.parent == record.value["journalId"]?.stringValue)
        }
        #expect(try index.record(id: "01234567-89ab-7def-8123-456789abcdef") == nil)
    }

    @Test("labels by prefix for completion: case-insensitive, distinct, with % and _ taken literally")
    func labelCompletion() throws {
        let names = ["Pixel", "pip", "Rex", "Pixel", "P%cent", "Pa_x", "Pabx", "Pépin", "pixie"]
        for name in names { try fixture.dog(name) }
        try fixture.journal("Pixel's diary")
        let index = try fixture.index()
        /// The expected completions, computed from the names.
        func expected(_ prefix: String) -> [String] {
            Array(Set(names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) })).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        }
        for prefix in ["", "p", "pi", "PIX", "P%", "Pa_", "pa", "Pé", "r", "z"] {
            #expect(try index.labels(type: "dog", prefix: prefix) == expected(prefix), "prefix \(prefix)")
        }
        #expect(try index.labels(type: "dog", prefix: "pi", limit: 2) == Array(expected("pi").prefix(2)))
        #expect(try index.labels(type: "journal", prefix: "pix") == ["Pixel's diary"])
    }

    @Test("ids by prefix for completion")
    func idCompletion() throws {
        let (journals, records) = try entries()
        let index = try fixture.index()
        let all = (records.map(\.id) + journals).sorted()
        for id in all.prefix(4) {
            for length in [1, 8, 14, 36] {
                let prefix = String(id.prefix(length))
                #expect(try index.ids(prefix: prefix) == all.filter { $0.hasPrefix(prefix) }, "prefix \(prefix)")
            }
        }
        #expect(try index.ids(prefix: "") == all)
        #expect(try index.ids(prefix: "", limit: 3) == Array(all.prefix(3)))
        #expect(try index.ids(prefix: "zz").isEmpty)
    }

    @Test("differences() is empty on a healthy index and names tampered rows")
    func tamperedRows() throws {
        let (_, records) = try entries()
        let ids = records.map(\.id).sorted()
        do {
            let index = try fixture.index()
            #expect(try index.differences().isEmpty)
        }
        let stale = ids[0], missing = ids[1], bogus = "01000000-0000-7000-8000-000000000000"
        try fixture.sqlite("UPDATE records SET blob = '\(String(repeating: "0", count: 40))' WHERE id = '\(stale)'")
        try fixture.sqlite("DELETE FROM records WHERE id = '\(missing)'")
        try fixture.sqlite("""
            INSERT INTO records(id, type, blob, createdAt, updatedAt, title, body, place, starred)
            VALUES ('\(bogus)', 'entry', '\(String(repeating: "1", count: 40))', '', '', '', '', '', 0)
            """)
        let index = try fixture.index()
        #expect(index.notice == nil, "tampered rows are not damage the file shows")
        let differences = try index.differences()
        #expect(differences == [
            IndexDifference(kind: .stale, subject: stale), IndexDifference(kind: .missing, subject: missing),
            IndexDifference(kind: .extra, subject: bogus),
        ], "store records in id order first, then rows the store does not have")
        #expect(differences.allSatisfy { $0.description.contains($0.subject) })
        try index.rebuild()
        #expect(try index.differences().isEmpty, "a rebuild mends them")
    }
}
