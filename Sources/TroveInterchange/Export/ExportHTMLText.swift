/// Links in the HTML the exporters write (text itself goes through `MarkupText.escape`).
enum ExportHTMLText {
    /// A URL for an `href`/`src`: spaces and controls percent-encoded, then escaped as an attribute.
    static func url(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c == " " || c.value < 0x20 || c.value == 0x7F {
                out += "%" + (c.value < 16 ? "0" : "") + String(c.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return MarkupText.escape(out)
    }

    /// Whether a link destination is safe to follow: not `javascript:`, `vbscript:` or `data:`.
    static func isSafeLink(_ url: String) -> Bool {
        let lowered = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        return !["javascript:", "vbscript:", "data:"].contains { lowered.hasPrefix($0) }
    }
}
