import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("time ranges and tags")
struct TimeAndTagsTests {
    let fixture: IndexFixture

    init() throws { fixture = try IndexFixture() }

    /// `records` sorted the way range queries return them: by start, then id.
    func inStartOrder(_ records: [Record]) -> [String] {
        records.map { ($0.value["start"]?.stringValue ?? $0.value["date"]?.stringValue ?? $0.value["due"]?.stringValue ?? "", $0.id) }
            .sorted { $0 < $1 }.map(\.1)
    }

    @Test("entries by date: the range is half-open, from included and to excluded")
    func entriesHalfOpen() throws {
        let journal = try fixture.journal()
        let dates = ["2026-02-28T23:59:59.999Z", "2026-03-01T00:00:00.000Z", "2026-03-15T12:00:00.000Z",
                     "2026-03-15T12:00:00.000Z", "2026-03-31T23:59:59.999Z", "2026-04-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z"]
        let entries = try dates.map { try fixture.entry(journal: journal, text: "day", date: $0) }
        let index = try fixture.index()
        let inside = entries.filter { $0.value["date"]!.stringValue! >= "2026-03" && $0.value["date"]!.stringValue! < "2026-04" }
        #expect(inside.count == 4)
        let answer = try index.records(type: "entry", overlappingFrom: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z")
        #expect(answer.ids == inStartOrder(inside))
        // Dates without a time bound the same days.
        #expect(try index.records(type: "entry", overlappingFrom: "2026-03-01", to: "2026-04-01").ids == inStartOrder(inside))
        // An empty range and a reversed range hold nothing.
        #expect(try index.records(type: "entry", overlappingFrom: "2026-03-01T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z").isEmpty)
        #expect(try index.records(type: "entry", overlappingFrom: "2026-04-01", to: "2026-03-01").isEmpty)
        // Paging walks the same list.
        let paged = try (0..<3).flatMap { page in
            try index.records(type: "entry", overlappingFrom: "2026-03-01", to: "2026-04-01", page: IndexPage(offset: page * 2, limit: 2)).ids
        }
        #expect(paged == inStartOrder(inside))
    }

    @Test("events overlapping a range: spans across its edges count, touching its start does not")
    func eventsOverlap() throws {
        let calendar = try fixture.calendar()
        var expected: [Record] = [], excluded: [String: String] = [:]
        /// Adds an event and notes whether it should be in the answer.
        func event(_ title: String, _ start: String, _ end: String?, rrule: String? = nil, inside: Bool) throws {
            let record = try fixture.event(calendar: calendar, title: title, start: start, end: end, rrule: rrule)
            if inside { expected.append(record) } else { excluded[record.id] = title }
        }
        try event("across from", "2026-05-09T22:00:00.000Z", "2026-05-10T02:00:00.000Z", inside: true)
        try event("across to", "2026-05-10T23:00:00.000Z", "2026-05-11T01:00:00.000Z", inside: true)
        try event("around", "2026-05-01T00:00:00.000Z", "2026-05-20T00:00:00.000Z", inside: true)
        try event("within", "2026-05-10T09:00:00.000Z", "2026-05-10T10:00:00.000Z", inside: true)
        try event("no end", "2026-05-10T12:00:00.000Z", nil, inside: true)
        try event("all day", "2026-05-10", "2026-05-11", inside: true)
        try event("ends at from", "2026-05-09T23:00:00.000Z", "2026-05-10T00:00:00.000Z", inside: false)
        try event("starts at to", "2026-05-11T00:00:00.000Z", "2026-05-11T01:00:00.000Z", inside: false)
        try event("all day before", "2026-05-09", "2026-05-10", inside: false)
        try event("before", "2026-05-01T09:00:00.000Z", "2026-05-01T10:00:00.000Z", inside: false)
        try event("after", "2026-06-01T09:00:00.000Z", "2026-06-01T10:00:00.000Z", inside: false)
        try event("series ended", "2026-04-01T09:00:00.000Z", "2026-04-01T10:00:00.000Z",
                  rrule: "FREQ=DAILY;UNTIL=20260501T000000Z", inside: false)
        try event("series until later", "2026-04-01T09:00:00.000Z", "2026-04-01T10:00:00.000Z",
                  rrule: "FREQ=DAILY;UNTIL=20260601T000000Z", inside: true)
        try event("series until that day", "2026-04-01T09:00:00.000Z", "2026-04-01T10:00:00.000Z",
                  rrule: "FREQ=WEEKLY;UNTIL=20260510", inside: true)
        try event("series forever", "2025-01-06T09:00:00.000Z", "2025-01-06T10:00:00.000Z", rrule: "FREQ=WEEKLY;BYDAY=MO", inside: true)
        try event("series later", "2026-07-01T09:00:00.000Z", "2026-07-01T10:00:00.000Z", rrule: "FREQ=WEEKLY", inside: false)
        let index = try fixture.index()
        let answer = try index.records(type: "event", overlappingFrom: "2026-05-10T00:00:00.000Z", to: "2026-05-11T00:00:00.000Z")
        let wrong = answer.ids.compactMap { excluded[$0] }
        #expect(wrong.isEmpty, "events outside the range: \(wrong)")
        #expect(answer.ids == inStartOrder(expected))
        // A series without UNTIL reaches any future range; one with UNTIL stops there.
        let far = try index.records(type: "event", overlappingFrom: "2030-01-01", to: "2030-02-01")
        #expect(far.compactMap(\.label) == ["series forever", "series later"])
    }

    @Test("tasks by due time; tasks without one are in no range")
    func tasksByDue() throws {
        let calendar = try fixture.calendar()
        let early = try fixture.task(calendar: calendar, title: "early", due: "2026-09-01T08:00:00.000Z")
        let late = try fixture.task(calendar: calendar, title: "late", due: "2026-09-19T03:59:00.000Z")
        try fixture.task(calendar: calendar, title: "outside", due: "2026-10-01T00:00:00.000Z")
        try fixture.task(calendar: calendar, title: "someday")
        let index = try fixture.index()
        #expect(try index.records(type: "task", overlappingFrom: "2026-09-01", to: "2026-10-01").ids == [early.id, late.id])
        #expect(try index.records(type: "task", overlappingFrom: "0000", to: "9999").count == 3)
        #expect(try index.records(type: "event", overlappingFrom: "2026-09-01", to: "2026-10-01").isEmpty, "the type filter")
    }

    @Test("tags with their counts, most used first, for all types or one")
    func tagCounts() throws {
        let journal = try fixture.journal(), calendar = try fixture.calendar()
        let tagged: [(type: String, tags: [String])] = [
            ("entry", ["walk", "rain"]), ("entry", ["walk"]), ("entry", ["walk", "park", "café"]), ("entry", []),
            ("event", ["walk", "lecture"]), ("event", ["lecture"]), ("entry", ["rain"]),
        ]
        var records: [(type: String, tags: [String], id: String)] = []
        for (number, item) in tagged.enumerated() {
            let date = timestamp(minutes: number * 1_000)
            let record = item.type == "entry"
                ? try fixture.entry(journal: journal, text: "entry \(number)", date: date, tags: item.tags)
                : try fixture.event(calendar: calendar, title: "event \(number)", start: date, categories: item.tags)
            records.append((item.type, item.tags, record.id))
        }
        let index = try fixture.index()
        /// The expected tag list: counted here, ordered by count descending then tag.
        func expected(_ type: String?) -> [String] {
            var counts: [String: Int] = [:]
            for record in records where type == nil || record.type == type { for tag in record.tags { counts[tag, default: 0] += 1 } }
            return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
        }
        #expect(try index.tags().map { "\($0.tag) \($0.count)" } == expected(nil))
        #expect(try index.tags(type: "entry").map { "\($0.tag) \($0.count)" } == expected("entry"))
        #expect(try index.tags(type: "event").map { "\($0.tag) \($0.count)" } == expected("event"))
        #expect(try index.tags(type: "dog").isEmpty)
        #expect(expected(nil).first == "walk 4")

        // records(tagged:) is newest first (by start), with the type filter and paging.
        let walks = records.filter { $0.tags.contains("walk") }.map(\.id).reversed() as [String]
        #expect(try index.records(tagged: "walk").ids == walks)
        #expect(try index.records(tagged: "walk", type: "entry").ids == walks.filter { id in records.contains { $0.id == id && $0.type == "entry" } })
        #expect(try index.records(tagged: "walk", page: IndexPage(offset: 1, limit: 2)).ids == Array(walks.dropFirst().prefix(2)))
        #expect(try index.records(tagged: "Walk").isEmpty, "tags are case-sensitive")
        #expect(try index.records(tagged: "nothing").isEmpty)
    }

    @Test("editing and deleting tagged records updates the counts")
    func tagsFollowEdits() throws {
        let journal = try fixture.journal()
        let first = try fixture.entry(journal: journal, text: "one", tags: ["walk", "rain"])
        let second = try fixture.entry(journal: journal, text: "two", tags: ["walk"])
        let index = try fixture.index()
        #expect(try index.tags().map { "\($0.tag) \($0.count)" } == ["walk 2", "rain 1"])
        try fixture.edit(first.id, ["tags": ["rain", "snow"]])
        try index.catchUp()
        #expect(try index.tags().map { "\($0.tag) \($0.count)" } == ["rain 1", "snow 1", "walk 1"])
        try fixture.delete(second.id)
        try fixture.edit(first.id, ["tags": nil])
        try index.catchUp()
        #expect(try index.tags().isEmpty)
    }
}
