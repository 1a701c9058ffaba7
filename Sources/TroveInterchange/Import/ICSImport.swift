import Foundation
import TroveJSON
import TroveKit
import TroveParallel
import TroveSchema
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

    /// How many records are put at once: enough to keep both cores busy, few enough to hold little.
    static let batchSize = 4_096

    /// How a report names an iCalendar file, and (after "Import ") how its commit's summary starts.
    static let source = "iCalendar file "

    /// The fields an import may set; the others (its calendar, feedback…) stay as the store has them.
    static let importedFields: Set<String> = [
        "title", "class", "start", "end", "allDay", "timeZone", "location", "notes", "rrule", "rdate", "exdate",
        "recurrenceId", "alarms", "categories", "uid", "due", "estimateMinutes", "done", "doneAt",
        "status", "rdateEnds", "recurrenceRange", "dueDate",
    ]

    /// Imports `file` (read from `path`) into the calendar named `calendar`, else the first one.
    ///
    /// Importing a record the store has is a merge, the one sync runs (`RecordFormat.merge`): its base is the
    /// record as the last import read it (`ImportedForms`, else as the last import committed it), ours the record
    /// as it is, theirs the record with the file's fields. So the file's changes since the last import land, the
    /// user's own edits stay, and a field both changed goes to the later edit (the import's, made now) with the
    /// loser kept in `conflicts`.
    /// A record the user deleted since the last import stays deleted unless the file changed it since; then it
    /// comes back, as sync brings back a record one side deleted and the other edited.
    public func run(_ file: some ICSSource, path: String, calendar: String?, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: Self.source + (path as NSString).lastPathComponent)
        report.warnings += file.warnings.map(\.description)
        guard file.recordCount > 0 || !file.invalid.isEmpty else { throw ImportError.nothingToImport(report.source + " (it has no VEVENT or VTODO)") }
        let book = CalendarBook(store: store)
        let named = try calendar.map { try book.calendar(named: $0).id }
        var lastImported = try ImportedForms(store: store, format: "ics")
        report = try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(
            file.invalid.map(\.description), count: file.invalid.count, total: file.recordCount + file.invalid.count,
            file: path, format: "iCalendar", noun: (one: "event or task", many: "events and tasks"))) { transaction, report in
            // Every component skipped: nothing to import, so no default calendar is made either.
            guard file.recordCount > 0 else { return }
            let calendarID = try named ?? book.target(named: nil, in: &transaction)
            // Put in batches, checked and encoded on every core (`Transaction.put(batch:)`); a UID the file repeats
            // is read back only after its first version is put, as one put at a time would.
            var batch: [(fields: JSONValue, type: String)] = [], batched = Set<String>()
            func putBatch(_ transaction: inout Transaction) throws {
                try transaction.put(batch: batch)
                batch.removeAll(keepingCapacity: true)
                batched.removeAll(keepingCapacity: true)
            }
            var number = 0
            // A large file comes a part at a time (`ICSCalendarFile`), a small one as one part.
            try file.forEachPart { records in
                let ids = records.concurrentMap(minimumChunk: 1_024, Self.recordID)
                // Records this clone has no note of importing (imported on another machine, or before the notes were
                // kept) take as base the version the last iCalendar import committed.
                let unnoted = try zip(ids, records).filter { id, item in
                    try lastImported[id] == nil && transaction.contains(id: id, type: item.kind == .event ? RecordType.event : RecordType.task)
                }
                let committed = unnoted.isEmpty ? [:] : try store.lastWritten(
                    ids: unnoted.map(\.0), types: [RecordType.event, RecordType.task],
                    byCommitsStartingWith: "Import " + Self.source, except: ImportRun.mergedTrailer)
                for (index, item) in records.enumerated() {
                    let type = item.kind == .event ? RecordType.event : RecordType.task
                    let id = ids[index]
                    if batched.contains(id) || batch.count == Self.batchSize { try putBatch(&transaction) }
                    batched.insert(id)
                    var incoming = item.fields
                    if incoming["uid"]?.stringValue == id { incoming["uid"] = nil }
                    let base = lastImported[id] ?? committed[id].map { Self.importedForm(of: $0, id: id) }
                    lastImported.remember(.object(incoming), for: id)
                    let existing = try transaction.record(id: id)
                    if let existing, existing.value.objectValue != nil {
                        if case let (merged, conflicts, withEdits)? = merge(incoming, into: existing, lastImported: base, type: type) {
                            batch.append((merged, type))
                            report.updated += 1
                            report.conflictsKept += conflicts
                            if withEdits { report.mergedWithEdits.append(id) }
                        } else {
                            report.unchanged += 1
                        }
                    } else if existing == nil, base == .object(incoming) {
                        // Deleted here since the last import, which the file has not changed since: the deletion stands.
                        report.leftDeleted += 1
                    } else {
                        incoming["id"] = .string(id)
                        incoming["calendarId"] = .string(calendarID)
                        batch.append((.object(incoming), type))
                        report.added += 1
                    }
                    number += 1
                    progress?(number, file.recordCount)
                }
            }
            try putBatch(&transaction)
            lastImported.encodePending()
        }
        // After the commit (or a run that changed nothing): a failed import or a dry run leaves the old base.
        if !options.dryRun { try lastImported.save(head: store.headHex()) }
        return report
    }

    /// The fields of a stored record an import sets, as the import read them (with no `uid` when it is the id).
    static func importedForm(of record: JSONValue, id: String) -> JSONValue {
        var fields = (record.objectValue ?? [:]).filter { importedFields.contains($0.key) }
        if fields["uid"]?.stringValue == id { fields["uid"] = nil }
        return .object(fields)
    }

    /// The record after importing `incoming` into `existing` (with the conflicts the merge added, and whether it
    /// kept edits made in the store, so is not in the file's form), or `nil` when it stays as it is.
    ///
    /// Three-way, by the schema's `x-merge` like sync: base = the record with the fields as last imported
    /// (`nil`, no base, when there is no note of them), ours = the record, theirs = the record with `incoming`
    /// as an edit made now. Fields an import never sets are the same on all three sides, so they stay.
    func merge(_ incoming: [String: JSONValue], into existing: Record, lastImported: JSONValue?, type: String)
        -> (value: JSONValue, conflicts: Int, withEdits: Bool)? {
        let ours = existing.value
        func imported(_ values: [String: JSONValue]) -> [String: JSONValue] {
            var fields = ours.objectValue ?? [:]
            for key in Self.importedFields { fields[key] = nil }
            fields.merge(values) { _, new in new }
            Self.keepFractions(of: ours, in: &fields)
            return fields
        }
        var theirs = imported(incoming)
        let base = lastImported?.objectValue.map(imported)
        // The file has not changed the record since the last import: whatever the record is now stands.
        if base == theirs { return nil }
        // A plain update (the record is as the last import left it, or as the file has it) needs no merge.
        if base == ours.objectValue || theirs == ours.objectValue { return theirs == ours.objectValue ? nil : (.object(theirs), 0, false) }
        // Without a format (never for an event or a task) `put` refuses the type, naming the known ones.
        guard let format = store.formats.format(for: type) else { return (.object(theirs), 0, false) }
        let now = HybridClock.nowMilliseconds()
        var clock = HybridClock(milliseconds: 0, counter: 0, peer: store.peerID)
        if let current = existing.clock.flatMap(HybridClock.init), !current.isFarAhead(of: now) { clock = clock.observing(current) }
        clock = clock.tick(now: now)
        theirs["clock"] = .string(clock.description)
        theirs["updatedAt"] = .string(clock.timestamp)
        let result = format.merge(base: base.map(JSONValue.object), ours: ours, theirs: .object(theirs))
        var unstamped = result.value
        for key in ["clock", "updatedAt"] { unstamped[key] = ours[key] }
        return unstamped == ours ? nil : (result.value, result.conflicts.count, true)
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
}
