import Foundation
import Testing
@testable import TroveKit

@Suite("agenda filter and sort")
struct AgendaQueryTests {
    let base = Cal.at("2026-11-18T15:00:00Z")

    var items: [AgendaItem] {
        func at(_ hours: Double?) -> Date? { hours.map { base.addingTimeInterval($0 * 3600) } }
        return [
            AgendaItem(id: "1", kind: .task, title: "Essay", time: at(5), lengthMinutes: 120, itemClass: "ENG110"),
            AgendaItem(id: "2", kind: .event, title: "Lecture", time: at(1), lengthMinutes: 90, itemClass: "CS101"),
            AgendaItem(id: "3", kind: .task, title: "Lab", time: at(1), lengthMinutes: 90, itemClass: "cs101"),
            AgendaItem(id: "4", kind: .event, title: "Dentist", time: at(3), lengthMinutes: 30),
            AgendaItem(id: "5", kind: .task, title: "Reading", time: nil, lengthMinutes: nil, itemClass: "MATH200"),
            AgendaItem(id: "6", kind: .task, title: "apply", time: at(1), lengthMinutes: 45, itemClass: "MATH200"),
        ]
    }

    func ids(_ query: AgendaQuery) throws -> [String] { try query.apply(items).map(\.id) }

    @Test("sorting by due time, ties by title, items without one last in both directions")
    func byDue() throws {
        #expect(try ids(AgendaQuery()) == ["6", "3", "2", "4", "1", "5"])
        #expect(try ids(AgendaQuery(sort: .due, descending: true)) == ["1", "4", "6", "3", "2", "5"])
    }

    @Test("sorting by length, ties by time then title")
    func byLength() throws {
        #expect(try ids(AgendaQuery(sort: .length)) == ["4", "6", "3", "2", "1", "5"])
        #expect(try ids(AgendaQuery(sort: .length, descending: true)) == ["1", "3", "2", "6", "4", "5"])
    }

    @Test("sorting by class ignores case; items without a class last")
    func byClass() throws {
        #expect(try ids(AgendaQuery(sort: .itemClass)) == ["3", "2", "1", "6", "5", "4"])
        #expect(try ids(AgendaQuery(sort: .itemClass, descending: true)) == ["6", "5", "1", "3", "2", "4"])
    }

    @Test("filtering by one or more classes, ignoring case")
    func filter() throws {
        #expect(try ids(AgendaQuery(classes: ["CS101"])) == ["3", "2"])
        #expect(try ids(AgendaQuery(classes: ["math200", "eng110"], sort: .length)) == ["6", "1", "5"])
        #expect(try AgendaQuery().apply([]).isEmpty)
    }

    @Test("an unknown class or sort key is an error listing the known ones")
    func errors() throws {
        #expect(throws: AgendaError.unknownClass("BIO", known: ["CS101", "ENG110", "MATH200"])) {
            try AgendaQuery(classes: ["BIO"]).apply(items)
        }
        #expect(AgendaError.unknownClass("BIO", known: ["CS101", "ENG110"]).description == "no class 'BIO': the classes are CS101, ENG110")
        #expect(AgendaError.unknownClass("BIO", known: []).description.contains("no event or task has a class yet"))
        #expect(throws: AgendaError.unknownSortKey("size", known: ["due", "length", "class"])) { try AgendaSortKey(parsing: "size") }
        #expect(try AgendaSortKey(parsing: "Class") == .itemClass)
        #expect(AgendaQuery.knownClasses(items) == ["CS101", "ENG110", "MATH200"])
        // Known classes given (the store's): one no item has gives nothing; one not known is still an error.
        #expect(try AgendaQuery(classes: ["bio"]).apply(items, known: ["BIO", "CS101"]).isEmpty)
        #expect(throws: AgendaError.unknownClass("CHEM", known: ["BIO"])) { try AgendaQuery(classes: ["CHEM"]).apply([], known: ["BIO"]) }
    }
}
