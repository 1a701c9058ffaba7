import Foundation
import TroveKit
import TroveStore

/// The item list as one self-contained web page: each item's photo (embedded), or the
/// placeholder picture when it has none, its trackers and its last known location.
public struct ItemsHTML {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// The page for `summaries`.
    public func page(_ summaries: [ItemSummary]) throws -> String {
        let cards = try summaries.map { summary -> String in
            let item = summary.item
            let picture: String
            if let photo = item.photo, let bytes = try store.media(sha256: photo), let kind = try store.mediaKind(sha256: photo) {
                picture = "<img src=\"data:image/\(kind.rawValue == "jpg" ? "jpeg" : kind.rawValue);base64,\(Data(bytes).base64EncodedString())\" "
                    + "alt=\"\(MarkupText.escape(item.name))\" width=\"120\" height=\"120\">"
            } else {
                picture = PlaceholderPicture.svg
            }
            let tracker = summary.trackers.map { "\($0.trackerID) (\($0.state))" }.joined(separator: ", ")
            let place = summary.location.map { "\(ItemSummary.place($0.report)), \($0.age())" } ?? "no location yet"
            return """
                <li class="item"><figure>\(picture)</figure><div><h2>\(MarkupText.escape(item.name))</h2>
                <p>Tracker: \(MarkupText.escape(tracker.isEmpty ? "none" : tracker))</p>
                <p>Last seen: \(MarkupText.escape(place))</p>\(item.notes.map { "\n<p class=\"notes\">\(MarkupText.escape($0))</p>" } ?? "")</div></li>
                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Items</title>
            <style>body{font-family:sans-serif;margin:2em}ul{list-style:none;padding:0}.item{display:flex;gap:1em;margin:1em 0}
            figure{margin:0}img,svg{width:120px;height:120px;object-fit:cover;border-radius:10px}h2{margin:.2em 0}.notes{white-space:pre-wrap}</style>
            </head><body><h1>Items</h1>
            <ul>
            \(cards.joined(separator: "\n"))
            </ul></body></html>

            """
    }

    /// Writes the page to `path`, whole or not at all.
    public func write(_ summaries: [ItemSummary], to path: String) throws {
        try LocalFile.write(Array(try page(summaries).utf8), to: path)
    }
}
