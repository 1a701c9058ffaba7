import Foundation
import TroveJSON

/// A person in an invitation: an email address and maybe a name (iTIP's CAL-ADDRESS and its CN).
public struct CalendarUser: Sendable, Equatable {
    /// Lower case, so that the same address read from two files compares equal.
    public var email: String
    public var name: String?

    public init(email: String, name: String? = nil) {
        self.email = email.lowercased()
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.name = trimmed?.isEmpty == false ? String(trimmed!.prefix(200)) : nil
    }

    /// Reads `{"email", "name"}`.
    public init?(json: JSONValue?) {
        guard let email = json?["email"]?.stringValue else { return nil }
        self.init(email: email, name: json?["name"]?.stringValue)
    }

    /// The name, else the address: how messages name the person.
    public var label: String { name ?? email }

    /// `Ada Lovelace <ada@example.com>`, or the address alone.
    public var full: String { name.map { "\($0) <\(email)>" } ?? email }

    public var json: JSONValue {
        var fields: [String: JSONValue] = ["email": .string(email)]
        if let name { fields["name"] = .string(name) }
        return .object(fields)
    }
}

/// Someone invited to an event, and their answer (iTIP's ATTENDEE with its PARTSTAT).
public struct Attendee: Sendable, Equatable {
    /// An answer to an invitation; the raw values are PARTSTAT's, in lower case.
    public enum Answer: String, Sendable, CaseIterable {
        case needsAction = "needs-action"
        case accepted, declined, tentative, delegated

        /// The answer of an iTIP PARTSTAT value (`ACCEPTED`); anything unknown has not answered yet.
        public init(partstat: String?) {
            self = Answer(rawValue: (partstat ?? "").lowercased()) ?? .needsAction
        }

        /// The PARTSTAT value to write: `NEEDS-ACTION`, `ACCEPTED`.
        public var partstat: String { rawValue.uppercased() }

        /// What a notification says they did: "accepted", "may come to".
        public var verb: String {
            switch self {
            case .needsAction: return "has not yet answered"
            case .accepted: return "accepted"
            case .declined: return "declined"
            case .tentative: return "may come to"
            case .delegated: return "delegated"
            }
        }
    }

    public var user: CalendarUser
    public var answer: Answer
    /// When they answered: the DTSTAMP of their reply.
    public var answeredAt: String?

    public init(_ user: CalendarUser, answer: Answer = .needsAction, answeredAt: String? = nil) {
        self.user = user
        self.answer = answer
        self.answeredAt = answeredAt
    }

    public init?(json: JSONValue) {
        guard let user = CalendarUser(json: json) else { return nil }
        self.init(user, answer: Answer(rawValue: json["answer"]?.stringValue ?? "") ?? .needsAction, answeredAt: json["answeredAt"]?.stringValue)
    }

    public var email: String { user.email }

    public var json: JSONValue {
        guard case .object(var fields) = user.json else { return user.json }
        fields["answer"] = .string(answer.rawValue)
        if let answeredAt { fields["answeredAt"] = .string(answeredAt) }
        return .object(fields)
    }

    /// Reads a record's `attendees` array.
    static func list(_ json: JSONValue?) -> [Attendee] {
        (json?.arrayValue ?? []).compactMap(Attendee.init(json:))
    }
}
