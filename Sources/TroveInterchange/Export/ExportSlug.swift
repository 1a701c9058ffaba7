import Foundation

/// File-name helpers shared by the exporters.
enum ExportSlug {
    /// Longest slug, in characters; cut at a `-` when one is near the end.
    static let maxLength = 50

    /// A lowercase ASCII slug: letters, digits and single `-`; accents folded; `entry` when nothing is left.
    static func slug(_ text: String, fallback: String = "entry") -> String {
        var out = ""
        var pendingDash = false
        for scalar in fold(text).unicodeScalars {
            let c = Character(scalar)
            if scalar.isASCII, c.isLetter || c.isNumber {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(c.lowercased())
            } else {
                pendingDash = true
            }
            if out.count >= maxLength { break }
        }
        if out.count > maxLength { out = String(out.prefix(maxLength)) }
        // Cut at a word boundary when the limit fell mid-word and a boundary is close.
        if out.count == maxLength, let dash = out.lastIndex(of: "-"),
           out.distance(from: out.startIndex, to: dash) >= maxLength - 15 {
            out = String(out[..<dash])
        }
        return out.isEmpty ? fallback : out
    }

    /// Letters that do not decompose into a base letter and a mark.
    private static let special: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
        "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH", "ı": "i",
    ]

    /// Removes accents: é → e, ß → ss (canonical decomposition, then marks dropped).
    static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for c in text {
            if let s = special[c] { out.append(contentsOf: s.unicodeScalars); continue }
            for scalar in String(c).decomposedStringWithCanonicalMapping.unicodeScalars
            where !(scalar.properties.generalCategory == .nonspacingMark) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The first few words of Markdown text, without its markup; for naming untitled entries.
    static func firstWords(ofMarkdown text: String, count: Int = 6) -> String {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = String(rawLine)
            // Images and links say little about the entry; keep link labels only.
            line = line.replacingImages(with: " ")
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            if !words.isEmpty { return words.prefix(count).joined(separator: " ") }
        }
        return ""
    }

    /// `s` when it is safe as one path component (letters, digits, `-`, `_`, `.` not leading); else a slug of it.
    static func fileComponent(_ s: String) -> String {
        let ok = !s.isEmpty && s.count <= 120 && !s.hasPrefix(".")
            && s.unicodeScalars.allSatisfy { $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "-_.".unicodeScalars.contains($0)) }
        return ok ? s : slug(s, fallback: "item")
    }

    /// A media file name `<sha256>.<ext>`, or nil when either part could escape a folder or is not a hash.
    static func mediaFileName(_ media: ExportedMedia) -> String? {
        let sha = media.sha256.lowercased()
        let ext = media.fileExtension.lowercased()
        guard sha.count == 64, sha.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }),
              (1...8).contains(ext.count),
              ext.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber) })
        else { return nil }
        return "\(sha).\(ext)"
    }
}

extension String {
    /// Replaces Markdown images `![alt](url)` with `replacement`.
    func replacingImages(with replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let start = rest.range(of: "![") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            if let close = after.range(of: "]("), let end = after[close.upperBound...].firstIndex(of: ")") {
                out += replacement
                rest = after[after.index(after: end)...]
            } else {
                out += "!["
                rest = after
            }
        }
        return out + rest
    }
}
