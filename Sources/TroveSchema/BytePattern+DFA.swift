extension BytePattern {
    /// The deterministic automaton: a state for each set of the first's states that some text reaches.
    ///
    /// Its moves are by class of character (the printable characters that every class of the pattern treats
    /// alike: a handful), which keeps building it to tens of microseconds: it is built in every process that
    /// validates a record, so its cost is part of every command's.
    struct DFA: Sendable {
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
}
