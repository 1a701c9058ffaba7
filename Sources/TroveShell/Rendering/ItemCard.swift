import Foundation
import TroveKit
import TroveJSON
import TroveStore

/// One item for the terminal: its picture (or the placeholder), then a card of its facts.
struct ItemCard {
    var summary: ItemSummary
    var store: Store

    /// The card for `terminal`: its width and colour on a terminal, 100 columns otherwise.
    func lines(for terminal: TerminalTraits) -> [String] {
        lines(width: terminal.outputIsInteractive ? terminal.width : 100, color: terminal.color)
    }

    func lines(width: Int, color: Bool) -> [String] {
        let item = summary.item
        var card = Card(title: item.name)
        card.add("Id", item.id)
        if let photo = item.photo {
            let kind = (try? store.mediaKind(sha256: photo)).flatMap { $0 }
            card.add("Photo", kind.map { StoreLayout.mediaPath(sha256: photo, fileExtension: $0.rawValue) } ?? "\(photo.prefix(12))… (missing)")
        } else {
            card.add("Photo", "none: a placeholder shows")
        }
        card.add("Tracker", summary.trackers.isEmpty ? "none" : summary.trackers.map { "\($0.trackerID) (\($0.state))" }.joined(separator: "\n"))
        if let location = summary.location {
            card.add("Last seen", "\(ItemSummary.place(location.report)), \(location.age()) (\(LocalTime.minutes(location.report.at)))")
        } else {
            card.add("Last seen", "no location yet")
        }
        if let notes = item.notes { card.add("Notes", notes) }
        let picture = item.photo == nil ? PlaceholderPicture.text.map { SGR.apply([.dim], to: $0, color: color) } : []
        return picture + card.render(width: width, color: color)
    }
}

extension ItemSummary {
    /// The summary as `--json` prints it.
    var json: JSONValue {
        [
            "id": .string(item.id), "name": .string(item.name), "photo": item.photo.map { .string($0) } ?? .null,
            "notes": item.notes.map { .string($0) } ?? .null,
            "trackers": .array(trackers.map { ["trackerId": .string($0.trackerID), "paired": .bool($0.paired), "active": .bool($0.active)] }),
            "lastSeen": location.map { location -> JSONValue in
                ["at": .string(Timestamp.string(location.report.at)), "lat": .double(location.report.latitude),
                 "lon": .double(location.report.longitude), "tracker": .string(location.report.trackerID)]
            } ?? .null,
        ]
    }
}
