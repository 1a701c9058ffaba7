import Foundation

/// Writes business records as GPX 1.1 waypoints that any map app can show.
///
/// The kind goes in `<name>` (what apps display) and `<type>` (what `GPXReader` reads
/// first); the record id and dog go in Trove's own `<extensions>`, so a re-import
/// recognises its records.
public enum GPXWriter {
    /// Trove's GPX extension namespace.
    static let namespace = "https://trove.invalid/gpx/1"

    /// A GPX 1.1 document with one `<wpt>` per record, in the order given.
    public static func write(_ records: [ExportedBusiness], creator: String = "Trove") -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(MarkupText.escape(creator, attribute: true))" \
            xmlns="http://www.topografix.com/GPX/1/1" xmlns:trove="\(namespace)">

            """
        out.reserveCapacity(records.count * 320 + 200)
        for record in records {
            out += "  <wpt lat=\"\(PointFormat.decimal(record.latitude))\" lon=\"\(PointFormat.decimal(record.longitude))\">\n"
            out += "    <time>\(PointFormat.utcString(record.time))</time>\n"
            // Schema order (GPX 1.1 wptType): time, name, desc, type, extensions.
            out += "    <name>\(MarkupText.escape(record.kind))</name>\n"
            if let note = record.note { out += "    <desc>\(MarkupText.escape(note))</desc>\n" }
            out += "    <type>\(MarkupText.escape(record.kind))</type>\n"
            out += "    <extensions>\n"
            out += "      <trove:id>\(MarkupText.escape(record.id))</trove:id>\n"
            out += "      <trove:dog>\(MarkupText.escape(record.dogName ?? record.dogID))</trove:dog>\n"
            out += "    </extensions>\n"
            out += "  </wpt>\n"
        }
        out += "</gpx>\n"
        return Array(out.utf8)
    }
}
