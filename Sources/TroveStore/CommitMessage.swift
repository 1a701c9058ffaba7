import TroveSchema

/// Readable commit messages from what a transaction did.
enum CommitMessage {
    /// One line saying what a transaction did: each record by name when there are few, else how many of
    /// each type, and the media files added: `Add entry "Frost on the canal", add journal "Journal" with 1 media file`.
    static func summary(_ actions: [Transaction.Action]) -> String {
        let records = actions.filter { $0.kind != .media }
        let media = actions.count - records.count
        let mediaText = media == 0 ? "" : "\(media) media file\(media == 1 ? "" : "s")"
        guard !records.isEmpty else { return media == 0 ? "Update store" : "Add " + mediaText }
        var parts: [String]
        if records.count <= 3 {
            parts = records.map { action in
                let name = action.label.map { "\"\(Self.cut($0))\"" } ?? action.id
                return "\(action.kind.rawValue.lowercased()) \(action.type) \(name)"
            }
        } else {
            parts = []
            for kind in [Transaction.Action.Kind.add, .update, .delete] {
                var byType: [(type: String, count: Int)] = []
                for action in records where action.kind == kind {
                    if let index = byType.firstIndex(where: { $0.type == action.type }) { byType[index].count += 1 }
                    else { byType.append((action.type, 1)) }
                }
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

    static func full(summary: String, actions: [Transaction.Action]) -> String {
        guard actions.count > 1 else { return summary + "\n" }
        let shown = actions.prefix(50).map { "- \($0.kind.rawValue.lowercased()) \($0.type) \($0.id)" }
        let more = actions.count > 50 ? ["- ... and \(actions.count - 50) more"] : []
        return summary + "\n\n" + (shown + more).joined(separator: "\n") + "\n"
    }
}
