import Foundation
import TroveJSON

/// A `jrnl --export json` file on disk, read one entry at a time: an export of any size is imported in the memory
/// of its largest entry.
///
/// Opening it reads it through once, keeping only its entry count and its problems, so that an import knows before
/// writing anything whether the file is good (and how far along it is), and which entries' source keys may repeat
/// (`JrnlSourceKeys.survey`); `forEachEntry` reads it again.
public struct JrnlExport: JrnlSource, Sendable {
    public let file: String
    public var format: JrnlJournal.Format { .json }
    public let entryCount: Int
    public let problems: [JrnlProblem]
    private let timeZone: TimeZone
    /// The source-key hashes the first reading found may repeat, and the digest of all of them in order.
    private let mayRepeat: Set<UInt64>
    private let keyDigest: UInt64

    /// Reads the export at `path` through, checking every entry.
    public init(path: String, timeZone: TimeZone = .current) throws(JrnlError) {
        file = path
        self.timeZone = timeZone
        var count = 0
        var problems: [JrnlProblem] = []
        var keys = JrnlSourceKeys.survey()
        do {
            var stream = try JSONObjectStream(path: path)
            try JrnlJSONReader.read(&stream, file: path, timeZone: timeZone, keys: &keys, entry: { _ in count += 1 }, problem: { problems.append($0) })
        } catch let error as JrnlError {
            throw error
        } catch JSONStreamError.unreadable(let reason) {
            throw .unreadableFile(path: path, reason: reason)
        } catch {
            throw .unreadableFile(path: path, reason: "\(error)")
        }
        entryCount = count
        self.problems = problems
        mayRepeat = keys.mayRepeat
        keyDigest = keys.digest
    }

    /// Reads the file again, handing over each valid entry; throws `JrnlError.changedWhileReading` as soon as it
    /// reads something other than what `init` checked, or, once read, when its entries' dates, times and titles
    /// were not those `init` read (their keys could then repeat: the import is given up, not committed).
    public func forEachEntry(_ body: (JrnlEntry) throws -> Void) throws {
        var keys = JrnlSourceKeys(repeating: mayRepeat)
        try SecondReading.check(items: entryCount, problems: problems.count, changed: JrnlError.changedWhileReading(file: file)) { tally in
            var stream = try JSONObjectStream(path: file)
            try JrnlJSONReader.read(&stream, file: file, timeZone: timeZone, keys: &keys, entry: { entry in
                try tally.item { try body(entry) }
            }, problem: { _ in tally.problem() })
        }
        guard keys.digest == keyDigest else { throw JrnlError.changedWhileReading(file: file) }
    }
}
