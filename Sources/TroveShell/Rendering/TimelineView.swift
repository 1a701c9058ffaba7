import Foundation
import TroveStore

/// The home view as a person scrolls it on a terminal: entries of every journal, newest first by the
/// instant they are about, under a heading for each day of the reader's own time zone.
///
/// The reader's zone (not each entry's) decides the days, so the headings run in order even when
/// entries were written on trips across zones.
struct TimelineView {
    /// One entry as the view shows it, read from the index alone (a long history never opens its blobs).
    struct Line: Equatable {
        /// When the entry is about, a UTC timestamp; nil goes under "No date".
        var start: String?
        var journal: String
        var starred: Bool
        var title: String
    }

    var timeZone: TimeZone = .current

    /// The lines, newest first as given, each day under its heading; `width` cuts long titles.
    func render(_ entries: [Line], width: Int, color: Bool) -> [String] {
        let journalWidth = min(16, entries.map { TextWidth.of($0.journal) }.max() ?? 0)
        var lines: [String] = []
        var day: String?
        for entry in entries {
            let (heading, time) = moment(entry.start)
            if heading != day {
                lines.append(SGR.apply([.bold], to: heading, color: color))
                day = heading
            }
            let lead = "  \(time)  \(TextWidth.fit(entry.journal, to: journalWidth))  \(entry.starred ? "★" : " ") "
            lines.append(TextWidth.trimmingTrailingSpaces(lead + TextWidth.truncate(entry.title, to: max(10, width - TextWidth.of(lead)))))
        }
        return lines
    }

    /// The day heading (`Thursday 2026-03-05`) and the time (`08:30`) of a timestamp, in `timeZone`.
    private func moment(_ start: String?) -> (day: String, time: String) {
        guard let start, let milliseconds = Timestamp.milliseconds(start) else {
            // An all-day date is its own day; anything else has none.
            return (start.map { String($0.prefix(10)) } ?? "No date", "     ")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE yyyy-MM-dd'|'HH:mm"
        let parts = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000)).split(separator: "|")
        return (String(parts[0]), String(parts[1]))
    }
}
