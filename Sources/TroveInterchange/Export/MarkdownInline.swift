import Foundation

/// Renders the inline Markdown of one block (emphasis, code spans, links, images, breaks) into escaped HTML.
struct MarkdownInline {
    let resolveURL: @Sendable (String) -> String?

    func render(_ text: String) -> String {
        render(Array(text)[...])
    }

    private func render(_ s: ArraySlice<Character>) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            switch c {
            case "\\":
                let next = i + 1 < s.endIndex ? s[i + 1] : nil
                if next == "\n" {
                    out += "<br>\n"
                    i += 2
                } else if let next, next.isASCII, next.isPunctuation || next.isSymbol {
                    out += MarkupText.escape(String(next))
                    i += 2
                } else {
                    out += "\\"
                    i += 1
                }
            case "`":
                let run = runLength(s, at: i)
                if let close = findCodeClose(s, from: i + run, length: run) {
                    out += "<code>" + MarkupText.escape(codeText(s[(i + run)..<close])) + "</code>"
                    i = close + run
                } else {
                    out += String(repeating: "`", count: run)
                    i += run
                }
            case "!" where i + 1 < s.endIndex && s[i + 1] == "[":
                if let link = parseLink(s, labelStart: i + 2) {
                    let alt = plainText(link.label)
                    if let src = resolve(link.destination) {
                        out += "<img src=\"\(ExportHTMLText.url(src))\" alt=\"\(MarkupText.escape(alt))\""
                        out += link.title.map { " title=\"\(MarkupText.escape($0))\"" } ?? ""
                        out += " loading=\"lazy\">"
                    } else {
                        out += MarkupText.escape(alt)
                    }
                    i = link.end
                } else {
                    out += "!"
                    i += 1
                }
            case "[":
                if let link = parseLink(s, labelStart: i + 1) {
                    let label = render(link.label)
                    if let href = resolve(link.destination) {
                        out += "<a href=\"\(ExportHTMLText.url(href))\""
                        out += link.title.map { " title=\"\(MarkupText.escape($0))\"" } ?? ""
                        out += ">\(label)</a>"
                    } else {
                        out += label
                    }
                    i = link.end
                } else {
                    out += "["
                    i += 1
                }
            case "<":
                if let (url, end) = autolink(s, at: i), let href = resolve(url) {
                    out += "<a href=\"\(ExportHTMLText.url(href))\">\(MarkupText.escape(url))</a>"
                    i = end
                } else {
                    out += "&lt;"
                    i += 1
                }
            case "*", "_", "~":
                let (html, end) = emphasis(s, at: i)
                out += html
                i = end
            case " ":
                let run = runLength(s, at: i)
                if i + run < s.endIndex, s[i + run] == "\n" {
                    out += run >= 2 ? "<br>\n" : "\n"
                    i += run + 1
                } else {
                    out += String(repeating: " ", count: run)
                    i += run
                }
            default:
                out += MarkupText.escape(String(c))
                i += 1
            }
        }
        return out
    }

    private func resolve(_ url: String) -> String? {
        guard let resolved = resolveURL(url), ExportHTMLText.isSafeLink(resolved) else { return nil }
        return resolved
    }

    // MARK: Emphasis

    /// `**strong**`, `*em*`, `_em_`, `~~strike~~` at `i`; literal characters when the run cannot open or has no closer.
    private func emphasis(_ s: ArraySlice<Character>, at i: Int) -> (String, Int) {
        let c = s[i]
        let run = runLength(s, at: i)
        let literal = (MarkupText.escape(String(repeating: c, count: run)), i + run)
        guard canOpen(s, from: i, to: i + run) else { return literal }
        if run >= 2, let close = findCloser(s, char: c, from: i + 2, minRun: 2) {
            let tag = c == "~" ? "s" : "strong"
            return ("<\(tag)>" + render(s[(i + 2)..<close]) + "</\(tag)>", close + 2)
        }
        if c != "~", let close = findCloser(s, char: c, from: i + 1, minRun: 1) {
            return ("<em>" + render(s[(i + 1)..<close]) + "</em>", close + 1)
        }
        return literal
    }

    /// Start of a closing delimiter for an opener of `minRun` (2: strong, 1: em), skipping code spans.
    /// A run of exactly two never closes an em, so `*a **b** c*` nests.
    private func findCloser(_ s: ArraySlice<Character>, char c: Character, from start: Int, minRun: Int) -> Int? {
        var j = start
        while j < s.endIndex {
            if s[j] == "\\" { j += 2; continue }
            if s[j] == "`" {
                let run = runLength(s, at: j)
                j = findCodeClose(s, from: j + run, length: run).map { $0 + run } ?? j + run
                continue
            }
            guard s[j] == c else { j += 1; continue }
            let run = runLength(s, at: j)
            let fits = minRun == 2 ? run >= 2 : run != 2
            if fits, j > start, canClose(s, from: j, to: j + run) {
                return j + run - minRun // the last characters of the run close
            }
            j += run
        }
        return nil
    }

    private func canOpen(_ s: ArraySlice<Character>, from a: Int, to b: Int) -> Bool {
        let (left, right) = flanking(s, from: a, to: b)
        if s[a] == "_" { return left && (!right || isPunct(before(s, a))) }
        return left
    }

    private func canClose(_ s: ArraySlice<Character>, from a: Int, to b: Int) -> Bool {
        let (left, right) = flanking(s, from: a, to: b)
        if s[a] == "_" { return right && (!left || isPunct(after(s, b))) }
        return right
    }

    /// CommonMark's left- and right-flanking rules for the run `a..<b`.
    private func flanking(_ s: ArraySlice<Character>, from a: Int, to b: Int) -> (Bool, Bool) {
        let prev = before(s, a), next = after(s, b)
        let left = !isSpace(next) && (!isPunct(next) || isSpace(prev) || isPunct(prev))
        let right = !isSpace(prev) && (!isPunct(prev) || isSpace(next) || isPunct(next))
        return (left, right)
    }

    private func before(_ s: ArraySlice<Character>, _ i: Int) -> Character? { i > s.startIndex ? s[i - 1] : nil }
    private func after(_ s: ArraySlice<Character>, _ i: Int) -> Character? { i < s.endIndex ? s[i] : nil }
    private func isSpace(_ c: Character?) -> Bool { c.map { $0.isWhitespace } ?? true }
    private func isPunct(_ c: Character?) -> Bool { c.map { $0.isPunctuation || $0.isSymbol } ?? false }

    // MARK: Code spans, links

    private func runLength(_ s: ArraySlice<Character>, at i: Int) -> Int {
        var j = i
        while j < s.endIndex, s[j] == s[i] { j += 1 }
        return j - i
    }

    /// Start of the next backtick run of exactly `length`.
    private func findCodeClose(_ s: ArraySlice<Character>, from start: Int, length: Int) -> Int? {
        var j = start
        while j < s.endIndex {
            if s[j] == "`" {
                let run = runLength(s, at: j)
                if run == length { return j }
                j += run
            } else {
                j += 1
            }
        }
        return nil
    }

    /// Line breaks become spaces; one space each side is dropped when both are there.
    private func codeText(_ s: ArraySlice<Character>) -> String {
        var t = String(s).replacingOccurrences(of: "\n", with: " ")
        if t.count >= 2, t.first == " ", t.last == " ", t.contains(where: { $0 != " " }) {
            t = String(t.dropFirst().dropLast())
        }
        return t
    }

    struct Link {
        var label: ArraySlice<Character>
        var destination: String
        var title: String?
        var end: Int
    }

    /// `[label](destination "title")` with the label starting at `labelStart`; brackets in the label must balance.
    private func parseLink(_ s: ArraySlice<Character>, labelStart: Int) -> Link? {
        var depth = 1
        var j = labelStart
        while j < s.endIndex {
            if s[j] == "\\" { j += 2; continue }
            if s[j] == "`", let close = findCodeClose(s, from: j + runLength(s, at: j), length: runLength(s, at: j)) {
                j = close + runLength(s, at: close)
                continue
            }
            if s[j] == "[" { depth += 1 }
            if s[j] == "]" { depth -= 1; if depth == 0 { break } }
            j += 1
        }
        guard j < s.endIndex, j + 1 < s.endIndex, s[j + 1] == "(" else { return nil }
        let label = s[labelStart..<j]
        var k = j + 2
        skipSpaces(s, &k)
        var destination = ""
        if k < s.endIndex, s[k] == "<" {
            k += 1
            while k < s.endIndex, s[k] != ">", s[k] != "\n" { destination.append(s[k]); k += 1 }
            guard k < s.endIndex, s[k] == ">" else { return nil }
            k += 1
        } else {
            var parens = 0
            while k < s.endIndex, !s[k].isWhitespace {
                if s[k] == "\\", k + 1 < s.endIndex, s[k + 1].isPunctuation || s[k + 1].isSymbol {
                    destination.append(s[k + 1]); k += 2; continue
                }
                if s[k] == "(" { parens += 1 }
                if s[k] == ")" { if parens == 0 { break }; parens -= 1 }
                destination.append(s[k])
                k += 1
            }
        }
        skipSpaces(s, &k)
        var title: String?
        let titleClosers: [Character: Character] = ["\"": "\"", "'": "'", "(": ")"]
        if k < s.endIndex, let closeQuote = titleClosers[s[k]] {
            var t = ""
            k += 1
            while k < s.endIndex, s[k] != closeQuote {
                if s[k] == "\\", k + 1 < s.endIndex { t.append(s[k + 1]); k += 2; continue }
                t.append(s[k]); k += 1
            }
            guard k < s.endIndex else { return nil }
            title = t
            k += 1
            skipSpaces(s, &k)
        }
        guard k < s.endIndex, s[k] == ")" else { return nil }
        return Link(label: label, destination: destination, title: title, end: k + 1)
    }

    private func skipSpaces(_ s: ArraySlice<Character>, _ k: inout Int) {
        while k < s.endIndex, s[k] == " " || s[k] == "\n" { k += 1 }
    }

    /// `<scheme:…>` with no spaces, like `<mailto:me@example.org>`.
    private func autolink(_ s: ArraySlice<Character>, at i: Int) -> (String, Int)? {
        var j = i + 1
        var url = ""
        while j < s.endIndex, s[j] != ">", s[j] != "<", !s[j].isWhitespace { url.append(s[j]); j += 1 }
        guard j < s.endIndex, s[j] == ">", let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard scheme.count >= 2, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        return (url, j + 1)
    }

    /// An image's alt text: the label without Markdown markup.
    private func plainText(_ s: ArraySlice<Character>) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\\", i + 1 < s.endIndex { out.append(s[i + 1]); i += 2; continue }
            if !"*_`~[]".contains(s[i]) { out.append(s[i]) }
            i += 1
        }
        return out.replacingOccurrences(of: "\n", with: " ")
    }
}
