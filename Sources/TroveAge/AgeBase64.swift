import Foundation

/// age's base64: standard alphabet, no `=` padding, and only the canonical encoding of a value.
enum AgeBase64 {
    static func encode(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes, or `nil` for padding, a foreign character or a non-canonical encoding (the spec requires
    /// rejecting those: two texts for one value would make the header MAC ambiguous).
    static func decode(_ text: Substring) -> [UInt8]? {
        guard !text.contains("="), text.count % 4 != 1 else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: padded) else { return nil }
        let bytes = [UInt8](data)
        return encode(bytes) == text ? bytes : nil
    }
}
