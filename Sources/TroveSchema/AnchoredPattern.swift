/// A fast matcher for the simple patterns record schemas use most: anchored sequences of ASCII
/// literals and character classes with quantifiers, like `^[0-9a-f]{8}-[0-9a-f]{4}$`.
///
/// `NSRegularExpression` costs microseconds a call, which adds up over a million log lines.
/// Only patterns of this shape are taken (anything else keeps the regular expression), and only
/// printable ASCII text is matched here: for it both engines agree exactly, while text with a line
/// break (where `$` must not match before it: see `Pattern.icu`) or beyond ASCII is left to the regular expression.
struct AnchoredPattern: Sendable {
    struct Atom: Sendable {
        /// Which ASCII bytes match, as a 128-bit set.
        var low: UInt64
        var high: UInt64
        var minimum: Int
        var maximum: Int

        func accepts(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    let atoms: [Atom]

    /// The matcher for `source`, or `nil` when the pattern has another shape.
    init?(_ source: String) {
        let bytes = Array(source.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "^"), bytes.last == UInt8(ascii: "$") else { return nil }
        var atoms: [Atom] = []
        var index = 1
        let end = bytes.count - 1
        while index < end {
            var atom = Atom(low: 0, high: 0, minimum: 1, maximum: 1)
            func add(_ byte: UInt8) { if byte < 64 { atom.low |= 1 << UInt64(byte) } else { atom.high |= 1 << UInt64(byte - 64) } }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                index += 1
                guard index < end, bytes[index] != UInt8(ascii: "^") else { return nil }
                var previous: UInt8?
                while index < end, bytes[index] != UInt8(ascii: "]") {
                    var member = bytes[index]
                    if member == UInt8(ascii: "\\") {
                        index += 1
                        guard index < end, Self.isPlainEscape(bytes[index]) else { return nil }
                        member = bytes[index]
                    } else if member == UInt8(ascii: "-"), let low = previous, index + 1 < end, bytes[index + 1] != UInt8(ascii: "]") {
                        let high = bytes[index + 1]
                        guard high >= low, high < 128, high != UInt8(ascii: "\\") else { return nil }
                        for value in low...high { add(value) }
                        previous = nil
                        index += 2
                        continue
                    }
                    guard member >= 0x20, member < 128 else { return nil }
                    add(member)
                    previous = member
                    index += 1
                }
                guard index < end else { return nil }
                index += 1
            case UInt8(ascii: "\\"):
                guard index + 1 < end, Self.isPlainEscape(bytes[index + 1]) else { return nil }
                add(bytes[index + 1])
                index += 2
            default:
                guard byte >= 0x20, byte < 128, !Self.isSpecial(byte) else { return nil }
                add(byte)
                index += 1
            }
            if index < end {
                switch bytes[index] {
                case UInt8(ascii: "*"): atom.minimum = 0; atom.maximum = .max; index += 1
                case UInt8(ascii: "+"): atom.maximum = .max; index += 1
                case UInt8(ascii: "?"): atom.minimum = 0; index += 1
                case UInt8(ascii: "{"):
                    guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")), close < end else { return nil }
                    let parts = bytes[(index + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                    guard let minimum = parts.first.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }) else { return nil }
                    atom.minimum = minimum
                    if parts.count == 1 {
                        atom.maximum = minimum
                    } else if parts.count == 2, let maximum = Int(String(decoding: parts[1], as: UTF8.self)), maximum >= minimum {
                        atom.maximum = maximum
                    } else {
                        return nil
                    }
                    index = close + 1
                default: break
                }
                if index < end, [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(bytes[index]) { return nil }
            }
            atoms.append(atom)
        }
        self.atoms = atoms
    }

    /// Whether `text` matches, or `nil` when the text is not printable ASCII (the caller asks the regular expression).
    func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return match(bytes, atom: 0, at: 0)
        }
    }

    /// Backtracking over the atoms; the patterns are short and their classes simple, so this stays small.
    private func match(_ bytes: UnsafeBufferPointer<UInt8>, atom index: Int, at position: Int) -> Bool {
        guard index < atoms.count else { return position == bytes.count }
        let atom = atoms[index]
        var count = 0
        while count < atom.maximum, position + count < bytes.count, atom.accepts(bytes[position + count]) { count += 1 }
        guard count >= atom.minimum else { return false }
        if index == atoms.count - 1 { return position + count == bytes.count }
        while count >= atom.minimum {
            if match(bytes, atom: index + 1, at: position + count) { return true }
            count -= 1
        }
        return false
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        "\\^$.|?*+()[]{}".utf8.contains(byte)
    }

    /// An escape that stands for its own character (not `\d`, `\s`, `\b` and the like).
    private static func isPlainEscape(_ byte: UInt8) -> Bool {
        "\\^$.|?*+()[]{}-/".utf8.contains(byte)
    }
}
