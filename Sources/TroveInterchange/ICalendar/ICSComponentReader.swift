import Foundation
import TroveICal
import TroveJSON
import TroveStore

/// Turns one VEVENT or VTODO into record fields, or into a problem.
struct ICSComponentReader {
    let component: ICalComponent
    /// Where a date-only DUE ends: the reader's own zone, as `task add --due DATE` reads a date.
    let timeZone: TimeZone
    /// Why the component could not be read, when `read()` returned `nil`.
    private(set) var failure: ICSProblem?
    /// What was read in part or left out.
    private(set) var warnings: [ICSProblem] = []

    /// Properties whose loss makes the component unreadable when libical drops them.
    private static let essential: Set<String> = ["DTSTART", "DTEND", "DUE", "DURATION", "RRULE", "RECURRENCE-ID"]

    init(component: ICalComponent, timeZone: TimeZone = .current) {
        self.component = component
        self.timeZone = timeZone
    }

    mutating func read() -> ICSRecord? {
        do {
            try checkParseProblems()
            let fields = component.name == "VTODO" ? try taskFields() : try eventFields()
            return ICSRecord(kind: component.name == "VTODO" ? .task : .event, fields: fields, line: component.line)
        } catch {
            failure = problem(error.message, line: error.line)
            return nil
        }
    }

    /// A reason the component cannot be read, at a line.
    struct Failure: Error {
        var message: String
        var line: Int
    }

    private func problem(_ message: String, line: Int = 0) -> ICSProblem {
        ICSProblem(component: component.name, uid: component.uid, line: line > 0 ? line : component.line, message: message)
    }

    private mutating func warn(_ message: String, line: Int = 0) {
        warnings.append(problem(message, line: line))
    }

    /// libical's X-LIC-ERRORs: fatal for dates and rules, warnings for the rest.
    private mutating func checkParseProblems() throws(Failure) {
        for error in component.parseProblems + component.components.flatMap(\.parseProblems) {
            let message = error.textOrValue
            if Self.essential.contains(where: { message.contains(" \($0) property") }) {
                throw Failure(message: ICSParseWarning.plain(message).replacingOccurrences(of: ", so it is left out", with: "") + ", so the whole \(component.name) cannot be read", line: error.line)
            }
            warn(ICSParseWarning.plain(message), line: error.line)
        }
    }

    // MARK: - Events

    private mutating func eventFields() throws(Failure) -> [String: JSONValue] {
        guard let startProperty = component.property("DTSTART") else {
            throw Failure(message: "has no DTSTART", line: component.line)
        }
        guard let start = startProperty.time else {
            throw Failure(message: "DTSTART \"\(startProperty.value)\" is not a date or time", line: startProperty.line)
        }
        try checkZone(start, startProperty)
        var fields = titleFields(fallback: "")
        fields["start"] = .string(text(start))
        if start.isDate { fields["allDay"] = true }
        let zone = start.zoneLocation
        if let zone { fields["timeZone"] = .string(zone) }
        // Floating (no TZID, no Z): its times are kept as the wall clock read as UTC, which is how they are read.
        if start.zone == .floating && !start.isDate { fields["floating"] = true }

        if let end = try endTime(start: start, zone: zone) {
            fields["end"] = .string(end.description)
        }
        addPlace(&fields)
        addNotes(&fields)
        try addRecurrence(&fields, start: start, zone: zone)
        if let recurrence = component.property("RECURRENCE-ID"), let time = recurrence.time {
            fields["recurrenceId"] = .string(text(time))
            // THISANDFUTURE: `ICSFutureOverrides` makes it a series of its own once the whole file is read.
            if recurrence.parameter("RANGE")?.uppercased() == "THISANDFUTURE" { fields["recurrenceRange"] = "thisAndFuture" }
        }
        ICSTroveProperties.readFutureSeries(component, into: &fields)
        if component.property("STATUS")?.value.uppercased() == "CANCELLED" { fields["status"] = "cancelled" }
        let alarms = readAlarms(start: start, end: fields["end"]?.stringValue.flatMap(CalendarTime.init(recordText:)))
        if !alarms.isEmpty { fields["alarms"] = .array(alarms) }
        addCategories(&fields)
        return fields
    }

