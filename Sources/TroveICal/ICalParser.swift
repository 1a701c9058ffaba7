import CICal
import Foundation
import TroveParallel

/// Reads iCalendar text with libical into `ICalComponent` values.
public enum ICalParser {
    /// The VCALENDAR in `text` (several VCALENDARs are merged into one).
    ///
    /// Bad properties do not throw: libical drops them and leaves an `X-LIC-ERROR`
    /// property in their component (see `ICalComponent.parseProblems`, with lines).
    public static func parse(_ text: String) throws(ICalError) -> ICalComponent {
        try parse(text, parallelSiblings: ICalTreeReader.parallelSiblings)
    }

    /// `parse(_:)`, reading components on every core when they have at least `parallelSiblings` siblings.
    static func parse(_ text: String, parallelSiblings: Int, splitting: Bool = true) throws(ICalError) -> ICalComponent {
        var text = text
        if text.first == "\u{FEFF}" { text.removeFirst() }
        // libical parses on other threads while the lines are found here (they are needed only to read its tree,
        // and took 37 ms of 100 for a 10,000-event file), unless the text is no calendar or may nest deeper than is
        // safe for libical's recursion: then `ICalLines` refuses it below, before libical ever sees it. A large
        // calendar is parsed in two halves at once (`ICalSplit`), the whole text otherwise.
        var early = ICalLines.mayParseAhead(text) ? ParseAhead(text, splitting: splitting) : nil
        // A parse not taken (a cut or refused text, a split the lines do not confirm) is freed once it is done.
        defer { if let early { early.discard() } }
        var lines = ICalLines(text)
        let cut = !lines.unterminated.isEmpty
        // A component without its END would swallow the rest of the file: it is cut out and named instead.
        var unterminated: [ICalComponent] = []
        if !lines.unterminated.isEmpty {
            for index in lines.unterminated {
                let block = lines.blocks[index]
                var component = ICalComponent(block.name)
                component.line = lines.number(at: block.begin)
                for own in lines.ownLines(of: block) where lines.lines[own].name == "UID" {
                    component.properties.append(ICalProperty("UID", ICalLines.value(lines.lines[own].text)))
                }
                unterminated.append(component)
            }
            lines = lines.removing(lines.unterminated)
            text = lines.text
        }
        guard lines.blocks.contains(where: { $0.name == "VCALENDAR" }) else {
            let first = lines.lines.first.map { String($0.text.prefix(60)) } ?? ""
            throw .notICalendar(found: first)
        }
        if let deep = lines.tooDeep {
            throw .unreadable(line: lines.number(at: deep),
                              reason: "components are nested more than \(ICalLines.maximumDepth) deep (BEGIN:\(ICalLines.value(lines.lines[deep].text).prefix(40)) "
                                  + "inside \(ICalLines.maximumDepth) others); a calendar nests a few at most")
        }
        // The halves, when the lines confirm the split and no block was cut out of the text: the first holds the
        // calendar, its zones and everything before the cut; the second's events and tasks follow them.
        var parsedEarly: OpaquePointer?
        if !cut, let ahead = early {
            early = nil
            switch ahead.take() {
            case .whole(let root): parsedEarly = root
            case .halves(let split, let first, let second):
                if let later = split.confirmed(by: lines) {
                    if let root = read(first, second, later: later, lines: lines, parallelSiblings: parallelSiblings) { return root }
                } else {
                    for root in [first, second].compactMap({ $0 }) { ICalLibrary.freeLater(ICalOwnedComponent(root)) }
                }
            }
        }
        let parsed: (tree: ICalComponent, owner: ICalOwnedComponent)? = ICalLibrary.locked {
            guard let root = parsedEarly ?? text.withCString({ icalparser_parse_string($0) }) else { return nil }
            let owner = ICalOwnedComponent(root)
            let walker = ICalTreeReader(lines: lines, root: owner.pointer, parallelSiblings: parallelSiblings)
            return (walker.read(owner.pointer, candidates: lines.topLevel), owner)
        }
        // Everything is copied out: libical's tree is freed on another thread (a 10,000-event file's took 32 ms),
        // while the caller reads the copy.
        if let owner = parsed?.owner { ICalLibrary.freeLater(owner) }
        guard var root = parsed?.tree else {
            if let open = lines.unclosed.first {
                throw .unreadable(line: lines.number(at: open.begin),
                                  reason: "BEGIN:\(open.name) has no END:\(open.name) (is the file cut short?)")
            }
            throw .unreadable(line: 0, reason: "libical found no calendar in it")
        }
        if root.name == "XROOT" {
            // Several VCALENDARs: one calendar holding all their components.
            let calendars = root.components("VCALENDAR")
            guard var first = calendars.first else { throw .unreadable(line: 0, reason: "libical found no VCALENDAR in it") }
            for other in calendars.dropFirst() { first.components += other.components }
            root = first
        }
        guard root.name == "VCALENDAR" else {
            throw .unreadable(line: root.line, reason: "the outer component is \(root.name), not VCALENDAR")
        }
        root.unterminated = unterminated
        return root
    }
    /// The calendar of a split text from libical's trees of its halves (freed on another thread after), or `nil`
    /// when libical read a half otherwise than the lines (then the whole text is parsed instead).
    private static func read(_ first: OpaquePointer?, _ second: OpaquePointer?, later: [Int], lines: ICalLines,
                             parallelSiblings: Int) -> ICalComponent? {
        let owners = [first, second].compactMap { $0 }.map(ICalOwnedComponent.init)
        defer { owners.forEach(ICalLibrary.freeLater) }
        guard let first, let second else { return nil }
        // The first half holds the calendar, its zones and everything before the cut; the second's events and
        // tasks follow them (its own copies of the zones are left out).
        var root = ICalLibrary.locked {
            ICalTreeReader(lines: lines, root: first, parallelSiblings: parallelSiblings).read(first, candidates: lines.topLevel)
        }
        let rest = ICalLibrary.locked {
            ICalTreeReader(lines: lines, root: second, parallelSiblings: parallelSiblings).read(second, candidates: lines.topLevel, children: later)
        }
        guard root.name == "VCALENDAR", rest.name == "VCALENDAR" else { return nil }
        root.components += rest.components.filter { $0.name != "VTIMEZONE" }
        return root
    }
}

