import Foundation
import TroveICal
import TroveJSON
import TroveParallel
import TroveStore

/// Reads an iCalendar file into event and task record fields (see `ICSRecord`).
///
/// A VEVENT or VTODO that cannot be read (no DTSTART, an RRULE libical rejects, an end
/// before its start) becomes an `ICSProblem` in `invalid` with its UID and line, and the
/// rest are still read, so an import can offer `--skip-invalid`. VJOURNALs and unknown
/// components are counted in `warnings`.
public enum ICSReader {
    /// Reads the file at `path`; errors name the file. A date-only DUE ends at 23:59 in `timeZone`.
    public static func read(contentsOf path: String, timeZone: TimeZone = .current) throws(ICSFileError) -> ICSFile {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ICSFileError(file: name, reason: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ICSFileError(file: name, reason: "not UTF-8 text; save the file as UTF-8")
        }
        return try read(text, file: name, timeZone: timeZone)
    }

    /// Reads iCalendar text; `file` names it in errors.
    public static func read(_ text: String, file: String? = nil, timeZone: TimeZone = .current) throws(ICSFileError) -> ICSFile {
        try read(text, file: file, timeZone: timeZone, countingSkipped: true)
    }

    /// `read(_:file:timeZone:)`; `countingSkipped: false` leaves out the warnings that count the components not
    /// read (`ICSCalendarFile` counts them over the whole file, not per part).
    static func read(_ text: String, file: String?, timeZone: TimeZone, countingSkipped: Bool) throws(ICSFileError) -> ICSFile {
        let calendar: ICalComponent
        do {
            calendar = try ICalParser.parse(text)
        } catch {
            throw ICSFileError(file: file, reason: error.description)
        }
        var result = ICSFile()
        result.calendarName = calendar.property("X-WR-CALNAME")?.textOrValue
        result.method = calendar.property("METHOD")?.value.uppercased()
        for open in calendar.unterminated {
            let problem = ICSProblem(component: open.name, uid: open.uid, line: open.line,
                                     message: "BEGIN:\(open.name) has no END:\(open.name) before the next component; it cannot be read")
            if open.name == "VEVENT" || open.name == "VTODO" { result.invalid.append(problem) } else { result.warnings.append(problem) }
        }
        var skipped: [String: Int] = [:]
        for component in calendar.components where !["VEVENT", "VTODO", "VTIMEZONE"].contains(component.name) {
            skipped[component.name, default: 0] += 1
        }
        // Each VEVENT and VTODO is read on its own, so on every core (a tenth of a 10,000-event import on one),
        // and taken in file order.
        let readings = calendar.components.filter { $0.name == "VEVENT" || $0.name == "VTODO" }.concurrentMap(minimumChunk: 256) { component in
            var reader = ICSComponentReader(component: component, timeZone: timeZone)
            return (record: reader.read(), failure: reader.failure, warnings: reader.warnings)
        }
        for reading in readings {
            if let record = reading.record {
                result.records.append(record)
            } else if let problem = reading.failure {
                result.invalid.append(problem)
            }
            result.warnings += reading.warnings
        }
        releaseLater(calendar)
        ICSFutureOverrides.apply(to: &result.records, warnings: &result.warnings)
        if countingSkipped { result.warnings += skippedWarnings(skipped) }
        return result
    }

    /// The warnings that count the components left out, by name: `2 VJOURNAL components left out (...)`.
    static func skippedWarnings(_ counts: [String: Int]) -> [ICSProblem] {
        counts.sorted(by: { $0.key < $1.key }).map { name, count in
            ICSProblem(component: "VCALENDAR", uid: nil, line: 0,
                       message: "\(count) \(name) component\(count == 1 ? "" : "s") left out (only VEVENT and VTODO are read)")
        }
    }
}
