/// Text made safe inside XML and HTML markup: the one escape the GPX writer and the HTML and SVG exports use.
enum MarkupText {
    /// `text` as element content or (`attribute`) as a quoted attribute value, in XML 1.0 or HTML.
    ///
    /// `& < > " '` become entities, so the result is safe in text and in either kind of quotes. A carriage
    /// return is kept as `&#13;` (parsers would fold it into a newline), and in an attribute a newline and a tab
    /// become `&#10;` and `&#9;` (parsers would turn them into spaces). Control characters XML 1.0 cannot hold
    /// at all, and U+FFFE and U+FFFF, are dropped.
    ///
    ///     MarkupText.escape("<b>Tom & \"Jerry\"</b>")  // "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;"
    static func escape(_ text: String, attribute: Bool = false) -> String {
        // Most text (kinds, ids, names) needs nothing, so skip the copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
