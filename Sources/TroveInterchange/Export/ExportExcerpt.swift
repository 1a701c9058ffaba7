import Foundation

/// A short plain-text preview of Markdown, for entry lists.
enum ExportExcerpt {
    /// The text without Markdown markup or images, on one line, cut at a word before `limit` characters.
    static func plain(_ markdown: String, limit: Int) -> String {
        var words: [Substring] = []
        var inFence = false
        for rawLine in markdown.split(whereSeparator: \.isNewline) {
            let trimmed = rawLine.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if inFence { continue }
            var line = String(trimmed).replacingImages(with: " ")
            line = stripLinkTargets(line)
            // Block markers: headings, quotes, bullets, task boxes.
            while let first = line.first, "#>-*+".contains(first) { line = String(line.dropFirst().drop { $0 == " " }) }
            if line.hasPrefix("[ ] ") || line.hasPrefix("[x] ") || line.hasPrefix("[X] ") { line = String(line.dropFirst(4)) }
            line = String(line.filter { !"*_`~\\".contains($0) })
            words += line.split(separator: " ")
        }
        var out = ""
        for word in words {
            if out.count + word.count + 1 > limit { return out + "…" }
            out += out.isEmpty ? String(word) : " " + word
        }
        return out
    }

    /// `[label](url)` → `label`.
    private static func stripLinkTargets(_ s: String) -> String {
        var out = ""
        var rest = s[...]
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.range(of: "]("), let end = after[close.upperBound...].firstIndex(of: ")") {
                out += after[..<close.lowerBound]
                rest = after[after.index(after: end)...]
            } else {
                out += "["
                rest = after
            }
        }
        return out + rest
    }
}
