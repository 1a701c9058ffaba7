import TroveJSON

/// What the SQLite index keeps of a record type, read from its schema's `x-index` annotations.
///
/// Each property that the index reads says so beside its `x-merge`, with a role (or a list of roles):
///
/// ```json
/// "title":      { "type": "string", "x-merge": "lww", "x-index": "label" },
/// "text":       { "type": "string", "x-merge": "text", "x-index": ["body", "heading"] },
/// "journalId":  { "$ref": "common.schema.json#/$defs/uuid", "x-merge": "lww", "x-index": "parent" }
/// ```
///
/// | role | the index keeps |
/// | --- | --- |
/// | `label` | the name lists show, searched as a title |
/// | `label-else` | the name when there is no `label` (not searched) |
/// | `heading` | the name, from the text's first line, when there is neither |
/// | `parent`, `parent-else` | the id of the record it belongs to (its journal, calendar, dog…) |
/// | `start`, `start-else` | when it happens (a date or a time): listings sort and filter by it |
/// | `end` | when it stops (else its start) |
/// | `body` | long text, searched |
/// | `tags` | a list of words, listed and filtered by |
/// | `place` | an object with `lat`/`lon` (the map) and `place`/`address` (searched) |
/// | `starred` | a flag |
///
/// At the schema's root, `"x-index-calendar": "event"` or `"task"` has the calendar part of the index
/// (`TroveIndex/Calendar`) keep the whole record in its row, and for events their one-off and series columns.
/// A new record type needs nothing else to be listed, searched and mapped.
public struct IndexRoles: Sendable, Equatable {
    /// Properties holding the record's name, most telling first; the `label-else` ones come after the `label` ones.
    public var label: [String] = []
    /// The `label` properties alone: searched as the record's title.
    public var title: [String] = []
    /// A Markdown text whose first line names the record when nothing in `label` does.
    public var heading: String?
    public var parent: [String] = []
    public var start: [String] = []
    public var end: String?
    public var body: [String] = []
    public var tags: [String] = []
    public var place: String?
    public var starred: String?
    /// What the calendar part keeps: the record as a calendar reads it.
    public var calendar: CalendarKind?

    /// The kinds of calendar records the index keeps whole.
    public enum CalendarKind: String, Sendable {
        case event, task
    }

    public init() {}

    /// The roles of a format whose schema says nothing of the index: no columns beyond the envelope.
    public static let none = IndexRoles()

    /// The roles every `x-index` may name.
    static let names: Set<String> = [
        "label", "label-else", "heading", "parent", "parent-else", "start", "start-else", "end", "body", "tags", "place", "starred",
    ]

    /// Reads the roles of the record schema at `root`; throws on an unknown role, or a role of one property claimed twice.
    static func read(root: Int, graph: SchemaGraph, file: String) throws(FormatCatalogError) -> IndexRoles {
        var roles = IndexRoles()
        let node = graph[root]
        if let declared = node.extensions["x-index-calendar"] {
            guard let kind = declared.stringValue.flatMap(CalendarKind.init(rawValue:)) else {
                throw FormatCatalogError(file: file, pointer: "", reason: "x-index-calendar must be \"event\" or \"task\"")
            }
            roles.calendar = kind
        }
        var labelElse: [String] = [], parentElse: [String] = [], startElse: [String] = []
        // Properties in name order, so that two of one role are read in an order that does not depend on hashing.
        for (name, child) in node.properties.sorted(by: { $0.name < $1.name }) {
            guard let declared = graph.extensionValue("x-index", at: child) else { continue }
            let pointer = "/properties/\(name)/x-index"
            let declaredRoles: [String]
            switch declared {
            case .string(let one): declaredRoles = [one]
            case .array(let many) where !many.isEmpty && many.allSatisfy({ $0.stringValue != nil }): declaredRoles = many.compactMap(\.stringValue)
            default: throw FormatCatalogError(file: file, pointer: pointer, reason: "x-index must be a role or a list of roles")
            }
            for role in declaredRoles {
                func single(_ slot: inout String?) throws(FormatCatalogError) {
                    if let other = slot { throw FormatCatalogError(file: file, pointer: pointer, reason: "\(other) is the \(role) already") }
                    slot = name
                }
                switch role {
                case "label": roles.label.append(name); roles.title.append(name)
                case "label-else": labelElse.append(name)
                case "heading": try single(&roles.heading)
                case "parent": roles.parent.append(name)
                case "parent-else": parentElse.append(name)
                case "start": roles.start.append(name)
                case "start-else": startElse.append(name)
                case "end": try single(&roles.end)
                case "body": roles.body.append(name)
                case "tags": roles.tags.append(name)
                case "place": try single(&roles.place)
                case "starred": try single(&roles.starred)
                default:
                    throw FormatCatalogError(file: file, pointer: pointer, reason: "unknown x-index role \"\(role)\" (one of \(Self.names.sorted().joined(separator: ", ")))")
                }
            }
        }
        roles.label += labelElse
        roles.parent += parentElse
        roles.start += startElse
        return roles
    }
}
