import Foundation
import TroveStore

/// Times as commands show them: local, to the minute.
enum LocalTime {
    /// `date` as local `YYYY-MM-DD HH:MM`.
    static func minutes(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
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
