import Crypto
import Foundation

/// Where things live in a store's tree (see `Formats/README.md`).
public enum StoreLayout {
    /// The store metadata file at the root.
    public static let metadataFile = "trove.json"
    /// Git attributes naming Trove's merge driver.
    public static let attributesFile = ".gitattributes"
    /// The folder of content-addressed media.
    public static let mediaFolder = "media"
    /// The store format this build writes and understands.
    public static let formatVersion = 1
    /// The attributes written to `.gitattributes` and `.git/info/attributes`.
    public static let attributes = "*.json merge=trove\n*.jsonl merge=union\n"

    /// The fan-out folder of an id: the first two hex digits of its SHA-256.
    public static func fanout(_ id: String) -> String {
        Hex.string(SHA256.hash(data: Array(id.utf8)).prefix(1))
    }

    /// The path of a record file.
    public static func recordPath(collection: String, id: String) -> String {
        recordPath(collection: collection, shard: fanout(id), id: id)
    }

    /// The path of a record file whose `fanout` is known.
    static func recordPath(collection: String, shard: String, id: String) -> String {
        "\(collection)/\(shard)/\(id).json"
    }

    /// The path of a media file named by its SHA-256 hex digest.
    public static func mediaPath(sha256: String, fileExtension: String) -> String {
        "\(mediaFolder)/\(sha256.prefix(2))/\(sha256).\(fileExtension)"
    }

    /// Splits a record path into collection and id, or `nil` if it is not shaped like one.
    public static func parseRecordPath(_ path: String) -> (collection: String, id: String)? {
        // Among the bytes: a full index build parses every record's path, and splitting characters cost it half a second.
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        guard let first = bytes.firstIndex(of: slash),
              let second = bytes[bytes.index(after: first)...].firstIndex(of: slash)
        else { return nil }
        let collection = path[..<first], name = path[bytes.index(after: second)...]
        guard !name.utf8.contains(slash), collection != Substring(mediaFolder), collection != "logs",
              name.utf8.count >= 5, name.utf8.suffix(5).elementsEqual(".json".utf8)
        else { return nil }
        return (String(collection), String(name[..<name.utf8.index(name.endIndex, offsetBy: -5)]))
    }
}
