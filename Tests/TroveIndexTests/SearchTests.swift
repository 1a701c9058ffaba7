import Foundation
import Testing
@testable import TroveIndex
import TroveStore
import TroveTestSupport

@Suite("full-text search")
struct SearchTests {
    let fixture: IndexFixture
    let journal: String

    init() throws {
        fixture = try IndexFixture()
        journal = try fixture.journal()
    }

    /// The ids `search` returns, in order.
    func ids(_ index: RecordIndex, _ text: String, type: String? = nil, limit: Int = 20) throws -> [String] {
        try index.search(text, type: type, limit: limit).map(\.record.id)
    }

    @Test("accents are ignored both ways: creme finds crème, crème finds creme")
    func diacritics() throws {
        let accented = try fixture.entry(journal: journal, text: "Crème brûlée at the corner")
        let plain = try fixture.entry(journal: journal, text: "Creme fraiche on toast")
        let other = try fixture.entry(journal: journal, text: "Cream of mushroom")
        let index = try fixture.index()
        for query in ["creme", "crème", "CRÈME", "Crême"] {
            let found = Set(try ids(index, query))
            #expect(found == [accented.id, plain.id], "query \(query)")
            #expect(!found.contains(other.id))
        }
        #expect(try ids(index, "brulee") == [accented.id])
        #expect(try ids(index, "fraîche") == [plain.id])
    }

    @Test("every word matches as a prefix of a word, not inside one")
    func prefixes() throws {
        let canal = try fixture.entry(journal: journal, text: "Walked along the canal")
        let pecan = try fixture.entry(journal: journal, text: "A slice of pecan pie")
        let index = try fixture.index()
        #expect(try ids(index, "can") == [canal.id])
        #expect(try ids(index, "ca") == [canal.id])
        #expect(try ids(index, "pec") == [pecan.id])
        #expect(try ids(index, "canals").isEmpty, "a longer word is not a prefix of canal")
    }

    @Test("all the words are required")
    func allWords() throws {
        let both = try fixture.entry(journal: journal, text: "Frost on the canal this morning")
        let frost = try fixture.entry(journal: journal, text: "Frost everywhere")
        let canal = try fixture.entry(journal: journal, text: "The canal was quiet")
        let index = try fixture.index()
        #expect(try ids(index, "frost canal") == [both.id])
        #expect(try ids(index, "canal   frost") == [both.id])
        #expect(Set(try ids(index, "frost")) == [both.id, frost.id])
        #expect(Set(try ids(index, "canal")) == [both.id, canal.id])
        #expect(try ids(index, "frost canal snow").isEmpty)
    }

    @Test("a word in the title ranks above the same word in the text")
    func titleOutranksBody() throws {
        let inBody = try fixture.entry(journal: journal, text: "We walked to the lighthouse and back", title: "Sunday")
        let inTitle = try fixture.entry(journal: journal, text: "We walked to the harbour and back", title: "Lighthouse")
        let index = try fixture.index()
        let hits = try index.search("lighthouse")
        #expect(hits.map(\.record.id) == [inTitle.id, inBody.id])
        #expect(hits[0].rank < hits[1].rank)
    }

    @Test("a word used many times ranks above the same word used once")
    func frequencyRanks() throws {
        let once = try fixture.entry(journal: journal, text: "pebble beach with sand, shells, driftwood, gulls")
        let often = try fixture.entry(journal: journal, text: "pebble beach with pebble paths, pebble walls, pebble")
        let index = try fixture.index()
        let hits = try index.search("pebble")
        #expect(hits.map(\.record.id) == [often.id, once.id])
        #expect(hits.map(\.rank) == hits.map(\.rank).sorted())
        #expect(hits[0].rank < hits[1].rank, "bm25 must tell them apart")
    }

    @Test("the type filter keeps only records of that type")
    func typeFilter() throws {
        let calendar = try fixture.calendar()
        let entry = try fixture.entry(journal: journal, text: "Lighthouse tour notes")
        let task = try fixture.task(calendar: calendar, title: "Book the lighthouse tour")
        let event = try fixture.event(calendar: calendar, title: "Lighthouse tour", start: "2026-06-01T10:00:00.000Z")
        let index = try fixture.index()
        #expect(try ids(index, "lighthouse", type: "task") == [task.id])
        #expect(try ids(index, "lighthouse", type: "entry") == [entry.id])
        #expect(try ids(index, "lighthouse", type: "event") == [event.id])
        #expect(try ids(index, "lighthouse", type: "dog").isEmpty)
        #expect(Set(try ids(index, "lighthouse")) == [entry.id, task.id, event.id])
    }

