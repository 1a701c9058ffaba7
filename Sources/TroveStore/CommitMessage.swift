import TroveSchema

/// Readable commit messages from what a transaction did.
enum CommitMessage {
    /// One line saying what a transaction did: each record by name when there are few, else how many of
    /// each type, and the media files added: `Add entry "Frost on the canal", add journal "Journal" with 1 media file`.
    static func summary(_ actions: ActionLog) -> String {
        let media = actions.mediaCount
        let mediaText = media == 0 ? "" : "\(media) media file\(media == 1 ? "" : "s")"
        guard actions.recordCount > 0 else { return media == 0 ? "Update store" : "Add " + mediaText }
        var parts: [String]
        if actions.recordCount <= 3 {
            parts = actions.firstRecords.map { action in
                let name = action.label.map { "\"\(Self.cut($0))\"" } ?? action.id
                return "\(action.kind.rawValue.lowercased()) \(action.type) \(name)"
            }
        } else {
            parts = []
            for kind in [Transaction.Action.Kind.add, .update, .delete] {
                let byType = actions.tally.filter { $0.kind == kind }
                guard !byType.isEmpty else { continue }
                let counted = byType.map { "\($0.count) \(Self.noun($0.type, count: $0.count))" }
                parts.append(kind.rawValue.lowercased() + " " + counted.joined(separator: " and "))
            }
        }
        let text = parts.joined(separator: ", ") + (media == 0 ? "" : " with " + mediaText)
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// A record type as a noun for `count` of them: entry, entries; business record(s) for `business`.
    static func noun(_ type: String, count: Int) -> String {
        let singular = type == RecordType.business ? "business record" : type.replacingOccurrences(of: "-", with: " ")
        guard count != 1, singular != "settings" else { return singular }
        if singular.hasSuffix("y"), let before = singular.dropLast().last, !"aeiou".contains(before) {
            return singular.dropLast() + "ies"
        }
        if singular.hasSuffix("s") || singular.hasSuffix("x") || singular.hasSuffix("ch") || singular.hasSuffix("sh") {
            return singular + "es"
        }
        return singular + "s"
    }

    /// A label short enough for a summary line.
    private static func cut(_ label: String) -> String {
        let line = label.split(separator: "\n").first.map(String.init) ?? ""
        return line.count <= 40 ? line : line.prefix(39) + "…"
    }

    static func full(summary: String, actions: ActionLog) -> String {
        guard actions.count > 1 else { return summary + "\n" }
        let shown = actions.first.map { "- \($0.kind.rawValue.lowercased()) \($0.type) \($0.id)" }
        let more = actions.count > shown.count ? ["- ... and \(actions.count - shown.count) more"] : []
        return summary + "\n\n" + (shown + more).joined(separator: "\n") + "\n"
    }
}

/// What a transaction did, for its commit message: the first actions in full, and counts of the rest, so that an
/// import of a million records does not keep a million of them.
struct ActionLog {
    /// The first actions, as many as a message lists (`listed`).
    private(set) var first: [Transaction.Action] = []
    /// The first record actions (not media), as many as a summary names.
    private(set) var firstRecords: [Transaction.Action] = []
    private(set) var count = 0
    private(set) var recordCount = 0
    private(set) var mediaCount = 0
    /// How many records of each kind and type, in the order each was first met.
    private(set) var tally: [(kind: Transaction.Action.Kind, type: String, count: Int)] = []

    static let listed = 50

    mutating func append(_ action: Transaction.Action) {
        count += 1
        if first.count < Self.listed { first.append(action) }
        guard action.kind != .media else { mediaCount += 1; return }
        recordCount += 1
        if firstRecords.count < 4 { firstRecords.append(action) }
        if let index = tally.firstIndex(where: { $0.kind == action.kind && $0.type == action.type }) {
            tally[index].count += 1
        } else {
            tally.append((action.kind, action.type, 1))
        }
    }
}
