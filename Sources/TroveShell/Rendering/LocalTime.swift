import Foundation
import TroveStore

/// Times as commands show them: local, to the minute.
enum LocalTime {
    /// `date` as local `YYYY-MM-DD HH:MM`.
    static func minutes(_ date: Date) -> String {
        // The C library's local time (the zone of TZ, else /etc/localtime, as Foundation's TimeZone.current): a
        // DateFormatter took 0.3 ms to make and 40 us a date, most of a search's 20 lines (issue 25).
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "—" }
        // Not `String(format:)`: its CVarArg boxing made Swift's runtime search the conformance tables (issue 25).
        func padded(_ value: Int32, _ width: Int) -> String { Timestamp.field(Int(value), width: width) }
        return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2) + " "
            + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2)
    }

    /// A record's UTC timestamp as local `YYYY-MM-DD HH:MM` (or its day alone); other text, such as an
    /// all-day date, as it is.
    static func text(_ timestamp: String?, dayOnly: Bool = false) -> String {
        guard let timestamp else { return "—" }
        guard let milliseconds = Timestamp.milliseconds(timestamp) else { return String(timestamp.prefix(dayOnly ? 10 : 16)) }
        let text = minutes(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        return dayOnly ? String(text.prefix(10)) : text
    }
}
