import Foundation
import TroveICal
import TroveJSON
import TroveSchema

/// Writes event and task records (or `ICSRecord` fields) as iCalendar text.
///
/// Times with a `timeZone` are written as wall-clock times with `TZID=<zone>` (`ICalWriter` adds the
/// zone's VTIMEZONE), `floating` ones without zone or Z, other times in UTC, all-day values as `VALUE=DATE`. Reading the text back with
/// `ICSReader` gives the same fields, except that times keep whole seconds only. Alarm ids travel as the
/// VALARM's UID; what iCalendar has no property for travels in X-TROVE- properties (see `ICSTroveProperties`).
public enum ICSWriter {
    /// A VCALENDAR holding each record: `type` (or `kind`) `event` becomes a VEVENT,
    /// `task` a VTODO; other records are left out.
    public static func write(_ records: [JSONValue], calendarName: String? = nil, now: Date = Date()) throws(ICSFileError) -> String {
        var calendar = calendar()
        if let calendarName { calendar.properties.append(ICalProperty("X-WR-CALNAME", text: calendarName)) }
        do {
            for record in records {
                guard let fields = record.objectValue else { continue }
                switch fields["type"]?.stringValue {
                case RecordType.event: calendar.components.append(try event(fields, now: now))
                case RecordType.task: calendar.components.append(try task(fields, now: now))
                default: continue
                }
            }
            return try ICalWriter.text(calendar)
        } catch {
            throw ICSFileError(file: nil, reason: error.description)
        }
    }

    /// The records read from a file, written back.
    public static func write(_ records: [ICSRecord], calendarName: String? = nil, now: Date = Date()) throws(ICSFileError) -> String {
        try write(records.map { record in
            var fields = record.fields
            fields["type"] = .string(record.kind.rawValue)
            return JSONValue.object(fields)
        }, calendarName: calendarName, now: now)
    }

    /// An empty VCALENDAR as Trove writes them; `method` is iTIP's METHOD (`REQUEST`, `REPLY`).
    static func calendar(method: String? = nil) -> ICalComponent {
        var calendar = ICalComponent("VCALENDAR", properties: [
            ICalProperty("VERSION", "2.0"),
            ICalProperty("PRODID", text: "-//Trove//Trove//EN"),
            ICalProperty("CALSCALE", "GREGORIAN"),
        ])
        if let method { calendar.properties.append(ICalProperty("METHOD", method)) }
        return calendar
    }

    /// The VEVENT of an event record's fields.
    static func event(_ fields: [String: JSONValue], now: Date) throws(ICalError) -> ICalComponent {
        var event = ICalComponent("VEVENT")
        let zone = fields["timeZone"]?.stringValue
        let floating = fields["floating"]?.boolValue == true
        event.properties += common(fields, now: now)
        if let start = fields["start"]?.stringValue.flatMap(CalendarTime.init(recordText:)) {
            event.properties.append(try time("DTSTART", start, zone: zone, floating: floating))
        }
        if let end = fields["end"]?.stringValue.flatMap(CalendarTime.init(recordText:)) {
            event.properties.append(try time("DTEND", end, zone: zone, floating: floating))
        }
        if let rule = fields["rrule"]?.stringValue { event.properties.append(ICalProperty("RRULE", rule)) }
        for (name, key) in [("RDATE", "rdate"), ("EXDATE", "exdate")] {
            for value in fields[key]?.arrayValue ?? [] {
                guard let text = value.stringValue, let time = CalendarTime(recordText: text) else { continue }
                // An RDATE read as a period is written as one, in UTC (a PERIOD's end takes no TZID of its own).
                if key == "rdate", case .instant(let from) = time,
                   let until = fields["rdateEnds"]?[text]?.stringValue.flatMap(CalendarTime.init(recordText:)), case .instant(let to) = until {
                    event.properties.append(ICalProperty("RDATE", "\(Self.utcText(from, floating: floating))/\(Self.utcText(to, floating: floating))",
                                                         [.init("VALUE", "PERIOD")]))
                } else {
                    event.properties.append(try self.time(name, time, zone: zone, floating: floating))
                }
            }
        }
        if let recurrence = fields["recurrenceId"]?.stringValue.flatMap(CalendarTime.init(recordText:)) {
            if fields["recurrenceRange"]?.stringValue == "thisAndFuture" {
                // The store holds a THISANDFUTURE override as the series it became (`ICSFutureOverrides`): written
                // as that series, which every client expands, under a UID of its own; the X- properties bring
                // back the override on import.
                ICSTroveProperties.writeFutureSeries(&event, uid: fields["uid"]?.stringValue ?? fields["id"]?.stringValue ?? "",
                                                     recurrenceId: recurrence)
            } else {
                event.properties.append(try time("RECURRENCE-ID", recurrence, zone: zone, floating: floating))
            }
        }
        if fields["status"]?.stringValue == "cancelled" { event.properties.append(ICalProperty("STATUS", "CANCELLED")) }
        if let place = fields["location"]?.objectValue {
            if let address = place["address"]?.stringValue { event.properties.append(ICalProperty("LOCATION", text: address)) }
            if let lat = place["lat"]?.doubleValue, let lon = place["lon"]?.doubleValue {
                event.properties.append(ICalProperty("GEO", "\(lat);\(lon)"))
            }
        }
        addCategoriesAndAlarms(fields, to: &event)
        return event
    }

