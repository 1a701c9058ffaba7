import Foundation
import TroveTestSupport

extension Report {
    /// The shell on a pseudo-terminal over a big store: time to the first prompt, and time from
    /// Tab to the candidates on the screen, as a person at the keyboard would feel them.
    mutating func shell(store path: String, trove: String, work: String) throws {
        var environment = ProcessRunner.isolatedEnvironment(home: work + "/shell-home")
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["TERM"] = "xterm"
        environment["TROVE_STORE"] = path

        let starts = try (0..<11).map { _ -> Double in
            let started = Date()
            let terminal = try PseudoTerminal(trove, [], environment: environment)
            guard terminal.waitFor("> ", timeout: 30) else { throw BenchError.noPrompt(terminal.screenText) }
            let seconds = Date().timeIntervalSince(started)
            terminal.type(PseudoTerminal.ctrlD)
            _ = terminal.waitForExit()
            return seconds
        }
        lines.append(String(format: "  shell start to first prompt: median %@, slowest %@ (target <= 150 ms)",
                            Measure.format(Measure.median(starts)), Measure.format(starts.max() ?? 0)))

        // The journal's name and an entry's id, each completed 21 times in one session.
        let terminal = try PseudoTerminal(trove, [], environment: environment)
        guard terminal.waitFor("> ", timeout: 30) else { throw BenchError.noPrompt(terminal.screenText) }
        let id = try Self.someEntryID(trove: trove, store: path, environment: environment)
        for (label, typed, expected) in [("a journal name (--in Mor)", "record list entry --in Mor", #"Morning\ pages"#),
                                         ("a record id (show ID-PREFIX)", "show " + id.prefix(24), id)] {
            let times = try (0..<21).map { _ -> Double in
                terminal.type(typed)
                guard terminal.waitFor(String(typed.suffix(3))) else { throw BenchError.noPrompt(terminal.screenText) }
                let mark = terminal.mark()
                let started = Date()
                terminal.type(PseudoTerminal.tab)
                guard terminal.waitFor(String(expected.suffix(8)), since: mark) else { throw BenchError.noCompletion(terminal.text(since: mark)) }
                let seconds = Date().timeIntervalSince(started)
                terminal.type(PseudoTerminal.ctrlC)
                _ = terminal.waitFor("> ", since: mark)
                return seconds
            }
            lines.append(String(format: "  Tab completion of %@: first %@, then median %@ (target <= 30 ms)",
                                label, Measure.format(times[0]), Measure.format(Measure.median(Array(times.dropFirst())))))
        }
        terminal.type(PseudoTerminal.ctrlD)
        _ = terminal.waitForExit()
    }

    private static func someEntryID(trove: String, store: String, environment: [String: String]) throws -> String {
        let output = try ProcessRunner.run(trove, ["record", "list", "entry", "--limit", "1", "--store", store], environment: environment)
        guard let id = output.stdout.split(separator: " ").first.map(String.init), id.count == 36 else {
            throw BenchError.noPrompt("no entry to complete: \(output.stdout)\(output.stderr)")
        }
        return id
    }
}

/// The shell did not answer as expected.
enum BenchError: Error {
    case noPrompt(String)
    case noCompletion(String)
}
