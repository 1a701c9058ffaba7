import CICal

/// Writes `ICalComponent` values as iCalendar text through libical, which folds long
/// lines at 75 octets and escapes TEXT values.
///
/// A VCALENDAR gets a VTIMEZONE (`ICalZoneDefinitions`) for every TZID its components name and it does not
/// define itself, ahead of its events, so every file written is complete (RFC 5545 §3.2.19).
public enum ICalWriter {
    /// The text of `component` (normally a VCALENDAR), lines ending in CRLF.
    public static func text(_ component: ICalComponent) throws(ICalError) -> String {
        let result: Result<String, ICalError> = ICalLibrary.locked {
            do throws(ICalError) {
                let zones = component.name == "VCALENDAR" ? missingZones(component) : []
                let owner = ICalOwnedComponent(try build(component, zones: zones))
                return .success(ICalLibrary.takeString(icalcomponent_as_ical_string_r(owner.pointer)) ?? "")
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The TZIDs the properties of `calendar`'s components name, in order of first use, less those it defines.
    static func missingZones(_ calendar: ICalComponent) -> [String] {
        let defined = Set(calendar.components("VTIMEZONE").compactMap { $0.property("TZID")?.value })
        var used: [String] = []
        func walk(_ component: ICalComponent) {
            for property in component.properties {
                if let tzid = property.parameter("TZID"), !defined.contains(tzid), !used.contains(tzid) { used.append(tzid) }
            }
            component.components.forEach(walk)
        }
        walk(calendar)
        return used
    }

    /// A new libical component, with a VTIMEZONE for each of `zones` before its children; the caller owns it.
    private static func build(_ component: ICalComponent, zones: [String] = []) throws(ICalError) -> OpaquePointer {
        let kind = component.name.withCString { icalcomponent_string_to_kind($0) }
        let made = kind == ICAL_NO_COMPONENT || kind == ICAL_X_COMPONENT
            ? component.name.withCString { icalcomponent_new_x($0) }
            : icalcomponent_new(kind)
        guard let pointer = made else { throw .unwritable(property: "BEGIN", value: component.name) }
        do throws(ICalError) {
            for property in component.properties {
                // The component takes ownership of each property and child.
                icalcomponent_add_property(pointer, try build(property))
            }
            for zone in zones {
                guard let definition = ICalZoneDefinitions.vtimezone(zone) else { throw ICalError.unknownTimeZone(zone) }
                icalcomponent_add_component(pointer, definition)
            }
            for child in component.components {
                icalcomponent_add_component(pointer, try build(child))
            }
        } catch {
            icalcomponent_free(pointer)
            throw error
        }
        return pointer
    }

    private static func build(_ property: ICalProperty) throws(ICalError) -> OpaquePointer {
        if let text = property.text {
            let kind = property.name.withCString { icalproperty_string_to_kind($0) }
            if kind != ICAL_NO_PROPERTY && kind != ICAL_X_PROPERTY, let made = icalproperty_new(kind),
               let value = text.withCString({ icalvalue_new_text($0) })
            {
                icalproperty_set_value(made, value)
                addParameters(property.parameters, to: made)
                return made
            }
            // An X- property: its value is written as given, so escape it here.
            return try fromString(property.name, escape(text), property.parameters)
        }
        return try fromString(property.name, property.value, property.parameters)
    }

    private static func fromString(_ name: String, _ value: String, _ parameters: [ICalProperty.Parameter]) throws(ICalError) -> OpaquePointer {
        var line = name
        for parameter in parameters { line += ";\(parameter.name)=\(quoted(parameter.value))" }
        line += ":\(value)"
        trove_ical_clear_errno()
        guard let made = line.withCString({ icalproperty_new_from_string($0) }) else {
            throw .unwritable(property: name, value: value)
        }
        return made
    }

    private static func addParameters(_ parameters: [ICalProperty.Parameter], to property: OpaquePointer) {
        for parameter in parameters {
            let text = "\(parameter.name)=\(quoted(parameter.value))"
            if let made = text.withCString({ icalparameter_new_from_string($0) }) {
                icalproperty_add_parameter(property, made)
            }
        }
    }

    /// Parameter values with `:`, `;` or `,` must be quoted.
    private static func quoted(_ value: String) -> String {
        value.contains(where: { ":;,".contains($0) }) ? "\"\(value.replacingOccurrences(of: "\"", with: "'"))\"" : value
    }

    /// RFC 5545 TEXT escaping, for properties libical does not know the type of; vCard (RFC 2426, 6350) escapes text the same way.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.append(character)
            }
        }
        return out
    }
}
