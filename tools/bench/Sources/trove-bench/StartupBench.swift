import Foundation

extension Report {
    /// Issue 25's floor: `trove --version`, whole process, beside `sqlite3 -version` and `git --version` timed in
    /// the same loop (interleaved, so that a busy moment of the machine falls on all three alike).
    mutating func startup(trove: String?, runs: Int = 101) throws {
        guard let trove else {
            lines.append("startup: skipped (no trove binary beside trove-bench)")
            return
        }
        let programs: [(name: String, arguments: [String])] = [
            ("trove --version", [trove, "--version"]), ("sqlite3 -version", ["/usr/bin/sqlite3", "-version"]),
            ("git --version", ["/usr/bin/git", "--version"]),
        ]
        var times = Array(repeating: [Double](), count: programs.count)
        for _ in 0..<runs {
            for (index, program) in programs.enumerated() { times[index].append(try Measure.spawned(program.arguments)) }
        }
        let medians = times.map(Measure.median)
        lines.append(String(format: "startup (median of %d, whole process): %@ %@ (target <= 8 ms); %@ %@; %@ %@", runs,
                            programs[0].name, Measure.format(medians[0]), programs[1].name, Measure.format(medians[1]),
                            programs[2].name, Measure.format(medians[2])))
    }
}
