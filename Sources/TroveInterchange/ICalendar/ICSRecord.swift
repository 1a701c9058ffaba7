import Foundation
import TroveJSON
import TroveKit

/// One event or task read from an iCalendar file, as record fields.
///
/// `fields` follow `event.schema.json` or `task.schema.json` without the envelope
/// (`id`, `type`, `v`, `createdAt`, `updatedAt`, `clock`, `calendarId`), which the store adds.
public struct ICSRecord: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case event
        case task
    }

    public var kind: Kind
    public var fields: [String: JSONValue]
    /// 1-based line of its BEGIN:VEVENT or BEGIN:VTODO.
    public var line: Int

    public init(kind: Kind, fields: [String: JSONValue], line: Int = 0) {
        self.kind = kind
        self.fields = fields
        self.line = line
    }

    /// The fields as a JSON object.
    public var json: JSONValue { .object(fields) }

    public var uid: String? { fields["uid"]?.stringValue }
    public var title: String? { fields["title"]?.stringValue }
}

/// Something wrong with one VEVENT or VTODO, named by its UID and line.
public struct ICSProblem: Sendable, Equatable, CustomStringConvertible {
    /// `VEVENT`, `VTODO` or `VCALENDAR`.
    public var component: String
    public var uid: String?
    public var line: Int
    public var message: String

    public init(component: String, uid: String?, line: Int, message: String) {
        self.component = component
        self.uid = uid
        self.line = line
        self.message = message
    }

    /// E.g. `line 12: VEVENT "abc@example.com": DTEND is before DTSTART`.
    public var description: String {
        let place = line > 0 ? "line \(line): " : ""
        let name = uid.map { " \"\($0)\"" } ?? " without UID"
        return "\(place)\(component)\(name): \(message)"
    }
}

/// What `ICSReader` made of a file: the records it could read, the components it could not
/// (`invalid`, which an import may skip), and warnings about what it left out.
public struct ICSFile: Sendable, Equatable {
    public var records: [ICSRecord] = []
    /// VEVENTs and VTODOs that could not be read; the other records still were.
    public var invalid: [ICSProblem] = []
    /// Things read in part or left out (an RDATE libical rejected, a second RRULE, ...).
    public var warnings: [ICSProblem] = []
    /// The calendar's name (`X-WR-CALNAME`), if it has one.
    public var calendarName: String?
    /// iTIP's METHOD in upper case (`PUBLISH`, `REQUEST`, `REPLY`), if the file has one.
    public var method: String?

    public init() {}

    public var events: [ICSRecord] { records.filter { $0.kind == .event } }
    public var tasks: [ICSRecord] { records.filter { $0.kind == .task } }
}

/// Why a whole iCalendar file could not be read; a bad event is an `ICSProblem` instead.
public struct ICSFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name or path, if read from a file.
    public var file: String?
    public var reason: String

    public init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { (file.map { "\($0): " } ?? "") + reason }
}

extension ICSFileError: UserFacingError {}