    @Test("the limit returns the best hits only")
    func limit() throws {
        for count in 1...6 {
            try fixture.entry(journal: journal, text: Array(repeating: "gravel", count: count).joined(separator: " ") + " road")
        }
        let index = try fixture.index()
        let all = try ids(index, "gravel")
        #expect(all.count == 6)
        #expect(try ids(index, "gravel", limit: 3) == Array(all.prefix(3)))
        #expect(try ids(index, "gravel", limit: 0).isEmpty)
    }

    @Test("FTS operators typed by a person are plain words, never errors")
    func operatorsAreHarmless() throws {
        let both = try fixture.entry(journal: journal, text: "Frost on the canal")
        let canal = try fixture.entry(journal: journal, text: "The canal at noon")
        let pecan = try fixture.entry(journal: journal, text: "Pecan pie")
        let index = try fixture.index()
        for text in ["\"", "*", "-", "(", ")", "^", ":", "\"\"", "* *", "-- -", "NEAR(", "AND", "OR", "NOT", "NEAR(canal frost",
                     "canal AND", "\"canal", "canal\"", "canal*", "title:canal", "{title body}: canal", "canal + frost",
                     "(canal OR pecan)", "canal NOT frost", "NEAR(canal frost, 2)", "^canal", "c\"a\"n*al"] {
            #expect(throws: Never.self, "query \(text)") { _ = try index.search(text) }
        }
        // Punctuation alone is no query; quotes and stars around a word leave the word.
        for text in ["\"", "*", "-", "( )", "^", ":", "\"\" **"] { #expect(try ids(index, text).isEmpty, "query \(text)") }
        #expect(Set(try ids(index, "\"canal\"")) == [both.id, canal.id])
        #expect(Set(try ids(index, "canal*")) == [both.id, canal.id])
        // Operators are not obeyed: NOT and - do not exclude, OR does not widen.
        #expect(try ids(index, "canal -frost") == [both.id])
        #expect(!(try ids(index, "canal OR pecan")).contains(pecan.id))
        #expect(try ids(index, "canal NOT frost").isEmpty, "NOT is a word that no record has")
    }

    @Test("random punctuation and words never make the query fail")
    func fuzzedQueries() throws {
        try fixture.entry(journal: journal, text: "Frost on the canal, crème and café")
        let index = try fixture.index()
        var random = SeededGenerator(seed: 42)
        let pieces = ["\"", "*", "(", ")", "-", "+", ":", "^", "{", "}", ",", "'", "AND", "OR", "NOT", "NEAR", "canal",
                      "crème", "é", "\u{301}", "0", "Ⅻ", "ß", "日本", "🐕", "\\", "%", "_", " ", "\t", "\n", "NEAR/2"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(throws: Never.self, "query \(text.debugDescription)") { _ = try index.search(text) }
        }
    }

    @Test("the snippet marks the matched word, whole and as written")
    func snippetHighlight() throws {
        try fixture.entry(journal: journal, text: "We walked along the canal before breakfast, then home.")
        try fixture.entry(journal: journal, text: "Dessert was a crème brûlée.")
        let index = try fixture.index()
        let hit = try #require(try index.search("can").first)
        #expect(hit.snippet.contains("[canal]"), "snippet: \(hit.snippet)")
        let custom = try #require(try index.search("breakfast", highlight: ("<b>", "</b>")).first)
        #expect(custom.snippet.contains("<b>breakfast</b>"), "snippet: \(custom.snippet)")
        #expect(!custom.snippet.contains("["))
        let accented = try #require(try index.search("creme").first)
        #expect(accented.snippet.contains("[crème]"), "snippet: \(accented.snippet)")
    }

    @Test("names, notes and places are searched too")
    func otherFields() throws {
        let dog = try fixture.put("dog", ["name": "Biscuit", "breed": "Beagle"])
        let placed = try fixture.entry(journal: journal, text: "Morning", location: GeoPoint(latitude: 48.87, longitude: 2.36),
                                       place: "Canal Saint-Martin")
        let calendar = try fixture.calendar()
        let task = try fixture.task(calendar: calendar, title: "Homework", notes: "Quicksort and mergesort")
        let index = try fixture.index()
        #expect(try ids(index, "biscuit") == [dog.id])
        #expect(try ids(index, "martin") == [placed.id])
        #expect(try ids(index, "quicksort") == [task.id])
    }
}
