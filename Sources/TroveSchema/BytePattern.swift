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
    indirect enum Piece {
        case set(ByteSet, minimum: Int, maximum: Int?)
        /// A group of one or more alternatives.
        case group([[Piece]], minimum: Int, maximum: Int?)
        case start
        case end
    }

    /// A state of the automaton: match a byte of `set` and go to `next`, go to either of two states, or go on
    /// only at the start or the end of the text.
    enum State: Sendable {
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
    static let stateLimit = 2_048
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

}