    /// CATEGORIES, and a VALARM for each alarm.
    private static func addCategoriesAndAlarms(_ fields: [String: JSONValue], to component: inout ICalComponent) {
        for category in fields["categories"]?.arrayValue ?? [] {
            if let text = category.stringValue { component.properties.append(ICalProperty("CATEGORIES", text: text)) }
        }
        let summary = summary(fields)
        for alarm in fields["alarms"]?.arrayValue ?? [] {
            if let alarm = alarm.objectValue { component.components.append(self.alarm(alarm, summary: summary)) }
        }
    }

    private static func task(_ fields: [String: JSONValue], now: Date) throws(ICalError) -> ICalComponent {
        var todo = ICalComponent("VTODO")
        todo.properties += common(fields, now: now)
        if let start = fields["start"]?.stringValue.flatMap(CalendarTime.init(recordText:)) {
            todo.properties.append(try time("DTSTART", start, zone: nil))
        }
        // A date-only DUE stays a date: the task is due by the end of that day wherever it is read.
        if let day = fields["dueDate"]?.stringValue.flatMap(ICalDate.init(isoText:)) {
            todo.properties.append(ICalProperty("DUE", ICalValueText.date(day), [.init("VALUE", "DATE")]))
        } else if let due = fields["due"]?.stringValue.flatMap(CalendarTime.parseTimestamp) {
            todo.properties.append(ICalProperty("DUE", ICalValueText.utc(due)))
        }
        // A VTODO's DURATION is the time from DTSTART to DUE and excludes DUE (RFC 5545 §3.6.2); an estimate
        // of the work is no such thing, so it has a property of its own.
        if let minutes = fields["estimateMinutes"]?.intValue { todo.properties.append(ICSTroveProperties.estimate(minutes: minutes)) }
        addCategoriesAndAlarms(fields, to: &todo)
        switch fields["done"]?.boolValue {
        case true?:
            todo.properties.append(ICalProperty("STATUS", "COMPLETED"))
            if let at = fields["doneAt"]?.stringValue.flatMap(CalendarTime.parseTimestamp) {
                todo.properties.append(ICalProperty("COMPLETED", ICalValueText.utc(at)))
            }
        case false?:
            todo.properties.append(ICalProperty("STATUS", "NEEDS-ACTION"))
        case nil:
            break
        }
        return todo
    }

    /// UID, DTSTAMP, SUMMARY (with the class in brackets) and DESCRIPTION.
    private static func common(_ fields: [String: JSONValue], now: Date) -> [ICalProperty] {
        var properties: [ICalProperty] = []
        if let uid = fields["uid"]?.stringValue ?? fields["id"]?.stringValue { properties.append(ICalProperty("UID", text: uid)) }
        let stamp = fields["updatedAt"]?.stringValue.flatMap(CalendarTime.parseTimestamp) ?? now
        properties.append(ICalProperty("DTSTAMP", ICalValueText.utc(stamp)))
        properties.append(ICalProperty("SUMMARY", text: summary(fields)))
        if let notes = fields["notes"]?.stringValue { properties.append(ICalProperty("DESCRIPTION", text: notes)) }
        return properties
    }

    /// The SUMMARY: the title, with the class in brackets.
    private static func summary(_ fields: [String: JSONValue]) -> String {
        ICSSummary.join(title: fields["title"]?.stringValue ?? "", course: fields["class"]?.stringValue)
    }

    private static func alarm(_ fields: [String: JSONValue], summary: String) -> ICalComponent {
        var alarm = ICalComponent("VALARM")
        if let id = fields["id"]?.stringValue { alarm.properties.append(ICalProperty("UID", text: id)) }
        let action = (fields["action"]?.stringValue ?? "display").uppercased()
        alarm.properties.append(ICalProperty("ACTION", action))
        if let minutes = fields["minutesBefore"]?.intValue {
            alarm.properties.append(ICalProperty("TRIGGER", ICalValueText.duration(seconds: -minutes * 60)))
        } else if let at = fields["at"]?.stringValue.flatMap(CalendarTime.parseTimestamp) {
            alarm.properties.append(ICalProperty("TRIGGER", ICalValueText.utc(at), [.init("VALUE", "DATE-TIME")]))
        }
        // RFC 5545 §3.6.6 wants a DESCRIPTION on DISPLAY and EMAIL alarms: without one of its own, the alarm
        // shows the event's summary, which `ICSComponentReader` reads back as no description.
        if let description = fields["description"]?.stringValue ?? (["DISPLAY", "EMAIL"].contains(action) ? summary : nil) {
            alarm.properties.append(ICalProperty("DESCRIPTION", text: description))
        }
        return alarm
    }

    /// A DATE, a TZID wall-clock time, a UTC time, or a floating time (a wall-clock reading kept as if UTC,
    /// written without TZID and without Z).
    static func time(_ name: String, _ value: CalendarTime, zone: String?, floating: Bool = false) throws(ICalError) -> ICalProperty {
        switch value {
        case .date(let date):
            return ICalProperty(name, ICalValueText.date(date), [.init("VALUE", "DATE")])
        case .instant(let instant):
            if floating { return ICalProperty(name, utcText(instant, floating: true)) }
            if let zone, zone != "UTC", ICalValueText.isKnownTimeZone(zone) {
                return ICalProperty(name, try ICalValueText.wallClock(instant, timeZone: zone), [.init("TZID", zone)])
            }
            return ICalProperty(name, ICalValueText.utc(instant))
        }
    }

    /// `20260301T090000Z`: a UTC time as iCalendar writes it; without the Z for a floating time.
    static func utcText(_ instant: Date, floating: Bool = false) -> String {
        let digits = CalendarTime.timestamp(instant).filter(\.isNumber)
        return String(digits.prefix(8)) + "T" + String(digits.dropFirst(8).prefix(6)) + (floating ? "" : "Z")
    }
}
