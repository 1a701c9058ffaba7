import Foundation

/// Renders the Markdown that journal entries use into HTML, escaping all text.
///
/// Covers headings (ATX and setext), paragraphs with hard breaks, emphasis, strong, strikethrough,
/// code spans, fenced and indented code, block quotes, nested bullet and ordered lists, task
/// checkboxes, horizontal rules, links and images. Raw HTML in the Markdown is shown as text, never
/// passed through, so a published entry cannot carry a script.
public struct MarkdownHTML: Sendable {
    /// Maps a link or image destination to the URL to write; nil drops the link (keeping its text)
    /// or the image (keeping its alt text). Unsafe schemes (`javascript:`…) are dropped after it.
    public var resolveURL: @Sendable (String) -> String?

    public init(resolveURL: @escaping @Sendable (String) -> String? = { $0 }) {
        self.resolveURL = resolveURL
    }

    /// The HTML for `markdown`.
    public func render(_ markdown: String) -> String {
        let normalized = markdown.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { expandTabs(String($0)) }
        return renderBlocks(lines)
    }

    // MARK: Blocks

    /// Renders `lines` as blocks; `tight` list items show their paragraphs without `<p>`.
    func renderBlocks(_ lines: [String], tight: Bool = false) -> String {
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if isBlank(line) { i += 1; continue }
            if let fence = Fence(line) {
                var body: [String] = []
                i += 1
                while i < lines.count, !fence.closes(lines[i]) {
                    body.append(dropIndent(lines[i], upTo: fence.indent))
                    i += 1
                }
                i += 1 // the closing fence, or past the end
                let lang = fence.language.map { " class=\"language-\(MarkupText.escape($0))\"" } ?? ""
                let code = body.map { $0 + "\n" }.joined()
                out.append("<pre><code\(lang)>\(MarkupText.escape(code))</code></pre>")
            } else if markdownIndent(line) >= 4 {
                var body: [String] = []
                while i < lines.count, isBlank(lines[i]) || markdownIndent(lines[i]) >= 4 {
                    body.append(dropIndent(lines[i], upTo: 4))
                    i += 1
                }
                while let last = body.last, isBlank(last) { body.removeLast() }
                out.append("<pre><code>\(MarkupText.escape(body.map { $0 + "\n" }.joined()))</code></pre>")
            } else if let (level, text) = atxHeading(line) {
                out.append("<h\(level)>\(inline(text))</h\(level)>")
                i += 1
            } else if isThematicBreak(line) {
                out.append("<hr>")
                i += 1
            } else if let rest = quoteContent(line) {
                var inner = [rest]
                i += 1
                while i < lines.count {
                    if let r = quoteContent(lines[i]) {
                        inner.append(r)
                    } else if !isBlank(lines[i]), let last = inner.last, !isBlank(last), !startsBlock(lines[i]) {
                        inner.append(lines[i]) // lazy continuation of a quoted paragraph
                    } else {
                        break
                    }
                    i += 1
                }
                out.append("<blockquote>\n\(renderBlocks(inner))\n</blockquote>")
            } else if ListMarker(line) != nil {
                let (html, next) = renderList(lines, from: i)
                out.append(html)
                i = next
            } else {
                var para = [line]
                i += 1
                var setext: Int?
                while i < lines.count, !isBlank(lines[i]) {
                    if let level = setextLevel(lines[i]) { setext = level; i += 1; break }
                    if startsBlock(lines[i], interruptingParagraph: true) { break }
                    para.append(lines[i])
                    i += 1
                }
                let text = para.map { dropIndent($0, upTo: 3) }.joined(separator: "\n")
                    .trimmingTrailingSpaces()
                if let setext {
                    out.append("<h\(setext)>\(inline(text))</h\(setext)>")
                } else {
                    out.append(tight ? inline(text) : "<p>\(inline(text))</p>")
                }
            }
        }
        return out.joined(separator: "\n")
    }

    private func renderList(_ lines: [String], from start: Int) -> (String, Int) {
        let first = ListMarker(lines[start])!
        var items: [[String]] = []
        var loose = false
        var i = start
        var sawBlankBetweenItems = false
        while i < lines.count, let marker = ListMarker(lines[i]), marker.sameList(as: first),
              marker.indent < first.contentIndent || items.isEmpty {
            if sawBlankBetweenItems { loose = true }
            var body = [marker.firstLine]
            i += 1
            var pendingBlank = false
            while i < lines.count {
                let l = lines[i]
                if isBlank(l) { pendingBlank = true; body.append(""); i += 1; continue }
                if markdownIndent(l) >= marker.contentIndent {
                    pendingBlank = false
                    body.append(dropIndent(l, upTo: marker.contentIndent))
                    i += 1
                } else if !pendingBlank, !startsBlock(l) {
                    body.append(l) // lazy continuation line
                    i += 1
                } else {
                    break
                }
            }
            // Trailing blanks separate this item from the next; they make the list loose only if one follows.
            var trailing = 0
            while let last = body.last, isBlank(last), body.count > 1 { body.removeLast(); trailing += 1 }
            sawBlankBetweenItems = trailing > 0
            loose = loose || hasBlankBetweenParagraphs(body)
            items.append(body)
        }
        var html = first.ordered
            ? (first.number == 1 ? "<ol>" : "<ol start=\"\(first.number)\">")
            : "<ul>"
        for body in items {
            var content = body
            var task = ""
            if let checked = taskState(content[0]) {
                content[0] = String(content[0].dropFirst(4))
                task = "<input type=\"checkbox\" disabled\(checked ? " checked" : "")> "
            }
            let inner = renderBlocks(content, tight: !loose)
            html += task.isEmpty ? "\n<li>" : "\n<li class=\"task\">"
            html += task + inner + "</li>"
        }
        html += first.ordered ? "\n</ol>" : "\n</ul>"
        return (html, i)
    }

    /// Whether a blank line separates two non-blank lines at the item's own level.
    private func hasBlankBetweenParagraphs(_ body: [String]) -> Bool {
        var seenText = false, seenBlank = false
        for line in body {
            if isBlank(line) { if seenText { seenBlank = true } } else {
                if seenBlank, markdownIndent(line) == 0 { return true }
                seenText = true
            }
        }
        return false
    }

    private func taskState(_ line: String) -> Bool? {
        if line.hasPrefix("[ ] ") { return false }
        if line.hasPrefix("[x] ") || line.hasPrefix("[X] ") { return true }
        return nil
    }

    func inline(_ text: String) -> String {
        MarkdownInline(resolveURL: resolveURL).render(text)
    }
}
