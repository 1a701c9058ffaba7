import GRDB
import TroveICal
import TroveJSON

/// One record as the index returns it: the columns queries use. `RecordIndex.value(of:)` reads the whole record.
public struct IndexedRecord: Sendable, Equatable {
    public var id: String
    public var type: String
    /// A name or title to show; `nil` when the record has none.
    public var label: String?
    /// The record it belongs to (its journal, calendar, dog…).
    public var parent: String?
    /// When it happens: an entry's date, an event's start, a task's due time.
    public var start: String?
    /// When it stops: an event's end (a recurring event's series end), else `start`.
    public var end: String?
    public var latitude: Double?
    public var longitude: Double?
    public var createdAt: String
    public var updatedAt: String
    /// Whether the record is starred (entries).
    public var starred: Bool
    /// The git blob (40 hex digits) of the record file at the indexed commit.
    public var blob: String
    /// The record as compact JSON, for the calendar's types (`CalendarColumns`); `nil` for others.
    var document: String?
    /// A recurring event's rule's starts, as `SeriesStarts` keeps them.
    var seriesStarts: String?

    /// A recurring event's starts (DTSTART's, then its rule's), worked out when it was indexed, for
    /// `Occurrences.expand(ruleStarts:)`; nil when the index does not keep them (the rule must be run).
    public var ruleStarts: [RuleStart]? { seriesStarts.flatMap(SeriesStarts.starts) }

    /// The columns to select for `init(row:)`.
    static let columns = #"records.id, records.type, records.label, records.parent, records.start, records."end", records.lat, records.lon, records.createdAt, records.updatedAt, records.blob, records.starred, records.doc, records.seriesStarts"#

    /// How many columns `columns` names: a query's own columns come after them.
    static let columnCount = columns.split(separator: ",").count

    init(row: Row) {
        id = row[0]
        type = row[1]
        label = row[2]
        parent = row[3]
        start = row[4]
        end = row[5]
        latitude = row[6]
        longitude = row[7]
        createdAt = row[8]
        updatedAt = row[9]
        blob = row[10]
        starred = row[11]
        document = row[12]
        seriesStarts = row[13]
    }
}

/// The order of a listing.
public enum IndexSort: String, Sendable, CaseIterable {
    /// Creation order (ids are UUIDv7, which sort by time).
    case created
    /// By `start`: an entry's date, an event's start, a task's due time.
    case start
    /// By name or title, ignoring case.
    case label
    /// By last change.
    case updated

    var column: String {
        switch self {
        case .created: return "records.id"
        case .start: return "records.start"
        case .label: return "records.label COLLATE NOCASE"
        case .updated: return "records.updatedAt"
        }
    }
}

/// A page of a listing: how many to skip and how many to return.
public struct IndexPage: Sendable, Equatable {
    public var offset: Int
    public var limit: Int

    public init(offset: Int = 0, limit: Int = 50) {
        self.offset = max(0, offset)
        self.limit = max(0, limit)
    }

    /// Everything.
    public static let all = IndexPage(offset: 0, limit: Int(Int32.max))
}
