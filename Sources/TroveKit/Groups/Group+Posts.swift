import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// One announcement, chat message, meeting or link in a group.
public struct GroupPost: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case announcement, chat, meeting, link }

    public var id: String
    public var kind: Kind
    public var author: String?
    public var title: String?
    public var text: String?
    public var url: String?
    public var start: String?
    public var end: String?
    public var createdAt: String

    public init?(_ record: Record) {
        guard record.type == RecordType.groupPost, let kind = record.value["kind"]?.stringValue.flatMap(Kind.init) else { return nil }
        id = record.id
        self.kind = kind
        author = record.value["author"]?.stringValue
        title = record.value["title"]?.stringValue
        text = record.value["text"]?.stringValue
        url = record.value["url"]?.stringValue
        start = record.value["start"]?.stringValue
        end = record.value["end"]?.stringValue
        createdAt = record.createdAt ?? ""
    }
}

extension Group {
    /// The posts of `kind` (all kinds when `nil`), oldest first.
    public func posts(_ kind: GroupPost.Kind? = nil) throws -> [GroupPost] {
        try store.records(ofType: RecordType.groupPost).compactMap(GroupPost.init)
            .filter { kind == nil || $0.kind == kind }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Posts an announcement or a chat message.
    @discardableResult
    public func say(_ text: String, as kind: GroupPost.Kind) throws -> GroupPost {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw GroupError.emptyText(what: kind == .chat ? "message" : "announcement") }
        return try post(["kind": .string(kind.rawValue), "text": .string(text)], action: .post, message: "\(kind.rawValue.capitalized) in \(name)")
    }

    /// Schedules a meeting, shown in calendar views.
    @discardableResult
    public func meeting(title: String, start: Date, end: Date?) throws -> GroupPost {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw GroupError.emptyText(what: "meeting's title") }
        var fields: [String: JSONValue] = ["kind": "meeting", "title": .string(title), "start": .string(Timestamp.string(start))]
        if let end { fields["end"] = .string(Timestamp.string(end)) }
        return try post(.object(fields), action: .schedule, message: "Meeting in \(name): \(title)")
    }

    /// Shares a link.
    @discardableResult
    public func share(url: String, title: String?) throws -> GroupPost {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, ["http", "https", "mailto", "geo", "file"].contains(scheme.lowercased())
        else { throw GroupError.notAllowed("'\(url)' is not a link: give a full URL, like https://example.com/page") }
        var fields: [String: JSONValue] = ["kind": "link", "url": .string(url)]
        if let title, !title.isEmpty { fields["title"] = .string(title) }
        return try post(.object(fields), action: .shareLinks, message: "Link in \(name): \(title ?? url)")
    }

    private func post(_ fields: JSONValue, action: GroupPermissions.Action, message: String) throws -> GroupPost {
        let me = try require(action)
        var fields = fields.objectValue ?? [:]
        fields["groupId"] = .string(link.id)
        fields["author"] = .string(me.username)
        let (record, _) = try store.transaction(message: message) { transaction in
            try transaction.put(.object(fields), type: RecordType.groupPost)
        }
        return GroupPost(record)!
    }
}
