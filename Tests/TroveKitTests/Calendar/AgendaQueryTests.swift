import Foundation
import Testing
@testable import TroveKit
import TroveTestSupport

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

    @Test("the store's classes are asked for only when a wanted class is not among the items")
    func knownAskedLazily() throws {
        var asked = 0
        let every = { () -> [String] in asked += 1; return ["BIO", "CS101", "ENG110", "MATH200"] }
        #expect(try AgendaQuery(classes: ["cs101"]).order(items, known: every).count == 2)
        #expect(asked == 0)
        #expect(try AgendaQuery(classes: ["cs101", "bio"]).order(items, known: every).count == 2)
        #expect(asked == 1)
        #expect(throws: AgendaError.unknownClass("CHEM", known: ["BIO", "CS101", "ENG110", "MATH200"])) {
            try AgendaQuery(classes: ["CHEM"]).order(items, known: every)
        }
        #expect(asked == 2)
    }

    /// The order `apply` gave before it sorted positions by keys: items sorted whole, titles lowercased in each comparison.
    static func reference(_ query: AgendaQuery, _ items: [AgendaItem]) -> [AgendaItem] {
        func compare<T: Comparable>(_ a: T?, _ b: T?, descending: Bool = false) -> Bool? {
            switch (a, b) {
            case (nil, nil): return nil
            case (nil, _): return false
            case (_, nil): return true
            case let (a?, b?): return a == b ? nil : (descending ? a > b : a < b)
            }
        }
        let wanted = Set(query.classes.map { $0.lowercased() })
        let kept = items.enumerated().filter { _, item in wanted.isEmpty || item.itemClass.map { wanted.contains($0.lowercased()) } == true }
        return kept.sorted { a, b in
            let primary: Bool?
            switch query.sort {
            case .due: primary = compare(a.element.time, b.element.time, descending: query.descending)
            case .length: primary = compare(a.element.lengthMinutes, b.element.lengthMinutes, descending: query.descending)
            case .itemClass: primary = compare(a.element.itemClass?.lowercased(), b.element.itemClass?.lowercased(), descending: query.descending)
            }
            if let primary { return primary }
            if let order = compare(a.element.time, b.element.time) { return order }
            let (titleA, titleB) = (a.element.title.lowercased(), b.element.title.lowercased())
            if titleA != titleB { return titleA < titleB }
            return a.offset < b.offset
        }.map(\.element)
    }

    @Test("many items with tied times, lengths and classes, and titles in mixed case and scripts: the order of before",
          arguments: [1, 2, 3] as [UInt64])
    func sameOrderAsBefore(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let titles = ["Lecture", "lecture", "LECTURE", "Lab ↻", "lab ↻", "Café", "CAFÉ", "cafe", "Éclair", "éclair", "İstanbul", "istanbul",
                      "Straße", "STRASSE", "漢字", "Zebra", "zebra", "", "Ω", "ω"]
        let classes: [String?] = [nil, "CS101", "cs101", "MATH221", "Math221", "Ärger"]
        let items = (0..<400).map { number -> AgendaItem in
            AgendaItem(id: String(format: "id-%04d", Int(random.next() % 10_000)), kind: random.next() % 4 == 0 ? .task : .event,
                       title: titles[Int(random.next() % UInt64(titles.count))],
                       time: random.next() % 10 == 0 ? nil : base.addingTimeInterval(Double(random.next() % 6) * 900),
                       lengthMinutes: random.next() % 8 == 0 ? nil : Int(random.next() % 4) * 30,
                       itemClass: classes[Int(random.next() % UInt64(classes.count))], allDay: number % 7 == 0)
        }
        for sort in AgendaSortKey.allCases {
            for descending in [false, true] {
                for wanted in [[], ["cs101"], ["math221", "ärger"]] {
                    let query = AgendaQuery(classes: wanted, sort: sort, descending: descending)
                    #expect(try query.apply(items) == Self.reference(query, items), "\(sort) \(descending) \(wanted)")
                    #expect(try query.order(items).map { items[$0] } == Self.reference(query, items))
                }
            }
        }
    }

    @Test("ASCII is lowercased by bytes as lowercased() does; other text is left to it")
    func asciiLowercasing() {
        for text in ["", "Hello World [CS101] @ Room 4", "ABCXYZ@[`{", "already lower 123"] {
            #expect(AgendaQuery.asciiLowercased(text) == text.lowercased())
        }
        #expect(AgendaQuery.asciiLowercased("Café") == nil)
        #expect(AgendaQuery.asciiLowercased("Lab ↻") == nil)
        let texts = ["", "a", "A", "ab", "aB", "Ab", "b", "[x]", "_x", "Zebra", "zebra", "ZEBRAS", "lecture [CS101]", "Lecture [cs101]"]
        for a in texts {
            for b in texts {
                let (x, y) = (a.lowercased(), b.lowercased())
                #expect(AgendaQuery.asciiCaselessOrder(a, b) == (x == y ? 0 : x < y ? -1 : 1), "\(a) \(b)")
            }
        }
        #expect(AgendaQuery.asciiCaselessOrder("Café", "cafe") == nil)
    }
}