    /// The items of a TEXT list value as written (`a\,b,c` is `a,b` and `c`), unescaped.
    static func listItems(_ value: String) -> [String] {
        var items: [String] = [], current = "", escaped = false
        for character in value {
            if escaped {
                current.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items
    }

    /// CATEGORIES, each once, as tags.
    private func addCategories(_ fields: inout [String: JSONValue]) {
        // CATEGORIES is a list: split the raw value at its unescaped commas, then unescape each.
        let categories = unique(component.properties("CATEGORIES").flatMap { Self.listItems($0.value) }
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty && $0.count <= 100 && !$0.contains("\n") })
        if !categories.isEmpty { fields["categories"] = .array(categories.map(JSONValue.string)) }
    }

    /// DTEND, or DTSTART plus DURATION; an end before the start is a failure.
    private mutating func endTime(start: ICalTime, zone: String?) throws(Failure) -> CalendarTime? {
        if let endProperty = component.property("DTEND") {
            guard let end = endProperty.time else { return nil }
            try checkZone(end, endProperty)
            if end.isDate != start.isDate {
                warn("DTEND is a \(end.isDate ? "date" : "time") but DTSTART is not; the end is left out", line: endProperty.line)
                return nil
            }
            if end.instant < start.instant {
                throw Failure(message: "DTEND \(text(end)) is before DTSTART \(text(start))", line: endProperty.line)
            }
            return end.calendarTime
        }
        guard let durationProperty = component.property("DURATION"), let duration = durationProperty.duration else { return nil }
        if duration.seconds < 0 {
            throw Failure(message: "DURATION \(durationProperty.value) is negative", line: durationProperty.line)
        }
        if start.isDate {
            let days = duration.days ?? duration.seconds / 86_400
            return .date(ICalDate(utcDayOf: start.date.utcMidnight.addingTimeInterval(Double(days) * 86_400)))
        }
        // Whole days follow the wall clock in the event's zone (P1D over a DST change is 23 or 25 hours).
        if let days = duration.days, let zone, let timeZone = TimeZone(identifier: zone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            if let end = calendar.date(byAdding: .day, value: days, to: start.instant) { return .instant(end) }
        }
        return .instant(start.instant.addingTimeInterval(Double(duration.seconds)))
    }

    /// RRULE (the first; later finite ones become RDATEs), RDATE and EXDATE.
    private mutating func addRecurrence(_ fields: inout [String: JSONValue], start: ICalTime, zone: String?) throws(Failure) {
        let rules = component.properties("RRULE")
        if let rule = rules.first {
            do {
                _ = try RecurrenceRule(validating: rule.value)
            } catch {
                throw Failure(message: error.description, line: rule.line)
            }
            fields["rrule"] = .string(rule.value)
        }
        var rdates = component.properties("RDATE").compactMap(\.time).map(text)
        // A period's occurrence lasts the period, not the event's own length.
        var periodEnds: [String: JSONValue] = [:]
        for period in component.properties("RDATE") {
            guard let from = period.time, let until = period.periodEnd else { continue }
            guard until.instant >= from.instant else {
                warn("RDATE period \(period.value) ends before it starts; it lasts as long as the event", line: period.line)
                continue
            }
            periodEnds[text(from)] = .string(text(until))
        }
        if !periodEnds.isEmpty { fields["rdateEnds"] = .object(periodEnds) }
        let exdates = unique(component.properties("EXDATE").compactMap(\.time).map(text))
        for extra in rules.dropFirst() {
            let ruleText = extra.value
            guard (try? RecurrenceRule(validating: ruleText))?.isFinite == true else {
                warn("a second RRULE \(extra.value) that never ends is left out (a record holds one RRULE)", line: extra.line)
                continue
            }
            // A finite extra rule becomes RDATEs: the starts it adds beyond the first rule's.
            let far = Date(timeIntervalSince1970: 253_402_300_799)
            let from = Date(timeIntervalSince1970: -62_135_596_800)
            let allDay = start.isDate
            let mine = (try? Occurrences.expand(start: start.instant, allDay: allDay, timeZone: zone, rrule: ruleText, from: from, to: far, limit: 5000)) ?? []
            let main = (try? Occurrences.expand(start: start.instant, allDay: allDay, timeZone: zone, rrule: rules[0].value, from: from, to: far, limit: 100_000)) ?? []
            let known = Set(main)
            for instant in mine where !known.contains(instant) {
                rdates.append(allDay ? ICalDate(utcDayOf: instant).description : CalendarTime.timestamp(instant))
            }
            warn("a second RRULE \(extra.value) is kept as \(mine.filter { !known.contains($0) }.count) RDATEs", line: extra.line)
        }
        rdates = unique(rdates)
        if !rdates.isEmpty { fields["rdate"] = .array(rdates.map(JSONValue.string)) }
        if !exdates.isEmpty { fields["exdate"] = .array(exdates.map(JSONValue.string)) }
    }

    /// LOCATION as the address; GEO (or Apple's structured location) as lat/lon.
    private func addPlace(_ fields: inout [String: JSONValue]) {
        var place: [String: JSONValue] = [:]
        if let address = component.property("LOCATION")?.text?.trimmingWhitespace(), !address.isEmpty {
            place["address"] = .string(String(address.prefix(1000)))
        }
        var geo = component.property("GEO")?.geo.map { ($0.latitude, $0.longitude) }
        if geo == nil, let apple = component.property("X-APPLE-STRUCTURED-LOCATION")?.value, apple.hasPrefix("geo:") {
            let numbers = apple.dropFirst(4).split(separator: ",").compactMap { Double($0) }
            if numbers.count == 2 { geo = (numbers[0], numbers[1]) }
        }
        if let (lat, lon) = geo, (-90...90).contains(lat), (-180...180).contains(lon) {
            place["lat"] = .double(lat)
            place["lon"] = .double(lon)
        }
        if !place.isEmpty { fields["location"] = .object(place) }
    }

    // MARK: - Alarms

    private func readAlarms(start: ICalTime, end: CalendarTime?) -> [JSONValue] {
        var result: [JSONValue] = []
        for (index, alarm) in component.components("VALARM").enumerated() {
            guard let trigger = alarm.property("TRIGGER") else { continue }
            var fields: [String: JSONValue] = [:]
            if let duration = trigger.duration {
                var seconds = duration.seconds
                if trigger.parameter("RELATED") == "END", let end {
                    seconds += Int(end.instant.timeIntervalSince(start.instant))
                }
                fields["minutesBefore"] = .integer(min(525_600, max(-525_600, -seconds / 60)))
            } else if let time = trigger.time {
                fields["at"] = .string(CalendarTime.timestamp(time.instant))
            } else {
                continue
            }
            if let action = alarm.property("ACTION")?.value.lowercased(), ["display", "email", "audio"].contains(action) {
                fields["action"] = .string(action)
            }
            // A description that only repeats the summary is what a writer (Trove's among them) fills a
            // DISPLAY alarm's required DESCRIPTION with: the alarm has none of its own.
            if let description = alarm.property("DESCRIPTION")?.text, !description.isEmpty,
               description != component.property("SUMMARY")?.text {
                fields["description"] = .string(String(description.prefix(1000)))
            }
            // The alarm's own UID when it is one of ours, else an id derived from the event's identity.
            if let uid = alarm.uid, RecordID.isValid(uid) {
                fields["id"] = .string(uid)
            } else {
                let key = "ics-alarm|\(component.uid ?? "")|\(component.property("RECURRENCE-ID")?.value ?? "")|\(index)"
                fields["id"] = .string(RecordID.derived(from: key, at: start.instant))
            }
            result.append(.object(fields))
        }
        return result
    }

    // MARK: - Tasks

    private mutating func taskFields() throws(Failure) -> [String: JSONValue] {
        var fields = titleFields(fallback: "Untitled task")
        if let dueProperty = component.property("DUE") {
            guard let due = dueProperty.time else {
                throw Failure(message: "DUE \"\(dueProperty.value)\" is not a date or time", line: dueProperty.line)
            }
            try checkZone(due, dueProperty)
            if due.isDate {
                // Due by the end of that day (23:59, as `task add --due DATE`), and kept a date for the export.
                fields["dueDate"] = .string(due.date.description)
                fields["due"] = .string(CalendarTime.timestamp(endOfDay(due.date)))
            } else {
                fields["due"] = .string(CalendarTime.timestamp(due.instant))
            }
        }
        var start: ICalTime?
        if let startProperty = component.property("DTSTART") {
            guard let time = startProperty.time else {
                throw Failure(message: "DTSTART \"\(startProperty.value)\" is not a date or time", line: startProperty.line)
            }
            try checkZone(time, startProperty)
            start = time
            fields["start"] = .string(text(time))
        }
        // A task's alarms are relative to its start (RELATED=END: its due time); with neither, they cannot be placed.
        let due = fields["due"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        if let anchor = start ?? component.property("DUE")?.time {
            // Stored as the times they ring: a task has no start for `minutesBefore` to count from.
            let alarms = readAlarms(start: anchor, end: due).map { alarm -> JSONValue in
                guard var fields = alarm.objectValue, let minutes = fields["minutesBefore"]?.intValue else { return alarm }
                fields["minutesBefore"] = nil
                fields["at"] = .string(CalendarTime.timestamp(anchor.instant.addingTimeInterval(Double(-minutes * 60))))
                return .object(fields)
            }
            if !alarms.isEmpty { fields["alarms"] = .array(alarms) }
        } else if !component.components("VALARM").isEmpty {
            warn("its reminders are left out: a task's reminders need its DTSTART or DUE to be placed")
        }
        addCategories(&fields)
        if let minutes = ICSTroveProperties.estimateMinutes(component) {
            fields["estimateMinutes"] = .integer(minutes)
        } else if let duration = component.property("DURATION")?.duration {
            fields["estimateMinutes"] = .integer(min(100_000, max(0, duration.seconds / 60)))
        }
        let status = component.property("STATUS")?.value.uppercased()
        if status == "COMPLETED" || component.property("COMPLETED") != nil {
            fields["done"] = true
            if let completed = component.property("COMPLETED")?.time {
                fields["doneAt"] = .string(CalendarTime.timestamp(completed.instant))
            }
        } else if status != nil {
            fields["done"] = false
        }
        addNotes(&fields)
        return fields
    }

    // MARK: - Shared

    /// `title` and `class` from SUMMARY, and `uid`.
    private func titleFields(fallback: String) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        let summary = component.property("SUMMARY")?.text ?? ""
        let (title, course) = ICSSummary.split(summary)
        fields["title"] = .string(String((title.isEmpty ? fallback : title).prefix(1000)))
        if let course { fields["class"] = .string(course) }
        if let uid = component.uid, !uid.isEmpty { fields["uid"] = .string(String(uid.prefix(1000))) }
        return fields
    }

    private func addNotes(_ fields: inout [String: JSONValue]) {
        if let notes = component.property("DESCRIPTION")?.text, !notes.trimmingWhitespace().isEmpty {
            fields["notes"] = .string(notes)
        }
    }

    /// A TZID neither the file nor the system knows would put the time hours off: a failure.
    private func checkZone(_ time: ICalTime, _ property: ICalProperty) throws(Failure) {
        if !time.zoneKnown, case .named(let tzid, _) = time.zone {
            throw Failure(message: "\(property.name) names the time zone \"\(tzid)\", which neither the file nor the system knows", line: property.line)
        }
    }

    /// 23:59 on `date` in the reader's zone.
    private func endOfDay(_ date: ICalDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: 23, minute: 59)
        return calendar.date(from: components) ?? date.utcMidnight.addingTimeInterval(86_340)
    }

    /// A date for DATE values, a UTC timestamp for times.
    private func text(_ time: ICalTime) -> String { time.calendarTime.description }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
