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
            <gpx version="1.1" creator="\(escape(creator, attribute: true))" \
            xmlns="http://www.topografix.com/GPX/1/1" xmlns:trove="\(namespace)">

            """
        out.reserveCapacity(records.count * 320 + 200)
        for record in records {
            out += "  <wpt lat=\"\(PointFormat.decimal(record.latitude))\" lon=\"\(PointFormat.decimal(record.longitude))\">\n"
            out += "    <time>\(PointFormat.utcString(record.time))</time>\n"
            // Schema order (GPX 1.1 wptType): time, name, desc, type, extensions.
            out += "    <name>\(escape(record.kind))</name>\n"
            if let note = record.note { out += "    <desc>\(escape(note))</desc>\n" }
            out += "    <type>\(escape(record.kind))</type>\n"
            out += "    <extensions>\n"
            out += "      <trove:id>\(escape(record.id))</trove:id>\n"
            out += "      <trove:dog>\(escape(record.dogName ?? record.dogID))</trove:dog>\n"
            out += "    </extensions>\n"
            out += "  </wpt>\n"
        }
        out += "</gpx>\n"
        return Array(out.utf8)
    }

    /// Text made safe for XML: markup characters as entities, a carriage return kept as
    /// `&#13;` (parsers would fold it into a newline), and control characters XML 1.0
    /// cannot hold at all dropped.
    static func escape(_ text: String, attribute: Bool = false) -> String {
        // Most text (kinds, ids, names) needs nothing, so skip the copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
