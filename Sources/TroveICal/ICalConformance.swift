import CICal

/// Whether iCalendar text is valid: libical's own restriction check (`icalrestriction_check`), plus the
/// RFC 5545 rules libical 3.0 does not check itself.
///
/// libical 3.0's tables know a VEVENT's DTEND and DURATION exclude each other, but not a VTODO's DUE
/// and DURATION (§3.6.2), that every TZID needs its VTIMEZONE in the file (§3.2.19), or what a VALARM
/// must hold (§3.6.6); those are checked here, so one call says whether another client will read it.
public enum ICalConformance {
    /// What is wrong with `text`, each problem once; empty when it is valid. A file libical cannot
    /// read at all is one problem.
    public static func problems(_ text: String) -> [String] {
        var found: [String] = ICalLibrary.locked {
            guard let root = text.withCString({ icalparser_parse_string($0) }) else { return ["libical cannot read it"] }
            let owner = ICalOwnedComponent(root)
            // The check adds an X-LIC-ERROR to each component it finds at fault, beside the parser's own.
            _ = icalrestriction_check(owner.pointer)
            var messages: [String] = []
            collectErrors(owner.pointer, into: &messages)
            return messages
        }
        do {
            let calendar = try ICalParser.parse(text)
            let defined = Set(calendar.components("VTIMEZONE").compactMap { $0.property("TZID")?.value })
            check(calendar, definedZones: defined, hasMethod: calendar.property("METHOD") != nil, into: &found)
        } catch {
            found.append(error.description)
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    private static func collectErrors(_ component: OpaquePointer, into messages: inout [String]) {
        let name = ICalLibrary.string(icalcomponent_kind_to_string(icalcomponent_isa(component))) ?? "?"
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            messages.append("\(name): " + (ICalLibrary.string(icalproperty_get_xlicerror(current)) ?? "error"))
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            collectErrors(current, into: &messages)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
    }

    /// The rules libical 3.0 leaves out, over `component` and its children.
    private static func check(_ component: ICalComponent, definedZones: Set<String>, hasMethod: Bool, into problems: inout [String]) {
        let name = "\(component.name) \(component.uid.map { "\"\($0)\"" } ?? "")"
        for property in component.properties {
            if let tzid = property.parameter("TZID"), !definedZones.contains(tzid) {
                problems.append("\(name): \(property.name) names TZID \(tzid), which has no VTIMEZONE in the file")
            }
        }
        switch component.name {
        case "VEVENT", "VTODO":
            for required in ["UID", "DTSTAMP"] where component.property(required) == nil {
                problems.append("\(name): has no \(required)")
            }
            if component.name == "VEVENT", component.property("DTSTART") == nil, !hasMethod {
                problems.append("\(name): has no DTSTART")
            }
            if component.name == "VTODO", component.property("DUE") != nil, component.property("DURATION") != nil {
                problems.append("\(name): has both DUE and DURATION (RFC 5545 §3.6.2)")
            }
            if component.name == "VTODO", component.property("DURATION") != nil, component.property("DTSTART") == nil {
                problems.append("\(name): has DURATION without DTSTART")
            }
            if let start = component.property("DTSTART")?.time {
                for other in ["DTEND", "DUE"] {
                    guard let end = component.property(other)?.time else { continue }
                    if end.isDate != start.isDate { problems.append("\(name): \(other) and DTSTART are not both dates or both times") }
                    if (end.zone == .floating) != (start.zone == .floating) && !end.isDate {
                        problems.append("\(name): \(other) is floating and DTSTART is not, or the other way round")
                    }
                }
            }
        case "VALARM":
            let action = component.property("ACTION")?.value.uppercased()
            if action == nil { problems.append("VALARM: has no ACTION") }
            if component.property("TRIGGER") == nil { problems.append("VALARM: has no TRIGGER") }
            if action == "DISPLAY" || action == "EMAIL", component.property("DESCRIPTION") == nil {
                problems.append("VALARM: a \(action ?? "") alarm has no DESCRIPTION (RFC 5545 §3.6.6)")
            }
            if action == "EMAIL", component.property("SUMMARY") == nil || component.property("ATTENDEE") == nil {
                problems.append("VALARM: an EMAIL alarm needs SUMMARY and ATTENDEE (RFC 5545 §3.6.6)")
            }
        default:
            break
        }
        for child in component.components { check(child, definedZones: definedZones, hasMethod: hasMethod, into: &problems) }
    }
}
