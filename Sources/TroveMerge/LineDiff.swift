/// A minimal line diff (Myers' O(ND) algorithm) between two sequences of interned lines.
enum LineDiff {
    /// One change: `base[baseStart..<baseEnd]` became `side[sideStart..<sideEnd]`.
    struct Hunk: Equatable {
        var baseStart: Int
        var baseEnd: Int
        var sideStart: Int
        var sideEnd: Int
    }

    /// Above this many differing lines the middle of the texts is treated as one replaced block,
    /// which bounds time and memory (the search keeps O(D²) integers).
    static let maximumEdits = 2_000

    /// The changes that turn `base` into `side`, in order, separated by at least one unchanged line.
    static func hunks(_ base: [Int], _ side: [Int]) -> [Hunk] {
        var prefix = 0
        while prefix < base.count, prefix < side.count, base[prefix] == side[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < base.count - prefix, suffix < side.count - prefix,
              base[base.count - 1 - suffix] == side[side.count - 1 - suffix] { suffix += 1 }
        let baseMiddle = Array(base[prefix..<(base.count - suffix)])
        let sideMiddle = Array(side[prefix..<(side.count - suffix)])
        if baseMiddle.isEmpty, sideMiddle.isEmpty { return [] }

        guard let matches = matches(baseMiddle, sideMiddle) else {
            return [Hunk(baseStart: prefix, baseEnd: prefix + baseMiddle.count,
                         sideStart: prefix, sideEnd: prefix + sideMiddle.count)]
        }
        var result: [Hunk] = []
        var nextBase = 0
        var nextSide = 0
        for (baseIndex, sideIndex) in matches + [(baseMiddle.count, sideMiddle.count)] {
            if baseIndex > nextBase || sideIndex > nextSide {
                result.append(Hunk(baseStart: prefix + nextBase, baseEnd: prefix + baseIndex,
                                   sideStart: prefix + nextSide, sideEnd: prefix + sideIndex))
            }
            nextBase = baseIndex + 1
            nextSide = sideIndex + 1
        }
        return result
    }

    /// The matched index pairs of a shortest edit script, ascending, or `nil` when more than
    /// `maximumEdits` edits are needed.
    static func matches(_ a: [Int], _ b: [Int]) -> [(Int, Int)]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // snapshots[d][k + d] is the furthest x on diagonal k after d edits.
        var snapshots: [[Int]] = []
        var found: Int?

        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + k] = x
            }
            snapshots.append(Array(frontier[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                let x = frontier[offset + k]
                if x >= n, x - k >= m { found = d; break search }
            }
        }
        guard let edits = found else { return nil }

        var reversed: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let previous = snapshots[d - 1]
            func furthest(_ k: Int) -> Int { previous[k + d - 1] }
            let k = x - y
            let down = k == -d || (k != d && furthest(k - 1) < furthest(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = furthest(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                reversed.append((x - 1, y - 1))
                x -= 1
                y -= 1
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            reversed.append((x - 1, y - 1))
            x -= 1
            y -= 1
        }
        return reversed.reversed()
    }
}
