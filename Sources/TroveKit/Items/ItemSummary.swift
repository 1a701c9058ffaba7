import Foundation
import TroveStore

/// An item with what lists and pages show beside it: its trackers and last known location.
public struct ItemSummary: Sendable {
    public var item: Item
    public var trackers: [Tracker]
    public var location: ItemLocation?

    public init(item: Item, store: Store) throws {
        self.item = item
        trackers = try TrackerBook(store: store).trackers(of: item)
        location = try ItemLocation.last(of: item, in: store)
    }

    /// Every item's summary, by name.
    public static func all(in store: Store) throws -> [ItemSummary] {
        try ItemBook(store: store).all().map { try ItemSummary(item: $0, store: store) }
    }

    /// A report's place as `48.85661, 2.35222`.
    public static func place(_ report: TrackerReport) -> String {
        String(format: "%.5f, %.5f", report.latitude, report.longitude)
    }
}
