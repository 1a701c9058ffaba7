import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove tracker ingest FILE|-`: location reports into the trackers' logs.
struct TrackerIngestCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest", abstract: "Add location reports (JSON lines or CSV) to the trackers' logs.",
        discussion: """
            Each line is a JSON object ({"tracker", "time", "lat", "lon", "accuracy"}) or CSV:
            tracker,time,lat,lon[,accuracy]. Times are ISO 8601 or seconds since 1970. Lines that do not read, and
            reports from trackers that are not registered, are named with their line numbers and left out; the
            others are kept (and the exit status is 1). Ingesting the same lines again adds nothing.
            With --follow it keeps reading the file as it grows, committing about once a second, until Ctrl-C.
            Examples:
              trove tracker ingest reports.csv
              trove tracker ingest --follow /var/log/tracker.jsonl
            """)
    @Argument(help: "The file (- for standard input).", completion: .file()) var path: String
    @Flag(help: "Keep reading as the file grows (like tail -f).") var follow = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        var ingest = ReportIngest(store: store)
        if follow { return try self.follow(ingest, store: store, env) }
        ingest.source = "file"
        let report = try ingest.run(path: path)
        show(report, env)
        if report.rejected > 0 { throw ExitCode.failure }
    }

    private func show(_ report: ReportIngest.Report, _ env: CommandEnvironment) {
        if output.json {
            return env.out.json(["added": .integer(report.added), "present": .integer(report.present), "rejected": .integer(report.rejected),
                                "problems": .array(report.problems.map { .string($0) }), "commit": report.commit.map { .string($0) } ?? .null])
        }
        for line in report.lines.dropLast() { env.error(line) }
        env.out.line(report.lines.last ?? "")
    }

    /// Reads the file as it grows; every second or so what came is committed, so a kill loses nothing
    /// the next run would not ingest again (the lines are still in the file, and repeats add nothing).
    private func follow(_ ingest: ReportIngest, store: Store, _ env: CommandEnvironment) throws {
        Interruption.install()
        var pending: [([UInt8], Int)] = []
        var lastCommit = Date()
        var total = ReportIngest.Report()
        var number = 0
        var failure: Error?
        func commit() throws {
            guard !pending.isEmpty else { return }
            let report = try ingest.run { body in for (line, number) in pending { try body(line[...], number) } }
            pending.removeAll()
            total.added += report.added
            total.present += report.present
            total.rejected += report.rejected
            for problem in report.problems { env.error(problem) }
            if report.added > 0 && !output.json { env.out.line("Ingested \(report.added) report\(report.added == 1 ? "" : "s").") }
            lastCommit = Date()
        }
        let follower = PositionFollower(source: .file(path))
        try follower.runLines(until: {
            if !pending.isEmpty && (pending.count >= ingest.batchSize || Date().timeIntervalSince(lastCommit) >= 1) {
                do { try commit() } catch { failure = error }
            }
            return Interruption.happened || failure != nil
        }) { line in
            number += 1
            pending.append((line, number))
        }
        if let failure { throw failure }
        try commit()
        show(total, env)
    }
}

/// Ctrl-C as a request to finish cleanly: a flag a loop polls, instead of the default kill.
enum Interruption {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static var happened: Bool { flag != 0 }

    static func install() {
        signal(SIGINT) { _ in Interruption.flag = 1 }
        // A parent may have started us with SIGINT blocked (the mask is inherited): take it back.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }
}
