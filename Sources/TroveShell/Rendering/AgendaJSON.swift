import Foundation
import TroveICal
import TroveJSON
import TroveKit

/// An agenda item as `agenda --json` prints it: the record's own fields, none of the line's decorations
/// (`☐`, `[CS101]`, `↻`, ` · group`), which scripts would otherwise have to take apart again.
enum AgendaJSON {
    static func item(_ item: AgendaItem) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(item.id), "kind": .string(item.kind.rawValue), "title": .string(item.storedTitle),
            "class": item.itemClass.map { .string($0) } ?? .null,
            // An event's start or a task's due time, as `--sort due` orders them.
            "time": item.time.map { .string(CalendarTime.timestamp($0)) } ?? .null,
            "minutes": item.lengthMinutes.map { .integer($0) } ?? .null,
        ]
        switch item.kind {
        case .event:
            fields["start"] = fields["time"]
            fields["end"] = item.end.map { .string(CalendarTime.timestamp($0)) } ?? .null
            fields["allDay"] = .bool(item.allDay)
            fields["repeats"] = .bool(item.repeats)
        case .task:
            fields["due"] = fields["time"]
            fields["done"] = .bool(item.done ?? false)
        }
        if let group = item.group { fields["group"] = .string(group) }
        return .object(fields)
    }
}
