import Foundation

/// An event or a task as the agenda lists it.
public struct AgendaItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case event, task }

    public var id: String
    public var kind: Kind
    /// The line the agenda shows: for a task `☐ Essay 2 [ENGL101]`, for a series `Standup ↻`.
    public var title: String
    /// The title as the record holds it, without the decorations of `title` (what `--json` prints).
    public var storedTitle: String
    /// An event's start or a task's due time.
    public var time: Date?
    /// An event occurrence's end.
    public var end: Date?
    /// Whether the event repeats (an occurrence of a series); `false` for tasks.
    public var repeats: Bool
    /// Whether the task is done; `nil` for events.
    public var done: Bool?
    /// The group whose shared calendar it comes from; `nil` for the user's own.
    public var group: String?
    /// An event's length (end − start) or a task's estimate, in minutes.
    public var lengthMinutes: Int?
    /// The course or class: "CS101".
    public var itemClass: String?
    /// Whether it is an occurrence of an all-day event (its time is then the day's start).
    public var allDay: Bool

    public init(id: String, kind: Kind, title: String, time: Date? = nil, lengthMinutes: Int? = nil, itemClass: String? = nil,
                allDay: Bool = false, storedTitle: String? = nil, end: Date? = nil, repeats: Bool = false, done: Bool? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.storedTitle = storedTitle ?? title
        self.time = time
        self.end = end
        self.repeats = repeats
        self.done = done
        self.lengthMinutes = lengthMinutes
        self.itemClass = itemClass
        self.allDay = allDay
    }

    /// A task: `☐ Essay 2 [ENGL101]` (`☑` once done), due at its due time, as long as its estimate.
    public init(task: Assignment) {
        self.init(id: task.id, kind: .task, title: (task.done ? "☑ " : "☐ ") + task.shownTitle + (task.classLabel.map { " [\($0)]" } ?? ""),
                  time: task.due, lengthMinutes: task.estimateMinutes, itemClass: task.classLabel, storedTitle: task.title, done: task.done)
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
        try order(items, known: known.map { known in { known } }).map { items[$0] }
    }

    /// The positions in `items` of the items `apply` gives, in its order: a long agenda is printed from
    /// them without copying its items into a new array.
    ///
    /// - Parameter knownOverall: every class there is, asked for only when a wanted class is not among the
    ///   items' (a store's classes take reading all its events and tasks).
    public func order(_ items: [AgendaItem], known knownOverall: (() throws -> [String])? = nil) throws -> [Int] {
        let wanted = Set(classes.map { $0.lowercased() })
        if !classes.isEmpty {
            var known = Self.knownClasses(items)
            if !wanted.isSubset(of: known.map { $0.lowercased() }), let every = try knownOverall?() { known = every }
            if let unknown = classes.first(where: { !known.map { $0.lowercased() }.contains($0.lowercased()) }) {
                throw AgendaError.unknownClass(unknown, known: known)
            }
        }
        let kept = items.indices.filter { index in
            wanted.isEmpty || items[index].itemClass.map { wanted.contains($0.lowercased()) } == true
        }
        // Positions are sorted, by keys taken out of the items once (copying an item copies its strings),
        // and a title is lowercased only when a tie needs it, once: a year's agenda is tens of thousands of items.
        let times = items.map(\.time)
        var lowered = [String?](repeating: nil, count: items.count)
        // Titles that are not ASCII, lowercased by their Unicode mappings once each: the occurrences of a series share one.
        var mapped: [String: String] = [:]
        func title(_ index: Int) -> String {
            if let title = lowered[index] { return title }
            let text = items[index].title
            let title: String
            if let ascii = Self.asciiLowercased(text) {
                title = ascii
            } else if let known = mapped[text] {
                title = known
            } else {
                title = text.lowercased()
                mapped[text] = title
            }
            lowered[index] = title
            return title
        }
        /// The fixed order of ties: by time, title ignoring case, then position.
        func tie(_ a: Int, _ b: Int) -> Bool {
            if let order = Self.compare(times[a], times[b]) { return order }
            if let order = Self.asciiCaselessOrder(items[a].title, items[b].title) {
                if order != 0 { return order < 0 }
            } else {
                let (titleA, titleB) = (title(a), title(b))
                if titleA != titleB { return titleA < titleB }
            }
            return a < b
        }
        let descending = descending
        switch sort {
        case .due:
            return kept.sorted { a, b in Self.compare(times[a], times[b], descending: descending) ?? tie(a, b) }
        case .length:
            let lengths = items.map(\.lengthMinutes)
            return kept.sorted { a, b in Self.compare(lengths[a], lengths[b], descending: descending) ?? tie(a, b) }
        case .itemClass:
            let classes = items.map { $0.itemClass?.lowercased() }
            return kept.sorted { a, b in Self.compare(classes[a], classes[b], descending: descending) ?? tie(a, b) }
        }
    }

    /// How ASCII texts compare as their `lowercased()` forms would (-1, 0 or 1), without making them; nil
    /// when either is not ASCII. Most ties of an agenda are broken so, with no string made for either title.
    static func asciiCaselessOrder(_ a: String, _ b: String) -> Int? {
        // The strings' own bytes, without copies of them (a bridged string has none to lend, and is left to lowercasing).
        let order = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second -> Int? in
                guard first.allSatisfy({ $0 < 0x80 }), second.allSatisfy({ $0 < 0x80 }) else { return nil }
                func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
                for (x, y) in zip(first, second) where lower(x) != lower(y) { return lower(x) < lower(y) ? -1 : 1 }
                return first.count == second.count ? 0 : first.count < second.count ? -1 : 1
            }
        }
        return order.flatMap { $0 }.flatMap { $0 }
    }

    /// `text.lowercased()` for ASCII text, by bytes (lowercasing looks up every character's mapping, and a
    /// year's agenda lowercases tens of thousands of titles to break ties); nil for any other text.
    static func asciiLowercased(_ text: String) -> String? {
        let lowered = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
                return bytes.count
            }
        }
        return lowered.flatMap { $0 }
    }

    /// Every class the items have, once each (first spelling wins), sorted ignoring case.
    public static func knownClasses(_ items: [AgendaItem]) -> [String] {
        var seen: [String: String] = [:]
        for name in items.compactMap(\.itemClass) where seen[name.lowercased()] == nil { seen[name.lowercased()] = name }
        return seen.keys.sorted().map { seen[$0]! }
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