/// Owns a libical component tree and frees it: by `free()`, or when the last reference goes, each holding
/// `ICalLibrary`'s lock.
final class ICalOwnedComponent: @unchecked Sendable {
    let pointer: OpaquePointer
    private var freed = false
    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// Frees the tree now; call holding `ICalLibrary`'s lock. The last reference then frees nothing.
    func free() {
        guard !freed else { return }
        icalcomponent_free(pointer)
        freed = true
    }

    deinit { free() }
}

/// Copies a libical tree into Swift values; call only while holding `ICalLibrary`'s lock.
///
/// A calendar's components are read on every core (half of reading a 10,000-event file's tree was on one):
/// libical keeps its iterators in each component and property, so threads reading different components share
/// nothing but the calendar's time zones, which `ICalZones.Resolved` looks up one thread at a time (and whose
/// expansion libical guards with its own lock).
struct ICalTreeReader: @unchecked Sendable {
    let lines: ICalLines
    /// The VCALENDAR (or XROOT) whose VTIMEZONEs resolve TZIDs.
    let root: OpaquePointer
    /// What each TZID resolved to in `root`.
    private let zones = ICalZones.Resolved()

    /// A component read on every core has at least this many siblings.
    static let parallelSiblings = 512
    private let parallelSiblings: Int

    init(lines: ICalLines, root: OpaquePointer, parallelSiblings: Int = Self.parallelSiblings) {
        self.lines = lines
        self.root = root
        self.parallelSiblings = parallelSiblings
    }

    /// Copies `component`; `candidates` are the blocks its BEGIN line may be among.
    ///
    /// The n-th child of a name is paired with the n-th block of that name in its parent
    /// (libical keeps events in file order, though it may move VTIMEZONEs around).
    /// `children`, when given, are the blocks the component's children are among (the second half of a split
    /// calendar holds only the later ones); else all the blocks inside its own.
    func read(_ component: OpaquePointer, candidates: [Int], index: Int = 0, children: [Int]? = nil) -> ICalComponent {
        read(component, index: index, sameNames: byName(candidates), childBlocks: children)
    }

