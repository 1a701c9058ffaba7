import Foundation
import TroveStore

/// An item with what lists and pages show beside it: its trackers and last known location.
public struct ItemSummary: Sendable {
    public var item: Item
    public var trackers: [Tracker]
    public var location: ItemLocation?

    public init(item: Item, store: Store) throws {
        try self.init(item: item, trackers: TrackerBook(store: store).trackers(of: item), store: store)
    }

    private init(item: Item, trackers: [Tracker], store: Store) throws {
        self.item = item
        self.trackers = trackers
        location = try ItemLocation.last(of: item, trackers: trackers, in: store)
    }

    /// Every item's summary, by name; the tracker records are read once for them all.
    public static func all(in store: Store) throws -> [ItemSummary] {
        let trackers = try TrackerBook(store: store).all()
        return try ItemBook(store: store).all().map { item in
            try ItemSummary(item: item, trackers: trackers.filter { $0.itemID == item.id }, store: store)
        }
    }

    /// A report's place as `48.85661, 2.35222`.
    public static func place(_ report: TrackerReport) -> String {
        String(format: "%.5f, %.5f", report.latitude, report.longitude)
    }
}
