import Foundation

/// A fast matcher for the patterns record schemas use: ASCII literals, character classes (`[a-z]`,
/// `[^@\s]`, `\S`, `\d`, `\w`, `.`), groups and alternatives, each with a quantifier, and the anchors `^` and `$`,
/// like `^[0-9a-f]{8}-[0-9a-f]{4}$`, `^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$` or `(^|;)FREQ=(DAILY|WEEKLY)(;|$)`.
///
/// `NSRegularExpression` costs microseconds a call, which adds up over a million log lines, and its first
/// compilation sets up ICU's regular expressions: 1.6 ms of every `trove entry new`, for the clock and time
/// zone patterns (perf, 30 runs). Only patterns of these shapes are taken (anything else keeps the regular
/// expression), and only printable ASCII text is matched here: there `\s` is the space alone and `\w`, `\d`
/// and `.` mean what ICU says they mean, while text with a line break (where `$` must not match before it:
/// see `Pattern.icu`) or beyond ASCII is left to the regular expression.
///
/// The pattern becomes a Thompson automaton, and that a deterministic one over the printable characters
/// (built once, when it has at most `dfaLimit` states), so that matching is a table lookup a byte and no
/// pattern, however its quantifiers nest, backtracks on hostile text. A pattern whose deterministic automaton
/// would be larger is matched by simulating the first, in (text length × states) steps.
struct BytePattern: Sendable {
    /// Which ASCII bytes a class matches, as a 128-bit set.
    struct ByteSet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }

        mutating func formUnion(_ other: ByteSet) { low |= other.low; high |= other.high }

        var inverted: ByteSet { ByteSet(low: ~low, high: ~high) }

        static func of(_ bytes: some Sequence<UInt8>) -> ByteSet {
            var set = ByteSet()
            for byte in bytes { set.insert(byte) }
            return set
        }

        static let digits = ByteSet.of(UInt8(ascii: "0")...UInt8(ascii: "9"))
        static let word = ByteSet.of(Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
                                     + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + [UInt8(ascii: "_")])
        /// Every white-space character ASCII has (ICU's `\s` adds only characters beyond it).
        static let space = ByteSet.of([0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D])
        /// What `.` matches: anything but a line break.
        static let dot = ByteSet.of([0x0A, 0x0D]).inverted
    }

    /// A piece of the pattern with its quantifier; `maximum` nil is unbounded.
    private indirect enum Piece {
        case set(ByteSet, minimum: Int, maximum: Int?)
        /// A group of one or more alternatives.
        case group([[Piece]], minimum: Int, maximum: Int?)
        case start
        case end
    }

    /// A state of the automaton: match a byte of `set` and go to `next`, go to either of two states, or go on
    /// only at the start or the end of the text.
    private enum State: Sendable {
        case byte(ByteSet, next: Int)
        case split(Int, Int)
        case atStart(next: Int)
        case atEnd(next: Int)
        case accept
    }

    private let states: [State]
    private let start: Int
    /// Whether every match begins at the start of the text (the pattern begins with `^` and has no top-level `|`),
    /// so that no later start is tried.
    private let anchoredStart: Bool
    /// The deterministic automaton, built once the pattern has been matched `tableAfter` times.
    private let table = TableCache()

    /// Patterns beyond this many states (long counted repeats) are left to the regular expression.
    private static let stateLimit = 2_048
    /// The largest deterministic automaton built; beyond it, the first is simulated.
    static let dfaLimit = 512

    /// The matcher for `source`, or `nil` when the pattern has another shape.
    init?(_ source: String) {
        var parser = Parser(bytes: Array(source.utf8))
        guard let branches = parser.parse() else { return nil }
        var builder = Builder()
        let accept = builder.add(.accept)
        guard let start = builder.alternatives(branches, then: accept), builder.states.count <= Self.stateLimit else { return nil }
        self.states = builder.states
        self.start = start
        if branches.count == 1, case .start = branches[0].first { anchoredStart = true } else { anchoredStart = false }
    }

    /// Whether matching is a table lookup a byte (else the first automaton is simulated).
    /// Builds the table now if it has not been built.
    var isDeterministic: Bool { table.table(after: 0) { DFA(states: states, start: start, anchoredStart: anchoredStart) } != nil }

    /// Building the table costs about as much as a few dozen simulated matches (tens of microseconds a pattern,
    /// 6.5 ms over a record's patterns when built in every process), so one command that validates a record
    /// or two never builds it, and an import builds it early.
    static let tableAfter = 32

    /// Whether `text` matches, or `nil` when the text is not printable ASCII (the caller asks the regular expression).
    func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            if let dfa = table.table(after: Self.tableAfter, { DFA(states: states, start: start, anchoredStart: anchoredStart) }) {
                return dfa.matches(bytes)
            }
            return run(bytes)
        }
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var current: [Int] = [], next: [Int] = []
        current.reserveCapacity(states.count)
        next.reserveCapacity(states.count)
        var seen = [Int](repeating: -1, count: states.count)
        var accepted = false
        let last = bytes.count
        // A match anywhere will do (JSON Schema patterns search); `$` is an `atEnd` state of its own.
        add(start, to: &current, seen: &seen, step: 0, last: last, accepted: &accepted)
        if accepted { return true }
        for (index, byte) in bytes.enumerated() {
            let step = index + 1
            next.removeAll(keepingCapacity: true)
            for state in current {
                if case .byte(let set, let target) = states[state], set.contains(byte) {
                    add(target, to: &next, seen: &seen, step: step, last: last, accepted: &accepted)
                }
            }
            if !anchoredStart { add(start, to: &next, seen: &seen, step: step, last: last, accepted: &accepted) }
            if accepted { return true }
            if next.isEmpty && anchoredStart { return false }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `state` and every state reached from it without reading a byte, once per step.
    private func add(_ state: Int, to list: inout [Int], seen: inout [Int], step: Int, last: Int, accepted: inout Bool) {
        guard seen[state] != step else { return }
        seen[state] = step
        switch states[state] {
        case .byte: list.append(state)
        case .accept: accepted = true
        case .split(let first, let second):
            add(first, to: &list, seen: &seen, step: step, last: last, accepted: &accepted)
            add(second, to: &list, seen: &seen, step: step, last: last, accepted: &accepted)
        case .atStart(let next):
            if step == 0 { add(next, to: &list, seen: &seen, step: step, last: last, accepted: &accepted) }
        case .atEnd(let next):
            if step == last { add(next, to: &list, seen: &seen, step: step, last: last, accepted: &accepted) }
        }
    }

    /// Counts matches and keeps the table once built; shared by the copies of a pattern, whichever thread matches.
    private final class TableCache: @unchecked Sendable {
        private let lock = NSLock()
        private var uses = 0
        private var built = false
        private var dfa: DFA?

        /// The table, built by `make` on the call after `uses` earlier ones; `nil` before, or when it cannot be built.
        func table(after uses: Int, _ make: () -> DFA?) -> DFA? {
            lock.lock()
            defer { lock.unlock() }
            if built { return dfa }
            guard self.uses >= uses else {
                self.uses += 1
                return nil
            }
            dfa = make()
            built = true
            return dfa
        }
    }

    /// The deterministic automaton: a state for each set of the first's states that some text reaches.
    ///
    /// Its moves are by class of character (the printable characters that every class of the pattern treats
    /// alike: a handful), which keeps building it to tens of microseconds: it is built in every process that
    /// validates a record, so its cost is part of every command's.
    private struct DFA: Sendable {
        /// The class of each printable character, `classOf[byte - 0x20]`.
        let classOf: [UInt8]
        let classCount: Int
        /// `next[state * classCount + class]`.
        let next: [UInt16]
        /// Whether a match has ended by the time the state is reached (JSON Schema patterns search: done).
        let acceptsNow: [Bool]
        /// Whether the text matches when it ends in the state (through `$`, which only the end passes).
        let acceptsAtEnd: [Bool]
        /// Whether no text from the state can match.
        let dead: [Bool]

        func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var state = 0
            if acceptsNow[0] { return true }
            for byte in bytes {
                state = Int(next[state &* classCount &+ Int(classOf[Int(byte &- 0x20)])])
                if acceptsNow[state] { return true }
                if dead[state] { return false }
            }
            return acceptsAtEnd[state]
        }

        /// The subset construction; `nil` past `dfaLimit` states.
        init?(states: [State], start: Int, anchoredStart: Bool) {
            // Classes: printable characters with the same membership in every set of the pattern.
            var sets: [ByteSet] = []
            for state in states { if case .byte(let set, _) = state { sets.append(set) } }
            var classOf = [UInt8](repeating: 0, count: 95)
            var signatures: [[Bool]: UInt8] = [:]
            var representatives: [UInt8] = []
            for symbol in 0..<95 {
                let byte = UInt8(0x20 + symbol)
                let signature = sets.map { $0.contains(byte) }
                if let known = signatures[signature] {
                    classOf[symbol] = known
                } else {
                    let id = UInt8(representatives.count)
                    signatures[signature] = id
                    representatives.append(byte)
                    classOf[symbol] = id
                }
            }
            let classCount = representatives.count

            // Closures, without allocating a set each: `mark[state] == generation` means seen.
            var mark = [Int](repeating: 0, count: states.count)
            var generation = 0
            var stack: [Int] = []
            /// The states reached from `seeds` without reading a byte: those that read one and the `$`s met (sorted),
            /// and whether the match is complete. `^` is passed only when `atStart`, `$` only when `atEnd`.
            func closure(_ seeds: [Int], atStart: Bool, atEnd: Bool) -> (members: [Int], accept: Bool) {
                generation += 1
                stack.removeAll(keepingCapacity: true)
                stack.append(contentsOf: seeds.reversed())
                var members: [Int] = [], accept = false
                while let state = stack.popLast() {
                    guard mark[state] != generation else { continue }
                    mark[state] = generation
                    switch states[state] {
                    case .byte: members.append(state)
                    case .accept: accept = true
                    case .split(let first, let second): stack.append(second); stack.append(first)
                    case .atStart(let next): if atStart { stack.append(next) }
                    case .atEnd(let next): if atEnd { stack.append(next) } else { members.append(state) }
                    }
                }
                members.sort()
                return (members, accept)
            }
            func endsInMatch(_ members: [Int], atStart: Bool) -> Bool {
                let ends = members.compactMap { state -> Int? in if case .atEnd(let next) = states[state] { return next }; return nil }
                return !ends.isEmpty && closure(ends, atStart: atStart, atEnd: true).accept
            }

            struct Key: Hashable { var members: [Int]; var accept: Bool }
            var next: [UInt16] = [], acceptsNow: [Bool] = [], acceptsAtEnd: [Bool] = [], dead: [Bool] = []
            var members: [[Int]] = []
            var known: [Key: Int] = [:]
            func add(_ found: (members: [Int], accept: Bool), initial: Bool) -> Int? {
                let key = Key(members: found.members, accept: found.accept)
                // The first state is never shared: `^` holds only there.
                if !initial, let index = known[key] { return index }
                guard members.count < BytePattern.dfaLimit else { return nil }
                members.append(found.members)
                acceptsNow.append(found.accept)
                acceptsAtEnd.append(found.accept || endsInMatch(found.members, atStart: initial))
                dead.append(found.members.isEmpty && !found.accept)
                if !initial { known[key] = members.count - 1 }
                return members.count - 1
            }
            guard add(closure([start], atStart: true, atEnd: false), initial: true) != nil else { return nil }
            let restart = anchoredStart ? [] : [start]
            var index = 0
            var seeds: [Int] = []
            while index < members.count {
                if acceptsNow[index] {  // matching stops there: its moves are never read
                    next.append(contentsOf: repeatElement(UInt16(index), count: classCount))
                    index += 1
                    continue
                }
                for byte in representatives {
                    seeds.removeAll(keepingCapacity: true)
                    for state in members[index] {
                        if case .byte(let set, let target) = states[state], set.contains(byte) { seeds.append(target) }
                    }
                    seeds.append(contentsOf: restart)
                    guard let target = add(closure(seeds, atStart: false, atEnd: false), initial: false) else { return nil }
                    next.append(UInt16(target))
                }
                index += 1
            }
            self.classOf = classOf
            self.classCount = classCount
            self.next = next
            self.acceptsNow = acceptsNow
            self.acceptsAtEnd = acceptsAtEnd
            self.dead = dead
        }
    }

    /// Builds the automaton back to front: each piece is given the state that follows it.
    private struct Builder {
        var states: [State] = []

        mutating func add(_ state: State) -> Int {
            states.append(state)
            return states.count - 1
        }

        mutating func alternatives(_ branches: [[Piece]], then next: Int) -> Int? {
            var entry: Int?
            for branch in branches.reversed() {
                guard let start = sequence(branch, then: next) else { return nil }
                entry = entry.map { add(.split(start, $0)) } ?? start
            }
            return entry
        }

        mutating func sequence(_ pieces: [Piece], then next: Int) -> Int? {
            var entry = next
            for piece in pieces.reversed() {
                guard let start = self.piece(piece, then: entry) else { return nil }
                entry = start
            }
            return entry
        }

        mutating func piece(_ piece: Piece, then next: Int) -> Int? {
            guard states.count <= BytePattern.stateLimit else { return nil }
            let minimum: Int, maximum: Int?
            switch piece {
            case .set(_, let low, let high), .group(_, let low, let high): (minimum, maximum) = (low, high)
            case .start: return add(.atStart(next: next))
            case .end: return add(.atEnd(next: next))
            }
            func once(then next: Int) -> Int? {
                switch piece {
                case .set(let set, _, _): return add(.byte(set, next: next))
                case .group(let branches, _, _): return alternatives(branches, then: next)
                case .start, .end: return nil
                }
            }
            var entry = next
            if let maximum {
                for _ in minimum..<maximum {  // each optional copy: skip it, or match it and go on to the next
                    guard let body = once(then: entry) else { return nil }
                    entry = add(.split(body, entry))
                }
            } else {
                let loop = add(.split(0, 0))  // filled once the body, which returns to it, exists
                guard let body = once(then: loop) else { return nil }
                states[loop] = .split(body, entry)
                entry = loop
            }
            for _ in 0..<minimum {
                guard let body = once(then: entry) else { return nil }
                entry = body
            }
            return entry
        }
    }

    /// Reads the pattern's bytes into pieces; `nil` for anything outside the shapes taken.
    private struct Parser {
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