    /// The blocks among `candidates` by the name a libical component is matched with: its own, or `X-` for
    /// any X- block. Grouped once for all the siblings: filtering them again for each of a calendar's 10,000
    /// events made reading a file quadratic.
    private func byName(_ candidates: [Int]) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for candidate in candidates {
            let name = lines.blocks[candidate].name
            groups[name.hasPrefix("X-") ? "X-" : name, default: []].append(candidate)
        }
        return groups
    }

    /// A child component and its number among its parent's children of the same name.
    private struct Child: @unchecked Sendable {
        let pointer: OpaquePointer
        let index: Int
    }

    /// The children of `component`, each with its number among those of its name (X components count together).
    private func children(of component: OpaquePointer, xKey: String) -> [Child] {
        var result: [Child] = []
        var counts: [String: Int] = [:]
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            let kind = icalcomponent_isa(current)
            let key = kind == ICAL_X_COMPONENT ? xKey : (ICalLibrary.string(icalcomponent_kind_to_string(kind)) ?? xKey)
            result.append(Child(pointer: current, index: counts[key, default: 0]))
            counts[key, default: 0] += 1
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return result
    }

    private func read(_ children: [Child], sameNames: [String: [Int]]) -> [ICalComponent] {
        guard children.count >= parallelSiblings else { return children.map { read($0.pointer, index: $0.index, sameNames: sameNames) } }
        // Zones first, on this thread. libical expands a zone for another thread's event by walking its VTIMEZONE
        // with the iterators kept in the component, the ones reading it walks too: read at once, a zone lost or
        // doubled a STANDARD or a property (a test failed once in three runs).
        var zonesRead: [Int: ICalComponent] = [:]
        for (position, child) in children.enumerated() where icalcomponent_isa(child.pointer) == ICAL_VTIMEZONE_COMPONENT {
            zonesRead[position] = read(child.pointer, index: child.index, sameNames: sameNames)
        }
        let zonesCopied = zonesRead
        return Array(children.enumerated()).concurrentMap(minimumChunk: max(1, parallelSiblings / 2)) { position, child in
            zonesCopied[position] ?? read(child.pointer, index: child.index, sameNames: sameNames)
        }
    }

    private func read(_ component: OpaquePointer, index: Int, sameNames: [String: [Int]], childBlocks: [Int]? = nil) -> ICalComponent {
        let kind = icalcomponent_isa(component)
        var name = ICalLibrary.string(icalcomponent_kind_to_string(kind)) ?? "X"
        if name == "XROOT" {
            // Several calendars: their blocks are the top-level ones.
            var result = ICalComponent(name)
            result.components = read(children(of: component, xKey: "X"), sameNames: sameNames)
            return result
        }
        let isX = kind == ICAL_X_COMPONENT
        let sameName = sameNames[isX ? "X-" : name] ?? []
        let blockIndex = sameName.indices.contains(index) ? sameName[index] : nil
        let block = blockIndex.map { lines.blocks[$0] }
        if isX, let block { name = block.name }
        var result = ICalComponent(name)
        if let block {
            result.line = lines.number(at: block.begin)
            result.endLine = lines.number(at: block.end)
        }
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            result.properties.append(readProperty(current))
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        if let block { assignLines(&result.properties, in: block) }
        result.components = read(children(of: component, xKey: "X"), sameNames: byName(childBlocks ?? block?.children ?? []))
        return result
    }

    private func readProperty(_ property: OpaquePointer) -> ICalProperty {
        let name = ICalLibrary.takeString(icalproperty_get_property_name_r(property))?.uppercased() ?? "X"
        let value = ICalLibrary.takeString(icalproperty_get_value_as_string_r(property)) ?? ""
        var result = ICalProperty(name, value, readParameters(property))
        guard let icalValue = icalproperty_get_value(property) else { return result }
        let zoneName = result.parameter("TZID")
        switch icalvalue_isa(icalValue) {
        case ICAL_TEXT_VALUE:
            result.text = ICalLibrary.string(icalvalue_get_text(icalValue))
        case ICAL_DATETIME_VALUE, ICAL_DATE_VALUE:
            result.time = ICalZones.time(icalvalue_get_datetime(icalValue), tzid: zoneName, calendar: root, resolving: zones)
        case ICAL_PERIOD_VALUE:
            let period = icalvalue_get_period(icalValue)
            result.time = ICalZones.time(period.start, tzid: zoneName, calendar: root, resolving: zones)
            result.periodEnd = periodEnd(period, tzid: zoneName)
        case ICAL_DATETIMEPERIOD_VALUE:
            let both = icalvalue_get_datetimeperiod(icalValue)
            let start = icaltime_is_null_time(both.time) != 0 ? both.period.start : both.time
            result.time = ICalZones.time(start, tzid: zoneName, calendar: root, resolving: zones)
            if icaltime_is_null_time(both.time) != 0 { result.periodEnd = periodEnd(both.period, tzid: zoneName) }
        case ICAL_DURATION_VALUE:
            result.duration = Self.duration(icalvalue_get_duration(icalValue))
        case ICAL_TRIGGER_VALUE:
            let trigger = icalvalue_get_trigger(icalValue)
            if icaltime_is_null_time(trigger.time) == 0 {
                result.time = ICalZones.time(trigger.time, tzid: zoneName, calendar: root, resolving: zones)
            } else {
                result.duration = Self.duration(trigger.duration)
            }
        case ICAL_GEO_VALUE:
            let geo = icalvalue_get_geo(icalValue)
            result.geo = ICalProperty.Geo(latitude: geo.lat, longitude: geo.lon)
        default:
            break
        }
        return result
    }

    /// A period's end: its own, or its start plus its duration.
    private func periodEnd(_ period: icalperiodtype, tzid: String?) -> ICalTime? {
        guard let start = ICalZones.time(period.start, tzid: tzid, calendar: root, resolving: zones) else { return nil }
        if icaltime_is_null_time(period.end) == 0 { return ICalZones.time(period.end, tzid: tzid, calendar: root, resolving: zones) }
        var end = start
        end.instant = start.instant.addingTimeInterval(Double(icaldurationtype_as_int(period.duration)))
        return end
    }

    private func readParameters(_ property: OpaquePointer) -> [ICalProperty.Parameter] {
        var result: [ICalProperty.Parameter] = []
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            if let text = ICalLibrary.takeString(icalparameter_as_ical_string_r(current)),
               let equals = text.firstIndex(of: "=")
            {
                var value = String(text[text.index(after: equals)...])
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
                result.append(.init(String(text[..<equals]).uppercased(), value))
            }
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
        }
        return result
    }

    static func duration(_ duration: icaldurationtype) -> ICalDuration {
        let seconds = Int(icaldurationtype_as_int(duration))
        let onlyDays = duration.hours == 0 && duration.minutes == 0 && duration.seconds == 0
        let days = onlyDays ? Int(duration.weeks * 7 + duration.days) * (duration.is_neg != 0 ? -1 : 1) : nil
        return ICalDuration(seconds: seconds, days: days)
    }

    /// Gives each property the line it came from: the n-th property of a name gets the n-th
    /// line of that name; an X-LIC-ERROR gets the line holding the text it quotes.
    private func assignLines(_ properties: inout [ICalProperty], in block: ICalLines.Block) {
        let own = lines.ownLines(of: block)
        var seen: [String: Int] = [:]
        for index in properties.indices {
            let name = properties[index].name
            if name == "X-LIC-ERROR" {
                properties[index].line = errorLine(properties[index].textOrValue, own: own) ?? lines.number(at: block.begin)
                continue
            }
            let matching = own.filter { lines.lines[$0].name == name }
            let count = seen[name, default: 0]
            seen[name] = count + 1
            if let hit = matching.indices.contains(count) ? matching[count] : matching.last {
                properties[index].line = lines.lines[hit].number
            }
        }
    }

    /// The line an X-LIC-ERROR message is about: libical quotes the bad text after its last ": ".
    private func errorLine(_ message: String, own: [Int]) -> Int? {
        let inProperty = message.range(of: #"in ([A-Z0-9-]+) property"#, options: .regularExpression)
            .map { String(message[$0].dropFirst(3).dropLast(9)) }
        let quoted = message.range(of: ": ", options: .backwards).map { String(message[$0.upperBound...]) }
        for index in own {
            let line = lines.lines[index]
            if let inProperty, line.name == inProperty,
               quoted.map({ ICalLines.value(line.text).replacingOccurrences(of: "\\", with: "") .contains($0.replacingOccurrences(of: "\\", with: "")) }) ?? true
            {
                return line.number
            }
        }
        if let quoted, !quoted.isEmpty {
            let plain = quoted.replacingOccurrences(of: "\\", with: "")
            for index in own where lines.lines[index].text.replacingOccurrences(of: "\\", with: "").contains(plain) {
                return lines.lines[index].number
            }
        }
        return nil
    }
}
