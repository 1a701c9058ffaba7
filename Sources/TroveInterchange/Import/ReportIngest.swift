import Foundation
import TroveJSON
import TroveKit
import TroveParallel
import TroveSchema
import TroveStore

/// Brings tracker location reports into the trackers' append-only logs.
///
/// Lines stream through in batches, so memory stays bounded by the batch and the largest
/// monthly log file, not by the input. A bad line or a report from an unregistered tracker is
/// noted with its line number and left out; the good lines are kept. A report's id comes from
/// what it says, so ingesting the same lines again, here or on another machine, adds nothing.
public struct ReportIngest {
    public let store: Store
    /// How many reports are gathered before they are written to the logs.
    public var batchSize = 50_000
    /// The `source` each report gets, e.g. `file`.
    public var source = "file"

    public init(store: Store) { self.store = store }

    /// What an ingest did.
    public struct Report: Sendable, Equatable {
        public var added = 0
        /// Reports already in the logs.
        public var present = 0
        /// Lines left out.
        public var rejected = 0
        /// The first few reasons, as every import names them; the rest are counted.
        public private(set) var problemList = ProblemList()
        public var commit: String?

        public init() {}

        /// The named reasons, each `line N: reason`.
        public var problems: [String] { problemList.shown }

        mutating func reject(line: Int, _ reason: String) {
            rejected += 1
            problemList.add("line \(line): \(reason)")
        }

        /// The report as lines for the terminal.
        public var lines: [String] {
            // A running total (`--follow`) counts lines left out by batches whose reasons were shown then.
            var list = problemList
            list.addUnnamed(rejected - list.count)
            var lines = list.lines { "… and \($0) more lines left out" }
            lines.append("Ingested \(added) report\(added == 1 ? "" : "s")" + (present > 0 ? " (\(present) already there)" : "")
                         + (rejected > 0 ? "; \(rejected) line\(rejected == 1 ? "" : "s") left out." : "."))
            return lines
        }
    }

    /// Ingests every line `feed` hands over, as one commit. `feed` calls its argument with each
    /// line and its number.
    public func run(_ feed: ((ArraySlice<UInt8>, Int) throws -> Void) throws -> Void) throws -> Report {
        let trackers = Set(try TrackerBook(store: store).all().map(\.trackerID))
        let checker = try store.logEntryChecker(type: RecordType.trackerReport)
        var report = Report()
        var touched = Set<String>()
        let latest = Date().addingTimeInterval(600)
        let source = source
        let (_, result) = try store.transaction(message: "Ingest tracker reports") { transaction in
            // The batch's lines share one buffer: a million small arrays would cost a million allocations.
            var text: [UInt8] = []
            var batch: [Line] = []
            batch.reserveCapacity(batchSize)
            func flush() throws {
                // Reading each line is independent work: spread it over the cores, then keep the order.
                let buffer = text
                // Reading, checking and encoding each line is independent work: one pass over the cores.
                let parsed = batch.concurrentMap { line -> (ReportLine.Parsed, Result<CheckedLogEntry, StoreError>?) in
                    let outcome = ReportLine.parse(buffer[line.range], source: source, latest: latest)
                    guard case .report(let found) = outcome else { return (outcome, nil) }
                    guard trackers.contains(found.trackerID) else {
                        return (.problem("tracker \(found.trackerID) is not registered (trove tracker register ITEM \(found.trackerID))"), nil)
                    }
                    return (outcome, checker.check(found.logValue))
                }
                var entries: [CheckedLogEntry] = []
                entries.reserveCapacity(parsed.count)
                for (line, (outcome, checked)) in zip(batch, parsed) {
                    switch outcome {
                    case .nothing: continue
                    case .problem(let reason): report.reject(line: line.number, reason)
                    case .report(let found):
                        guard let checked else { continue }
                        entries.append(try checked.get())
                        touched.insert(found.trackerID)
                    }
                }
                batch.removeAll(keepingCapacity: true)
                text.removeAll(keepingCapacity: true)
                let appended = try transaction.appendToLog(entries)
                report.added += appended.added
                report.present += appended.present
            }
            try feed { line, number in
                text.append(contentsOf: line)
                batch.append(Line(range: (text.count - line.count)..<text.count, number: number))
                if batch.count >= batchSize { try flush() }
            }
            if !batch.isEmpty { try flush() }
            if report.added > 0 {
                transaction.message = "Ingest \(report.added) tracker report\(report.added == 1 ? "" : "s")"
            }
        }
        report.commit = result.commit?.hex
        // Find each tracker's newest report now, while its file is fresh, so that `item locate` is a lookup.
        if result.commit != nil { for tracker in touched { _ = try? store.latestReport(trackerID: tracker) } }
        return report
    }

    /// One input line: where it is in its batch's buffer, and its number.
    struct Line: Sendable {
        var range: Range<Int>
        var number: Int
    }

    /// Ingests the file at `path` (`-` for standard input) as one commit.
    public func run(path: String) throws -> Report {
        try run { body in try LineReader.forEachLine(in: path, body) }
    }
}
