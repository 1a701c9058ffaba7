import Foundation
import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore

/// A quote or an image kept on a day of the calendar.
public struct DayNote: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case quote(text: String, author: String?)
        /// An image in the store's media, by SHA-256.
        case image(sha256: String, caption: String?)
    }

    public var id: String
    public var date: CivilDate
    public var content: Content

    init?(_ record: Record) {
        guard let date = record.value["date"]?.stringValue.flatMap(CivilDate.init(iso:)) else { return nil }
        id = record.id
        self.date = date
        switch record.type {
        case RecordType.quote:
            guard let text = record.value["text"]?.stringValue else { return nil }
            content = .quote(text: text, author: record.value["author"]?.stringValue)
        case RecordType.dayImage:
            guard let media = record.value["media"]?.stringValue else { return nil }
            content = .image(sha256: media, caption: record.value["caption"]?.stringValue)
        default:
            return nil
        }
    }
}

/// Quotes and images on days: adding them, and finding those of a span of days.
public struct DayNotes {
    public let index: RecordIndex
    public var store: Store { index.store }

    public init(index: RecordIndex) { self.index = index }

    /// Keeps a quote on `date`; its text must not be empty.
    @discardableResult
    public func addQuote(_ text: String, author: String?, on date: CivilDate) throws -> (note: DayNote, result: CommitResult) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CalendarError.emptyQuote }
        var fields: [String: JSONValue] = ["text": .string(trimmed), "date": .string(date.description)]
        if let author = author?.trimmingCharacters(in: .whitespacesAndNewlines), !author.isEmpty { fields["author"] = .string(author) }
        let (record, result) = try store.transaction(message: "Add quote for \(date)") { try $0.put(.object(fields), type: RecordType.quote) }
        return (DayNote(record)!, result)
    }

    /// Keeps an image on `date`; the bytes must be an image (checked by their magic bytes).
    @discardableResult
    public func addImage(_ bytes: [UInt8], source: String, caption: String?, on date: CivilDate) throws -> (note: DayNote, result: CommitResult) {
        let (record, result) = try store.transaction(message: "Add image for \(date)") { transaction -> Record in
            let media = try transaction.addMedia(bytes, source: source)
            var fields: [String: JSONValue] = ["media": .string(media.sha256), "date": .string(date.description)]
            if let caption, !caption.isEmpty { fields["caption"] = .string(caption) }
            return try transaction.put(.object(fields), type: RecordType.dayImage)
        }
        return (DayNote(record)!, result)
    }

    /// The quotes and images of the days `from...to`, by date.
    public func notes(from: CivilDate, to: CivilDate) throws -> [DayNote] {
        try index.catchUp()
        return try [RecordType.quote, RecordType.dayImage].flatMap { type in
            try index.records(type: type, overlappingFrom: from.description, to: to.adding(days: 1).description)
                .compactMap { row in index.value(of: row).flatMap { DayNote(Record($0)) } }
        }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    }
}
