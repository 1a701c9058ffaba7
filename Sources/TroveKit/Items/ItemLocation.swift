import Foundation
import TroveStore

/// Where an item was last seen: the newest report of any of its trackers.
public struct ItemLocation: Sendable, Equatable {
    public var item: Item
    public var report: TrackerReport

    /// The last known location of `item`, or `nil` when none of its trackers has reported.
    public static func last(of item: Item, in store: Store) throws -> ItemLocation? {
        try last(of: item, trackers: TrackerBook(store: store).trackers(of: item), in: store)
    }

    /// The same, from the item's trackers when the caller has them already.
    public static func last(of item: Item, trackers: [Tracker], in store: Store) throws -> ItemLocation? {
        let reports = try trackers.compactMap { try store.latestReport(trackerID: $0.trackerID) }
        return reports.max { $0.at < $1.at }.map { ItemLocation(item: item, report: $0) }
    }

    /// How long ago, in words: "just now", "5 min ago", "3 h ago", "2 days ago".
    public func age(now: Date = Date()) -> String {
        let seconds = Int(now.timeIntervalSince(report.at))
        switch seconds {
        case ..<0: return "in the future (a clock is wrong)"
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return "\(days) day\(days == 1 ? "" : "s") ago"
        }
    }
}
