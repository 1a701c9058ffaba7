import Foundation
import TroveKit
import TroveStore

/// The rules the three readers and two writers share: numbers, times, kinds and ids as text.
enum PointFormat {
    /// The two kinds a business can be.
    static let kinds: Set<String> = ["pee", "poo"]

    /// The example given when a time cannot be read.
    static let timeExample = "2026-11-22T07:55:00Z"

    /// `"<lat>,<lon>,<time or ''>,<kind or ''>"`, the same for the same point in any format.
    static func sourceKey(latitude: Double, longitude: Double, time: Date?, kind: String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        appendFixed(latitude, decimals: 7, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendFixed(longitude, decimals: 7, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        if let time { bytes.append(contentsOf: utcString(time).utf8) }
        bytes.append(UInt8(ascii: ","))
        if let kind { bytes.append(contentsOf: kind.utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` with exactly `decimals` decimals.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` with exactly `decimals` decimals, by hand: `String(format:)` is slow and
    /// locale-dependent, and a rounded zero must not print as `-0.0000000`.
    private static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard value.isFinite, scaled < 9.0e18 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        let units = Int(scaled)
        if value < 0, units != 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = Int(scale)
        appendDigits(units / whole, width: 1, to: &bytes)
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        appendDigits(units % whole, width: decimals, to: &bytes)
    }

    /// Appends a non-negative number in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ number: Int, width: Int, to bytes: inout [UInt8]) {
        var count = 1
        var power = 1
        while power <= number / 10 { power *= 10; count += 1 }
        for _ in count..<max(width, count) { bytes.append(0x30) }
        while power > 0 {
            bytes.append(UInt8(0x30 + number / power % 10))
            power /= 10
        }
    }

    /// Up to 9 decimals without trailing zeros and never in exponent form (XML decimals have none).
    static func decimal(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: 9, to: &bytes)
        guard bytes.contains(UInt8(ascii: ".")) else { return String(decoding: bytes, as: UTF8.self) }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A number as a person would write it in a message: `95`, `120.5`.
    static func shown(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Why a latitude/longitude pair cannot be a place; empty when it can.
    static func rangeProblems(latitude: Double, longitude: Double) -> [String] {
        var problems: [String] = []
        if !(-90...90).contains(latitude) { problems.append("latitude \(shown(latitude)) is out of range") }
        if !(-180...180).contains(longitude) { problems.append("longitude \(shown(longitude)) is out of range") }
        return problems
    }

    /// A decimal number as written in a file, or nil; `nan` and `inf` are not places.
    static func number(_ text: String) -> Double? {
        guard let value = Double(trimmed(text)), value.isFinite else { return nil }
        return value
    }

    /// True for a lowercase UUID such as `3f2b…-…`, the only ids Trove writes.
    static func isLowercaseUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
            }
        }
        return true
    }

    /// The text trimmed, or nil when nothing is left.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let result = trimmed(text)
        return result.isEmpty ? nil : result
    }

    /// `text` without leading and trailing white space (line breaks included).
    ///
    /// By hand: Foundation's `trimmingCharacters(in:)` bridges through NSString and took
    /// a quarter of the time of reading 50,000 GeoJSON points.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        guard isSpace(first) || isSpace(last) else { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Why `text` is not a time, in the one wording every reader uses.
    static func badTime(_ text: String) -> String {
        // A wall-clock time without a zone could be any of 24 instants; say what to add.
        if parseTime(text, zoneOptional: true) != nil {
            return "time \"\(text)\" has no zone (add Z for UTC, or an offset like +01:00)"
        }
        return "time \"\(text)\" is not an ISO 8601 time (e.g. \(timeExample))"
    }

    // MARK: Times

    /// The instant `text` names (`Timestamp.date(iso:)`, around white space); without a zone it is UTC when
    /// `zoneOptional` (GPX times are UTC by definition), otherwise nil.
    static func parseTime(_ text: String, zoneOptional: Bool = false) -> Date? {
        Timestamp.date(iso: trimmed(text), withoutZone: zoneOptional ? .utc : .refused)
    }

    /// `2026-11-22T07:55:12.345Z`: UTC with milliseconds, the form Trove stores.
    static func utcString(_ date: Date) -> String {
        Timestamp.string(date, rounded: .toNearestOrAwayFromZero)
    }
}
