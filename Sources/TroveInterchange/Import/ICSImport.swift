import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// Brings the events and tasks of an iCalendar file into a calendar, as one commit.
///
/// A record's id comes from its UID (with its RECURRENCE-ID for an override), so importing the
/// file again changes nothing, and importing a newer copy updates what changed. A UID that is a
/// Trove id (Trove's own export) names that record itself. Recurring events stay rules.
public struct ICSImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// The fields an import may set; the others (its calendar, feedback…) stay as the store has them.
    static let importedFields: Set<String> = [
        "title", "class", "start", "end", "allDay", "timeZone", "location", "notes", "rrule", "rdate", "exdate",
        "recurrenceId", "alarms", "categories", "uid", "due", "estimateMinutes", "done", "doneAt",
        "status", "rdateEnds", "recurrenceRange", "dueDate",
    ]

    /// Imports `file` (read from `path`) into the calendar named `calendar`, else the first one.
    public func run(_ file: ICSFile, path: String, calendar: String?, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: "iCalendar file \((path as NSString).lastPathComponent)")
        report.warnings += file.warnings.map(\.description)
        guard !file.records.isEmpty || !file.invalid.isEmpty else { throw ImportError.nothingToImport(report.source + " (it has no VEVENT or VTODO)") }
        let book = CalendarBook(store: store)
        let named = try calendar.map { try book.calendar(named: $0).id }
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(
            file.invalid.map(\.description), count: file.invalid.count, total: file.records.count + file.invalid.count,
            file: path, format: "iCalendar", noun: (one: "event or task", many: "events and tasks"))) { transaction, report in
            // Every component skipped: nothing to import, so no default calendar is made either.
            guard !file.records.isEmpty else { return }
            let calendarID = try named ?? book.target(named: nil, in: &transaction)
            for (number, item) in file.records.enumerated() {
                let type = item.kind == .event ? "event" : "task"
                let id = Self.recordID(item)
                var incoming = item.fields
                if incoming["uid"]?.stringValue == id { incoming["uid"] = nil }
                if let existing = try transaction.record(id: id), var fields = existing.value.objectValue {
                    for key in Self.importedFields { fields[key] = nil }
                    fields.merge(incoming) { _, new in new }
                    Self.keepFractions(of: existing.value, in: &fields)
                    if JSONValue.object(fields) == Self.withoutConflicts(existing.value) {
                        report.unchanged += 1
                    } else {
                        try transaction.put(.object(fields), type: type)
                        report.updated += 1
                    }
                } else {
                    incoming["id"] = .string(id)
                    incoming["calendarId"] = .string(calendarID)
                    try transaction.put(.object(incoming), type: type)
                    report.added += 1
                }
                progress?(number + 1, file.records.count)
            }
        }
    }

    /// The record id of an imported component: its UID when that is a Trove id, else one derived from UID and
    /// RECURRENCE-ID (see `CalendarUID`), so two peers importing the same file make the same ids.
    static func recordID(_ item: ICSRecord) -> String {
        CalendarUID.recordID(kind: item.kind.rawValue, uid: item.uid, recurrenceID: item.fields["recurrenceId"]?.stringValue,
                             fallback: "\(item.title ?? ""):\(item.fields["start"]?.stringValue ?? "")")
    }

    /// The times iCalendar holds to the whole second, which the store may hold to the millisecond.
    static let secondTimes = ["start", "end", "due", "doneAt"]

    /// Keeps a stored time that names the same whole second as the imported one: iCalendar has no
    /// fractions of a second (the export drops them), so `--start now`, `--due 'in 30 minutes'` or a
    /// task's `doneAt` would otherwise change on every export and import.
    static func keepFractions(of existing: JSONValue, in fields: inout [String: JSONValue]) {
        for key in secondTimes {
            guard let stored = existing[key]?.stringValue, let incoming = fields[key]?.stringValue, stored != incoming,
                  let a = Timestamp.milliseconds(stored), let b = Timestamp.milliseconds(incoming) else { continue }
            // Whole seconds, rounded down as the export writes them (also before 1970).
            func second(_ milliseconds: Int64) -> Int64 { milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000 }
            if second(a) == second(b) { fields[key] = .string(stored) }
        }
    }

    /// A stored record as an import compares it: without the envelope's conflict notes, which an import never writes.
    private static func withoutConflicts(_ value: JSONValue) -> JSONValue {
        guard var fields = value.objectValue else { return value }
        fields["conflicts"] = nil
        return .object(fields)
    }
}
