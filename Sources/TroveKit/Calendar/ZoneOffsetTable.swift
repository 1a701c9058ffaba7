import Foundation

/// A time zone's offsets from UTC: a `TimeZone` itself, or a `ZoneOffsetTable` worked out from one.
public protocol UTCOffsets {
    /// Seconds to add to UTC to read the wall clock at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: UTCOffsets {}

/// A time zone's offsets over a span of time, asked of the zone once, then looked up in a table.
///
/// Asking a `TimeZone` goes through ICU each time (a few hundred nanoseconds): a year's agenda reads
/// tens of thousands of times in one zone. The table is the zone's own answers: the offset at the span's
/// start and at each of its changes (`nextDaylightSavingTimeTransition`), checked against the zone at the
/// end of every stretch and at every day's midnight UTC between, since no zone changes its offset twice
/// a day. If the zone disagrees anywhere, or the span is long, the table asks the zone every time.
public struct ZoneOffsetTable: UTCOffsets, Sendable {
    public let timeZone: TimeZone
    /// Seconds since 1970 of the start of each stretch of one offset, ascending, and the stretches' offsets.
    private let starts: [Double]
    private let offsets: [Int]
    /// The end of the last stretch (the span's end); before `starts[0]` or from here on, the zone is asked.
    private let end: Double

    /// Spans longer than this are not tabled: checking every day of them would cost more than it saves.
    static let longestSpan: TimeInterval = 5 * 366 * 86_400

    /// The table of `timeZone` from `from` to `to`.
    public init(_ timeZone: TimeZone, from: Date, to: Date) {
        self.timeZone = timeZone
        guard from < to, to.timeIntervalSince(from) <= Self.longestSpan,
              let (starts, offsets) = Self.stretches(of: timeZone, from: from, to: to) else {
            (starts, offsets, end) = ([], [], -.infinity)
            return
        }
        (self.starts, self.offsets, end) = (starts, offsets, to.timeIntervalSince1970)
    }

    public func secondsFromGMT(for date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard let first = starts.first, seconds >= first, seconds < end else { return timeZone.secondsFromGMT(for: date) }
        // A year has a change or two: the stretch is found by walking back from the last.
        var index = starts.count - 1
        while starts[index] > seconds { index -= 1 }
        return offsets[index]
    }

    /// The stretches of one offset from `from` to `to`, or nil if the zone's answers do not bear them out.
    private static func stretches(of zone: TimeZone, from: Date, to: Date) -> (starts: [Double], offsets: [Int])? {
        var starts = [from.timeIntervalSince1970]
        var offsets = [zone.secondsFromGMT(for: from)]
        var cursor = from
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < to, next > cursor {
            starts.append(next.timeIntervalSince1970)
            offsets.append(zone.secondsFromGMT(for: next))
            cursor = next
        }
        let ends = starts.dropFirst() + [to.timeIntervalSince1970]
        for (index, (start, stop)) in zip(starts, ends).enumerated() {
            // Each midnight UTC inside the stretch, and its last second.
            var checks = stride(from: (start / 86_400).rounded(.up) * 86_400, to: stop, by: 86_400).map { $0 }
            checks.append(max(start, stop - 1))
            guard checks.allSatisfy({ zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) == offsets[index] }) else { return nil }
        }
        return (starts, offsets)
    }
}
