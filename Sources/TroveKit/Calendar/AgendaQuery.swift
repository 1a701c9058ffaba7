import Foundation

/// An event or a task as the agenda lists it.
public struct AgendaItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case event, task }

    public var id: String
    public var kind: Kind
    public var title: String
    /// An event's start or a task's due time.
    public var time: Date?
    /// An event's length (end − start) or a task's estimate, in minutes.
    public var lengthMinutes: Int?
    /// The course or class: "CS101".
    public var itemClass: String?
    /// Whether it is an occurrence of an all-day event (its time is then the day's start).
    public var allDay: Bool

    public init(id: String, kind: Kind, title: String, time: Date? = nil, lengthMinutes: Int? = nil, itemClass: String? = nil,
                allDay: Bool = false) {
        self.id = id
        self.kind = kind
        self.title = title
        self.time = time
        self.lengthMinutes = lengthMinutes
        self.itemClass = itemClass
        self.allDay = allDay
    }

    /// A task: `☐ Essay 2 [ENGL101]` (`☑` once done), due at its due time, as long as its estimate.
    public init(task: Assignment) {
        self.init(id: task.id, kind: .task, title: (task.done ? "☑ " : "☐ ") + task.title + (task.classLabel.map { " [\($0)]" } ?? ""),
                  time: task.due, lengthMinutes: task.estimateMinutes, itemClass: task.classLabel)
    }
}

/// What the agenda sorts by.
public enum AgendaSortKey: String, CaseIterable, Sendable {
    /// An event's start or a task's due time.
    case due
    /// An event's length or a task's estimate.
    case length
    /// The class, alphabetically (ignoring case).
    case itemClass = "class"

    /// The key named `text` (`due`, `length`, `class`; any case), or an error listing them.
    public init(parsing text: String) throws {
        guard let key = AgendaSortKey(rawValue: text.lowercased()) else {
            throw AgendaError.unknownSortKey(text, known: Self.allCases.map(\.rawValue))
        }
        self = key
    }
}

/// The agenda's filter by class and its order (K5).
public struct AgendaQuery: Hashable, Sendable {
    /// The classes to keep, matched ignoring case; empty keeps every item.
    public var classes: [String]
    public var sort: AgendaSortKey
    public var descending: Bool

    public init(classes: [String] = [], sort: AgendaSortKey = .due, descending: Bool = false) {
        self.classes = classes
        self.sort = sort
        self.descending = descending
    }

    /// The items of the wanted classes, in order; an empty result means "No events".
    ///
    /// Items missing the sort value (no due time, no length, no class) come last in either direction.
    /// Ties keep a fixed order whatever the direction: by time (earliest first, none last), then title
    /// ignoring case, then the order given. A class that is not in `known` (by default, the classes the
    /// items have) is an error listing the known ones; a known class no item has gives no items.
    public func apply(_ items: [AgendaItem], known: [String]? = nil) throws -> [AgendaItem] {
        let known = known ?? Self.knownClasses(items)
        let wanted = Set(classes.map { $0.lowercased() })
        if let unknown = classes.first(where: { !known.map { $0.lowercased() }.contains($0.lowercased()) }) {
            throw AgendaError.unknownClass(unknown, known: known)
        }
        let kept = items.enumerated().filter { _, item in
            wanted.isEmpty || item.itemClass.map { wanted.contains($0.lowercased()) } == true
        }
        return kept.sorted { a, b in
            if let order = primary(a.element, b.element) { return order }
            if let order = Self.compare(a.element.time, b.element.time) { return order }
            let (titleA, titleB) = (a.element.title.lowercased(), b.element.title.lowercased())
            if titleA != titleB { return titleA < titleB }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Every class the items have, once each (first spelling wins), sorted ignoring case.
    public static func knownClasses(_ items: [AgendaItem]) -> [String] {
        var seen: [String: String] = [:]
        for name in items.compactMap(\.itemClass) where seen[name.lowercased()] == nil { seen[name.lowercased()] = name }
        return seen.keys.sorted().map { seen[$0]! }
    }

    /// The sort key's order of `a` and `b` (true: `a` first), or nil if they tie.
    private func primary(_ a: AgendaItem, _ b: AgendaItem) -> Bool? {
        switch sort {
        case .due: return Self.compare(a.time, b.time, descending: descending)
        case .length: return Self.compare(a.lengthMinutes, b.lengthMinutes, descending: descending)
        case .itemClass: return Self.compare(a.itemClass?.lowercased(), b.itemClass?.lowercased(), descending: descending)
        }
    }

    /// Whether `a` goes before `b`, with missing values last in both directions; nil if equal.
    private static func compare<T: Comparable>(_ a: T?, _ b: T?, descending: Bool = false) -> Bool? {
        switch (a, b) {
        case (nil, nil): return nil
        case (nil, _): return false
        case (_, nil): return true
        case let (a?, b?): return a == b ? nil : (descending ? a > b : a < b)
        }
    }
}

/// A filter or sort the agenda cannot apply.
public enum AgendaError: Error, Equatable, CustomStringConvertible, UserFacingError {
    case unknownClass(String, known: [String])
    case unknownSortKey(String, known: [String])

    public var description: String {
        switch self {
        case .unknownClass(let name, let known):
            return known.isEmpty ? "no class '\(name)': no event or task has a class yet"
                                 : "no class '\(name)': the classes are \(known.joined(separator: ", "))"
        case .unknownSortKey(let name, let known):
            return "cannot sort by '\(name)': use \(known.joined(separator: ", "))"
        }
    }
}
