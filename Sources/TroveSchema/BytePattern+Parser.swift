extension BytePattern {
    /// Reads the pattern's bytes into pieces; `nil` for anything outside the shapes taken.
    struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// The pattern's alternatives.
        mutating func parse() -> [[Piece]]? {
            guard !bytes.isEmpty else { return nil }  // ICU refuses an empty pattern: the catalog's check must see it
            guard let branches = alternatives(until: bytes.count, depth: 0), index == bytes.count else { return nil }
            return branches
        }

        mutating func alternatives(until end: Int, depth: Int) -> [[Piece]]? {
            guard var branch = sequence(until: end, depth: depth) else { return nil }
            var branches = [branch]
            while index < end, bytes[index] == UInt8(ascii: "|") {
                index += 1
                guard let next = sequence(until: end, depth: depth) else { return nil }
                branch = next
                branches.append(branch)
            }
            return branches
        }

        mutating func sequence(until end: Int, depth: Int) -> [Piece]? {
            var pieces: [Piece] = []
            while index < end, bytes[index] != UInt8(ascii: ")"), bytes[index] != UInt8(ascii: "|") {
                let byte = bytes[index]
                var piece: Piece
                switch byte {
                case UInt8(ascii: "^"), UInt8(ascii: "$"):
                    index += 1
                    pieces.append(byte == UInt8(ascii: "^") ? .start : .end)
                    guard index >= end || !"*+?{".utf8.contains(bytes[index]) else { return nil }  // a quantified anchor
                    continue
                case UInt8(ascii: "("):
                    guard depth < 8 else { return nil }
                    index += 1
                    if index + 1 < end, bytes[index] == UInt8(ascii: "?") {
                        guard bytes[index + 1] == UInt8(ascii: ":") else { return nil }  // no look-arounds
                        index += 2
                    }
                    guard let inner = alternatives(until: end, depth: depth + 1), index < end, bytes[index] == UInt8(ascii: ")") else { return nil }
                    index += 1
                    piece = .group(inner, minimum: 1, maximum: 1)
                case UInt8(ascii: "["):
                    guard let set = characterClass(until: end) else { return nil }
                    piece = .set(set, minimum: 1, maximum: 1)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < end, let set = escape(bytes[index], inClass: false) else { return nil }
                    index += 1
                    piece = .set(set, minimum: 1, maximum: 1)
                case UInt8(ascii: "."):
                    index += 1
                    piece = .set(.dot, minimum: 1, maximum: 1)
                default:
                    guard byte >= 0x20, byte < 0x7F, !Self.isSpecial(byte) else { return nil }
                    index += 1
                    piece = .set(.of([byte]), minimum: 1, maximum: 1)
                }
                guard let (minimum, maximum) = quantifier(until: end) else { return nil }
                switch piece {
                case .set(let set, _, _): piece = .set(set, minimum: minimum, maximum: maximum)
                case .group(let inner, _, _): piece = .group(inner, minimum: minimum, maximum: maximum)
                case .start, .end: break
                }
                pieces.append(piece)
            }
            return pieces
        }

        /// The quantifier after a piece, `(1, 1)` when there is none; `nil` for a malformed, lazy or possessive one.
        mutating func quantifier(until end: Int) -> (Int, Int?)? {
            guard index < end else { return (1, 1) }
            var result: (Int, Int?)
            switch bytes[index] {
            case UInt8(ascii: "*"): result = (0, nil); index += 1
            case UInt8(ascii: "+"): result = (1, nil); index += 1
            case UInt8(ascii: "?"): result = (0, 1); index += 1
            case UInt8(ascii: "{"):
                guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                let parts = bytes[(index + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                guard parts.count <= 2, let minimum = Self.number(parts[0]) else { return nil }
                if parts.count == 1 {
                    result = (minimum, minimum)
                } else if parts[1].isEmpty {
                    result = (minimum, nil)
                } else if let maximum = Self.number(parts[1]), maximum >= minimum {
                    result = (minimum, maximum)
                } else {
                    return nil
                }
                index = close + 1
            default: return (1, 1)
            }
            if index < end, "*+?{".utf8.contains(bytes[index]) { return nil }
            return result
        }

        /// `[...]` from its opening bracket, leaving `index` after the closing one.
        mutating func characterClass(until end: Int) -> ByteSet? {
            index += 1
            let negated = index < end && bytes[index] == UInt8(ascii: "^")
            if negated { index += 1 }
            guard index < end, bytes[index] != UInt8(ascii: "]") else { return nil }  // `[]` and `[^]` mean other things in ECMA-262
            var set = ByteSet()
            var previous: UInt8?  // the last single character, which a `-` may make a range from
            while index < end, bytes[index] != UInt8(ascii: "]") {
                let member = bytes[index]
                if member == UInt8(ascii: "\\") {
                    index += 1
                    guard index < end, let escaped = escape(bytes[index], inClass: true) else { return nil }
                    index += 1
                    set.formUnion(escaped)
                    previous = Self.single(escaped)
                    continue
                }
                // ICU reads more into a class than ECMA-262 does (set operators `--` and `&&`, nested classes, strings in
                // braces, its own rules for where a '-' may stand), so only the plain cases are taken: ranges between
                // letters or digits, a '-' first or last, and letters, digits and punctuation that ICU reads as itself.
                if member == UInt8(ascii: "-") {
                    guard index + 1 >= end || bytes[index + 1] != member else { return nil }  // `--`, even as `[--]`
                    let last = index + 1 < end && bytes[index + 1] == UInt8(ascii: "]")
                    let first = set.low | set.high == 0 && previous == nil
                    if first || last {
                        set.insert(member)
                        previous = nil
                        index += 1
                        continue
                    }
                    guard let low = previous, index + 1 < end, Self.isAlphanumeric(low), Self.isAlphanumeric(bytes[index + 1]),
                          bytes[index + 1] >= low, Self.sameKind(low, bytes[index + 1]) else { return nil }
                    for value in low...bytes[index + 1] { set.insert(value) }
                    previous = nil
                    index += 2
                    continue
                }
                guard Self.isAlphanumeric(member) || " _.:/+@#,;=!%'\"<>~`".utf8.contains(member) else { return nil }
                set.insert(member)
                previous = member
                index += 1
            }
            guard index < end else { return nil }
            index += 1
            return negated ? set.inverted : set
        }

        /// The set a backslash escape stands for: the character itself, a line break or tab, or a class.
        func escape(_ byte: UInt8, inClass: Bool) -> ByteSet? {
            switch byte {
            case UInt8(ascii: "d"): return .digits
            case UInt8(ascii: "D"): return ByteSet.digits.inverted
            case UInt8(ascii: "w"): return .word
            case UInt8(ascii: "W"): return ByteSet.word.inverted
            case UInt8(ascii: "s"): return .space
            case UInt8(ascii: "S"): return ByteSet.space.inverted
            case UInt8(ascii: "n"): return .of([0x0A])
            case UInt8(ascii: "r"): return .of([0x0D])
            case UInt8(ascii: "t"): return .of([0x09])
            default:
                // A punctuation character stands for itself; a letter or digit escape (`\b`, `\1`, `\u`) is something else.
                guard "\\^$.|?*+()[]{}-/".utf8.contains(byte) else { return nil }
                return .of([byte])
            }
        }

        static func single(_ set: ByteSet) -> UInt8? {
            let count = set.low.nonzeroBitCount + set.high.nonzeroBitCount
            guard count == 1 else { return nil }
            return set.low != 0 ? UInt8(set.low.trailingZeroBitCount) : UInt8(64 + set.high.trailingZeroBitCount)
        }

        static func number(_ digits: ArraySlice<UInt8>) -> Int? {
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self))
        }

        static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }

        /// Both digits, both capitals or both small letters: `[A-z]` takes the punctuation between them.
        static func sameKind(_ low: UInt8, _ high: UInt8) -> Bool {
            [(0x30...0x39), (0x41...0x5A), (0x61...0x7A)].contains { $0.contains(low) && $0.contains(high) }
        }

        static func isSpecial(_ byte: UInt8) -> Bool {
            "\\^$.|?*+()[]{}".utf8.contains(byte)
        }
    }
}
