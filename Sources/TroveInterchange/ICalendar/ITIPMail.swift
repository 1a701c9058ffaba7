import Foundation
import TroveKit

/// An iTIP message as an email for sendmail: a line of text, and the calendar as `text/calendar; method=…`,
/// which mail programs show as an invitation (or an answer) with its buttons (RFC 6047).
public enum ITIPMail {
    /// The whole message, headers first; `calendar` is the .ics text and `method` its METHOD.
    public static func message(from sender: CalendarUser?, to recipients: [CalendarUser], subject: String, text: String,
                               calendar: String, method: String) -> String {
        // Made from the content (FNV-1a), so the same message is the same bytes; base64 never holds a '-'.
        let hash = calendar.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let boundary = "trove-itip-" + String(hash, radix: 36)
        var lines: [String] = []
        if let sender { lines.append("From: \(header(sender))") }
        lines.append("To: \(recipients.map(header).joined(separator: ", "))")
        lines.append("Subject: \(encoded(subject))")
        lines.append("MIME-Version: 1.0")
        lines.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        lines.append("")
        lines.append("--\(boundary)")
        lines.append("Content-Type: text/plain; charset=utf-8")
        lines.append("Content-Transfer-Encoding: 8bit")
        lines.append("")
        lines.append(text)
        lines.append("")
        lines.append("--\(boundary)")
        lines.append("Content-Type: text/calendar; charset=utf-8; method=\(method)")
        // Base64 keeps the calendar's CRLF line ends and long lines intact through any mail system.
        lines.append("Content-Transfer-Encoding: base64")
        lines.append("")
        let encoded = Data(calendar.utf8).base64EncodedString()
        lines += stride(from: 0, to: encoded.count, by: 76).map { offset in
            let start = encoded.index(encoded.startIndex, offsetBy: offset)
            return String(encoded[start..<(encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }
        lines.append("--\(boundary)--")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"Ada Lovelace" <ada@example.com>`, the name encoded when it is not plain ASCII.
    static func header(_ user: CalendarUser) -> String {
        guard let name = user.name else { return "<\(user.email)>" }
        let plain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 32 }
        let shown = plain ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" : encoded(name)
        return "\(shown) <\(user.email)>"
    }

    /// RFC 2047 encoding for header text that is not plain ASCII.
    static func encoded(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        guard !flat.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 }) else { return flat }
        return "=?UTF-8?B?\(Data(flat.utf8).base64EncodedString())?="
    }
}
