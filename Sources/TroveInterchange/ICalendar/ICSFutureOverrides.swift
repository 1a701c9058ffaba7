import Foundation
import TroveICal
import TroveJSON

/// Makes each `RECURRENCE-ID;RANGE=THISANDFUTURE` override a series of its own, once the whole file is read.
///
/// Such an override replaces its occurrence and every later one (RFC 5545 §3.8.4.4): the series it belongs to
/// then ends before it, and it repeats by the series' rule from its own start, as far as the series went
/// (the rest of a COUNT, or the UNTIL moved by as much as the override moved its occurrence). A record keeps
/// one rule, so this is how a store holds both halves; `recurrenceRange` marks the override for an export.
enum ICSFutureOverrides {
    static func apply(to records: inout [ICSRecord], warnings: inout [ICSProblem]) {
        for index in records.indices where records[index].fields["recurrenceRange"]?.stringValue == "thisAndFuture" {
            let override = records[index]
            guard let uid = override.uid,
                  let master = records.firstIndex(where: { $0.kind == .event && $0.uid == uid && $0.fields["recurrenceId"] == nil }),
                  let rule = records[master].fields["rrule"]?.stringValue,
                  let cut = override.fields["recurrenceId"]?.stringValue.flatMap(CalendarTime.init(recordText:)),
                  let newStart = override.fields["start"]?.stringValue.flatMap(CalendarTime.init(recordText:)),
                  let oldStart = records[master].fields["start"]?.stringValue.flatMap(CalendarTime.init(recordText:))
            else {
                records[index].fields["recurrenceRange"] = nil
                warnings.append(ICSProblem(component: "VEVENT", uid: override.uid, line: override.line,
                                           message: "RANGE=THISANDFUTURE names no repeating event of that UID in the file; it changes only its own occurrence"))
                continue
            }
            let delta = newStart.instant.timeIntervalSince(cut.instant)
            let allDay = oldStart.isDate
            let zone = records[master].fields["timeZone"]?.stringValue
            // The rule's starts before the cut: what is left to the series, and what a COUNT leaves to the override.
            let before = (try? Occurrences.expand(start: oldStart.instant, allDay: allDay, timeZone: allDay ? nil : zone, rrule: rule,
                                                  from: Date(timeIntervalSince1970: -62_135_596_800), to: cut.instant, limit: 1_000_000)) ?? []
            let parts = RuleParts(rule)
            var masterRule = parts
            var futureRule = parts
            if let count = parts.value("COUNT").flatMap(Int.init) {
                masterRule.set("COUNT", String(max(1, before.count)))
                futureRule.set("COUNT", String(max(1, count - before.count)))
            } else {
                masterRule.set("UNTIL", RuleParts.until(cut.instant.addingTimeInterval(-1), allDay: allDay))
                if let until = parts.value("UNTIL"), let moved = RuleParts.shift(until, by: delta) { futureRule.set("UNTIL", moved) }
            }
            records[master].fields["rrule"] = .string(masterRule.text)
            if override.fields["rrule"] == nil { records[index].fields["rrule"] = .string(futureRule.text) }
            // RDATEs and EXDATEs from the cut on go with the override, moved as it moved.
            for key in ["rdate", "exdate"] {
                let all = records[master].fields[key]?.arrayValue?.compactMap(\.stringValue) ?? []
                let (kept, moved) = split(all, at: cut)
                records[master].fields[key] = kept.isEmpty ? nil : .array(kept.map(JSONValue.string))
                let shifted = moved.compactMap { shift($0, by: delta) }
                let own = records[index].fields[key]?.arrayValue?.compactMap(\.stringValue) ?? []
                let merged = own + shifted.filter { !own.contains($0) }
                if !merged.isEmpty { records[index].fields[key] = .array(merged.map(JSONValue.string)) }
            }
        }
    }

    /// The times before `cut`, and those from it on.
    private static func split(_ texts: [String], at cut: CalendarTime) -> (before: [String], after: [String]) {
        var before: [String] = [], after: [String] = []
        for text in texts {
            guard let time = CalendarTime(recordText: text) else { continue }
            if time.instant < cut.instant { before.append(text) } else { after.append(text) }
        }
        return (before, after)
    }

    /// A record time moved by `delta` seconds (whole days for a date).
    private static func shift(_ text: String, by delta: TimeInterval) -> String? {
        switch CalendarTime(recordText: text) {
        case .instant(let instant): return CalendarTime.timestamp(instant.addingTimeInterval(delta))
        case .date(let date): return ICalDate(utcDayOf: date.utcMidnight.addingTimeInterval(delta)).description
        case nil: return nil
        }
    }
}

/// An RRULE's parts in order, to change one and write it back.
struct RuleParts {
    private var parts: [(String, String)]

    init(_ rule: String) {
        parts = rule.split(separator: ";").map { part in
            let pieces = part.split(separator: "=", maxSplits: 1)
            return (String(pieces[0]).uppercased(), pieces.count > 1 ? String(pieces[1]) : "")
        }
    }

    var text: String { parts.map { "\($0.0)=\($0.1)" }.joined(separator: ";") }

    func value(_ name: String) -> String? { parts.first { $0.0 == name }?.1 }

    /// Sets `name`, dropping COUNT for UNTIL and UNTIL for COUNT (a rule has at most one).
    mutating func set(_ name: String, _ value: String) {
        parts.removeAll { $0.0 == (name == "COUNT" ? "UNTIL" : name == "UNTIL" ? "COUNT" : "") }
        if let index = parts.firstIndex(where: { $0.0 == name }) { parts[index].1 = value } else { parts.append((name, value)) }
    }

    /// An UNTIL value: a UTC time, or a date for all-day series.
    static func until(_ instant: Date, allDay: Bool) -> String {
        let text = CalendarTime.timestamp(instant)
        let digits = text.filter(\.isNumber)
        return allDay ? String(digits.prefix(8)) : String(digits.prefix(8)) + "T" + String(digits.dropFirst(8).prefix(6)) + "Z"
    }

    /// An UNTIL value moved by `delta` seconds; a local or UTC time keeps its form, a date moves by whole days.
    static func shift(_ until: String, by delta: TimeInterval) -> String? {
        let digits = until.filter(\.isNumber)
        guard digits.count >= 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
              let day = Int(digits.dropFirst(6).prefix(2)) else { return nil }
        var seconds = Int(ICalDate(year: year, month: month, day: day).utcMidnight.timeIntervalSince1970)
        if digits.count >= 14, let h = Int(digits.dropFirst(8).prefix(2)), let m = Int(digits.dropFirst(10).prefix(2)), let s = Int(digits.dropFirst(12).prefix(2)) {
            seconds += h * 3600 + m * 60 + s
        }
        let moved = RuleParts.until(Date(timeIntervalSince1970: Double(seconds) + delta), allDay: digits.count < 14)
        return until.hasSuffix("Z") || digits.count < 14 ? moved : String(moved.dropLast())
    }
}
