import Foundation

/// libical's parse complaints (the X-LIC-ERROR it leaves where it dropped something), said in a user's words.
///
/// libical writes for programmers ("No value for DESCRIPTION property. Removing entire property:"); an
/// import report says what happened to the calendar, and names the property and value it is about.
enum ICSParseWarning {
    static func plain(_ message: String) -> String {
        let quoted = message.range(of: ": ", options: .backwards).map { String(message[$0.upperBound...]) }
            .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        let value = quoted.map { " (\"\(String($0.prefix(60)))\")" } ?? ""
        if let property = capture(message, #"No value for ([A-Z0-9-]+) property"#) {
            return "\(property) is empty, so it is left out"
        }
        if let property = capture(message, #"in ([A-Z0-9-]+) property"#) {
            let type = capture(message, #"parse as ([A-Z-]+) value"#).map { " as a \($0.lowercased())" } ?? ""
            return "\(property) cannot be read\(type), so it is left out\(value)"
        }
        if message.contains("Can't parse parameter") {
            return "a parameter cannot be read, so it is left out\(value)"
        }
        if message.contains("Parse error in property name") || message.contains("could not find a property name") {
            return "a line that is not a property is left out\(value)"
        }
        if message.contains("Parse error in component name") {
            return "a BEGIN or END line naming no component is left out\(value)"
        }
        return "something libical could not read is left out: \(message.trimmingCharacters(in: CharacterSet(charactersIn: ": ")))"
    }

    private static func capture(_ text: String, _ pattern: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
