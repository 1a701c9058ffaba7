extension BytePattern {
    /// Builds the automaton back to front: each piece is given the state that follows it.
    struct Builder {
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
}
