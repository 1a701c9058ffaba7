/// `trove-media:<sha256>` URLs in entry text, and the files they stand for.
enum ExportMediaReference {
    static let scheme = "trove-media:"

    /// The hash a URL names, lowercased, when it is a `trove-media:` URL.
    static func hash(inURL url: String) -> String? {
        guard url.hasPrefix(scheme) else { return nil }
        let hex = url.dropFirst(scheme.count)
        guard !hex.isEmpty, hex.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return hex.lowercased()
    }

    /// Hashes referenced anywhere in `text`, lowercased, in order of first use.
    static func hashes(in text: String) -> [String] {
        var seen: [String] = []
        _ = rewrite(text) { hash in
            if !seen.contains(hash) { seen.append(hash) }
            return nil
        }
        return seen
    }

    /// `text` with each `trove-media:<hex>` replaced by `replacement(hash)`; references it returns nil for stay as they are.
    static func rewrite(_ text: String, replacement: (String) -> String?) -> String {
        var out = ""
        var rest = text[...]
        while let found = rest.range(of: scheme) {
            out += rest[..<found.lowerBound]
            let afterScheme = rest[found.upperBound...]
            let hex = afterScheme.prefix { $0.isHexDigit && $0.isASCII }
            if !hex.isEmpty, let new = replacement(hex.lowercased()) {
                out += new
            } else {
                out += rest[found.lowerBound..<hex.endIndex]
            }
            rest = afterScheme[hex.endIndex...]
        }
        return out + rest
    }

    /// The entry's photos and attachments by lowercased hash.
    static func mediaByHash(_ entry: ExportedEntry) -> [String: ExportedMedia] {
        var map: [String: ExportedMedia] = [:]
        for item in entry.photos + entry.attachments where map[item.sha256.lowercased()] == nil {
            map[item.sha256.lowercased()] = item
        }
        return map
    }

    /// The kind of player an attachment needs in a page.
    enum Kind { case image, audio, video, other }

    static func kind(ofExtension ext: String) -> Kind {
        switch ext.lowercased() {
        case "jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "avif", "bmp", "svg": .image
        case "m4a", "mp3", "aac", "wav", "ogg", "oga", "opus", "flac", "caf": .audio
        case "mp4", "m4v", "mov", "webm", "ogv", "3gp": .video
        default: .other
        }
    }
}
