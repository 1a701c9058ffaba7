import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// A notification record: a reminder, feedback, an update by someone else, an invitation.
public struct InboxMessage: Sendable, Equatable {
    public var id: String
    public var kind: String
    public var text: String
    /// The record it is about, if any.
    public var ref: String?
    public var read: Bool
    public var createdAt: String

    init?(_ record: Record) {
        guard record.type == RecordType.notification, let kind = record.value["kind"]?.stringValue,
              let text = record.value["text"]?.stringValue else { return nil }
        id = record.id
        self.kind = kind
        self.text = text
        ref = record.value["ref"]?.stringValue
        read = record.value["read"]?.boolValue ?? false
        createdAt = record.createdAt ?? ""
    }
}

/// The user's notifications, stored as records so that they sync: reading, dismissing and posting them.
///
/// Dismissed notifications stay in the store (their history is the user's) but leave the inbox.
public struct Inbox {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Notifications not dismissed, newest first; `unreadOnly` leaves out the read ones.
    public func messages(unreadOnly: Bool = false) throws -> [InboxMessage] {
        try store.records(ofType: RecordType.notification)
            .filter { $0.value["dismissed"]?.boolValue != true }
            .compactMap(InboxMessage.init)
            .filter { !unreadOnly || !$0.read }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    /// The notification whose id is `text`, or starts or ends with it (4 characters at least), among those not dismissed.
    public func message(_ text: String) throws -> InboxMessage {
        try RecordLookup.match(text, in: messages(), id: \.id, missing: CalendarError.unknownNotification(text)) {
            CalendarError.ambiguousID(text, matches: $0)
        }
    }

    /// Marks notifications read, or (with `dismiss`) takes them out of the inbox, in one commit.
    @discardableResult
    public func mark(_ messages: [InboxMessage], dismiss: Bool) throws -> CommitResult {
        let verb = dismiss ? "Dismiss" : "Read"
        return try store.transaction(message: messages.count == 1 ? "\(verb) notification" : "\(verb) \(messages.count) notifications") { transaction in
            try Self.mark(ids: messages.map(\.id), dismiss: dismiss, in: &transaction)
        }.result
    }

    /// Takes the notifications about record `ref` out of the inbox, inside `transaction`: news the user has acted on.
    public func dismiss(about ref: String, in transaction: inout Transaction) throws {
        let about = try store.records(ofType: RecordType.notification)
            .filter { $0.value["ref"]?.stringValue == ref && $0.value["dismissed"]?.boolValue != true }
        try Self.mark(ids: about.map(\.id), dismiss: true, in: &transaction)
    }

    /// Marks the notifications `ids` read, or dismissed, inside `transaction`.
    private static func mark(ids: [String], dismiss: Bool, in transaction: inout Transaction) throws {
        for id in ids {
            guard let existing = try transaction.record(id: id), var fields = existing.value.objectValue else { continue }
            fields[dismiss ? "dismissed" : "read"] = .bool(true)
            try transaction.put(.object(fields), type: RecordType.notification)
        }
    }

    /// Adds a notification inside `transaction`.
    ///
    /// - Parameter key: makes the id derived from it, so posting the same news twice (or on two peers) adds one record.
    @discardableResult
    public static func post(kind: String, text: String, ref: String? = nil, refType: String? = nil, due: Date? = nil,
                            key: String? = nil, in transaction: inout Transaction, now: Date = Date()) throws -> Record? {
        var fields: [String: JSONValue] = ["kind": .string(kind), "text": .string(text)]
        if let key {
            let id = RecordID.derived(from: "notification:" + key, at: due ?? now)
            if try transaction.contains(id: id, type: RecordType.notification) { return nil }
            fields["id"] = .string(id)
        }
        if let ref { fields["ref"] = .string(ref) }
        if let refType { fields["refType"] = .string(refType) }
        if let due { fields["due"] = .string(Timestamp.string(due)) }
        return try transaction.put(.object(fields), type: RecordType.notification)
    }
}
