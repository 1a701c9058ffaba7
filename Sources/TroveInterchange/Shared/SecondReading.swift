/// The second reading of a file that a first reading checked and counted: how every streaming import writes.
///
/// An import reads its file once to check it (nothing is written when it is bad) and again to write what it holds,
/// an item at a time, so that its memory does not grow with the file. The second reading must find what the first
/// did: the same number of items and problems, and no error of its own. Anything else means the file changed in
/// between, and `changed` is thrown; the import's transaction is then abandoned and nothing is written.
///
/// ```swift
/// try SecondReading.check(items: pointCount, problems: problems.count, changed: PointFileError.changedWhileReading) { tally in
///     var stream = try JSONObjectStream(path: path)
///     _ = try GeoJSONReader.read(&stream, point: { point in try tally.item { try body(point) } }, problem: { _ in tally.problem() })
/// }
/// ```
enum SecondReading {
    /// Runs `read`, which hands each item to `tally.item` and each problem to `tally.problem`. What the work given to
    /// `tally.item` throws (the import's own errors: a refused record, a full disk) reaches the caller unchanged;
    /// any other error, or counts other than `items` and `problems`, is `changed`.
    static func check(items: Int, problems: Int, changed: @autoclosure () -> any Error, _ read: (Tally) throws -> Void) throws {
        let tally = Tally(expected: items, changed: changed())
        do {
            try read(tally)
        } catch let thrown as ThrownByWork {
            throw thrown.error
        } catch {
            throw tally.changed
        }
        guard tally.items == items, tally.problems == problems else { throw tally.changed }
    }

    /// What the second reading has found so far.
    final class Tally {
        fileprivate let expected: Int
        fileprivate let changed: any Error
        fileprivate var items = 0
        fileprivate var problems = 0

        fileprivate init(expected: Int, changed: any Error) {
            self.expected = expected
            self.changed = changed
        }

        /// Counts `count` items and, unless there are more than the first reading found, does `work` with them.
        func item(count: Int = 1, _ work: () throws -> Void) throws {
            items += count
            guard items <= expected else { throw changed }
            do { try work() } catch { throw ThrownByWork(error: error) }
        }

        func problem(count: Int = 1) { problems += count }
    }

    /// An error of the work done with an item, told apart from the reading's own.
    private struct ThrownByWork: Error { var error: any Error }
}
