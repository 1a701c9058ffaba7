import Foundation
import TroveKit
import TroveStore

/// One entry for the terminal: a card of its facts, then its Markdown text.
struct EntryCard {
    var entry: Entry
    var journal: String?

    /// The card for `terminal`: its width and colour on a terminal, 100 columns otherwise.
    func lines(for terminal: TerminalTraits) -> [String] {
        lines(width: terminal.outputIsInteractive ? terminal.width : 100, color: terminal.color)
    }

    func lines(width: Int, color: Bool) -> [String] {
        var card = Card(title: (entry.starred ? "★ " : "") + (entry.title ?? Self.day(entry, withTime: true)))
        card.add("Id", entry.id)
        if entry.title != nil { card.add("Date", Self.day(entry, withTime: true)) }
        card.add("Journal", journal ?? entry.journalID)
        if !entry.tags.isEmpty { card.add("Tags", entry.tags.joined(separator: ", ")) }
        if let location = entry.location {
            card.add("Place", [location.description, String(format: "%.5f, %.5f", location.latitude, location.longitude)]
                .compactMap { $0 }.joined(separator: " · "))
        }
        if !entry.photos.isEmpty {
            card.add("Photos", entry.photos.enumerated().map { "\($0.offset + 1). \($0.element.media.prefix(12))…" + ($0.element.caption.map { " \($0)" } ?? "") }
                .joined(separator: "\n"))
        }
        if !entry.attachments.isEmpty {
            card.add("Attached", entry.attachments.map { "\($0.kind) \($0.media.prefix(12))…" }.joined(separator: "\n"))
        }
        if let isPublic = entry.isPublic { card.add("Visibility", isPublic ? "public" : "private") }
        return card.render(width: width, color: color) + [""] + TextWidth.wrap(entry.text, to: width)
    }

    /// The entry's date in its own time zone: `2026-11-22`, or `2026-11-22 07:30` with the time.
    static func day(_ entry: Entry, withTime: Bool = false) -> String {
        guard let milliseconds = Timestamp.milliseconds(entry.date) else { return entry.date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = entry.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        formatter.dateFormat = withTime ? "EEE yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// The first line of text, without Markdown heading marks, cut to 60 characters.
    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first { $0.contains { !$0.isWhitespace } } ?? ""
        let stripped = line.drop { $0 == "#" || $0 == ">" || $0.isWhitespace }
        return stripped.count > 60 ? String(stripped.prefix(59)) + "…" : String(stripped)
    }
}
