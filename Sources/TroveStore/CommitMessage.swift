/// Readable commit messages from what a transaction did.
enum CommitMessage {
    static func summary(_ actions: [Transaction.Action]) -> String {
        if actions.count == 1, let action = actions.first {
            if action.kind == .media { return "Add media \(action.id.prefix(12))" }
            let name = action.label.map { "\"\($0)\"" } ?? action.id
            return "\(action.kind.rawValue) \(action.type) \(name)"
        }
        var counts: [(Transaction.Action.Kind, Int)] = []
        for kind in [Transaction.Action.Kind.add, .update, .delete, .media] {
            let count = actions.filter { $0.kind == kind }.count
            if count > 0 { counts.append((kind, count)) }
        }
        guard !counts.isEmpty else { return "Update store" }
        let parts = counts.map { kind, count in
            kind == .media ? "add \(count) media files" : "\(kind.rawValue.lowercased()) \(count) record\(count == 1 ? "" : "s")"
        }
        let text = parts.joined(separator: ", ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    static func full(summary: String, actions: [Transaction.Action]) -> String {
        guard actions.count > 1 else { return summary + "\n" }
        let shown = actions.prefix(50).map { "- \($0.kind.rawValue.lowercased()) \($0.type) \($0.id)" }
        let more = actions.count > 50 ? ["- ... and \(actions.count - 50) more"] : []
        return summary + "\n\n" + (shown + more).joined(separator: "\n") + "\n"
    }
}
