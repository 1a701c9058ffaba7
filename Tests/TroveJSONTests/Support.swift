import TroveJSON
import TroveTestSupport

/// The error parsing `bytes` throws, or `nil` if they parse.
func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONValue(parsing: bytes)
        return nil
    } catch {
        return error
    }
}

/// The error parsing `text` throws, or `nil` if it parses.
func parseError(_ text: String) -> JSONParseError? { parseError(Array(text.utf8)) }


/// Random JSON documents that exercise the writer: every kind of value, awkward strings,
/// integers across the whole Int64 range, and fractional doubles.
struct JSONGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Characters that need care: escapes, control characters, `/`, DEL, non-ASCII in
    /// 2-, 3- and 4-byte UTF-8, the JavaScript line separators, a BOM and U+FFFF.
    static let alphabet: [Character] = Array("abcXYZ019 _-.\"\\/\u{7F}éß日本語😀🇫🇷\u{2028}\u{2029}\u{FEFF}\u{FFFF}ｚ")
        + (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }

    mutating func string(maxLength: Int = 12) -> String {
        let length = Int.random(in: 0...maxLength, using: &random)
        return String((0..<length).map { _ in Self.alphabet.randomElement(using: &random)! })
    }

    /// A double with a fractional part, so Python's repr and Swift's description agree
    /// (whole-valued doubles are stored as integers, or differ in form: see the writer tests).
    mutating func fractionalDouble() -> Double {
        if Int.random(in: 0..<8, using: &random) == 0 {
            return [0.1 + 0.2, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 4503599627370495.5, -1e-05, 0.0001234567]
                .randomElement(using: &random)!
        }
        while true {
            let digits = Int.random(in: 1...9_999_999, using: &random)
            let exponent = Int.random(in: -12...6, using: &random)
            let sign: Double = Bool.random(using: &random) ? -1 : 1
            let value = sign * Double("\(digits)e\(exponent)")!
            if value.rounded() != value { return value }
        }
    }

    mutating func integer() -> Int {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return Int.random(in: -10...10, using: &random)
        case 1: return Int.random(in: -1_000_000...1_000_000, using: &random)
        case 2: return [Int.min, Int.max, 0, -1, 9_007_199_254_740_993].randomElement(using: &random)!
        default: return Int.random(in: Int.min...Int.max, using: &random)
        }
    }

    mutating func value(depth: Int = 0) -> JSONValue {
        let scalarKinds = 6
        let kinds = depth >= 4 ? scalarKinds : scalarKinds + 2
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .integer(integer())
        case 3: return .double(fractionalDouble())
        case 4, 5: return .string(string())
        case 6:
            let count = Int.random(in: 0...4, using: &random)
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        default:
            return object(depth: depth + 1)
        }
    }

    mutating func object(depth: Int = 0) -> JSONValue {
        let count = Int.random(in: 0...5, using: &random)
        var members: [String: JSONValue] = [:]
        for _ in 0..<count { members[string(maxLength: 6)] = value(depth: depth) }
        return .object(members)
    }
}
