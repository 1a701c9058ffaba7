/// A photo, video, audio recording or PDF attached to an entry.
public struct DayOneMedia: Sendable, Hashable {
    /// What kind of media, which also says which folder of the export holds the file.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case photo, video, audio, pdf

        /// The entry's JSON member that lists this kind.
        public var entryField: String {
            switch self {
            case .photo: return "photos"
            case .video: return "videos"
            case .audio: return "audios"
            case .pdf: return "pdfAttachments"
            }
        }

        /// The kind in a user's words, for the placeholder of a missing file: `photo`, `PDF`.
        public var placeholderName: String { self == .pdf ? "PDF" : rawValue }

        /// The export's folder for this kind.
        public var folder: String {
            switch self {
            case .photo: return "photos"
            case .video: return "videos"
            case .audio: return "audios"
            case .pdf: return "pdfs"
            }
        }
    }

    public var kind: Kind
    /// The identifier that `dayone-moment:` links in the text use.
    public var identifier: String
    /// The MD5 of the file, lower-case hex; the file is named `<md5>.<extension>`.
    public var md5: String
    /// The file's extension without the dot, like `jpeg` or `m4a`: the file's own when the
    /// export has it, else the one the JSON declares (`type`, or `format` with `aac` → `m4a`).
    public var fileExtension: String?
    /// Day One's position of the media in the entry, when given.
    public var orderInEntry: Int?
    /// The file's path inside the export, like `photos/<md5>.jpeg`; `nil` when the export lacks it.
    public var filePath: String?

    public init(
        kind: Kind, identifier: String, md5: String, fileExtension: String? = nil,
        orderInEntry: Int? = nil, filePath: String? = nil
    ) {
        self.kind = kind
        self.identifier = identifier
        self.md5 = md5
        self.fileExtension = fileExtension
        self.orderInEntry = orderInEntry
        self.filePath = filePath
    }

    /// Whether the export holds the file.
    public var isPresent: Bool { filePath != nil }
}

/// The media files an export holds, found by kind and MD5.
///
/// Built once from the export's file list, so that finding the file of each of thousands of
/// photos costs a dictionary look-up, not a folder listing or a scan of the ZIP directory.
struct DayOneMediaIndex: Sendable {
    /// Folder → lower-case MD5 → relative paths of files named `<md5>.<anything>`.
    private var filesByFolder: [String: [String: [String]]] = [:]

    init(relativePaths: [String]) {
        let folders = Set(DayOneMedia.Kind.allCases.map(\.folder))
        for path in relativePaths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, folders.contains(String(parts[0])), !parts[1].hasPrefix(".") else { continue }
            let stem = parts[1].prefix { $0 != "." }.lowercased()
            filesByFolder[String(parts[0]), default: [:]][stem, default: []].append(path)
        }
        for (folder, files) in filesByFolder {
            filesByFolder[folder] = files.mapValues { $0.sorted() }
        }
    }

    /// The file of a media item: `<md5>.<declared extension>` in its kind's folder, else any
    /// file of that MD5 in that folder, else in another media folder; `nil` when there is none.
    ///
    /// The fallbacks exist because the JSON does not always say the extension: audio has only
    /// `"format": "aac"` while its file is `.m4a`.
    func path(of kind: DayOneMedia.Kind, md5: String, declaredExtension: String?) -> String? {
        let key = md5.lowercased()
        if let candidates = filesByFolder[kind.folder]?[key] {
            if let declared = declaredExtension?.lowercased(),
               let exact = candidates.first(where: { Self.fileExtension(of: $0).lowercased() == declared })
            {
                return exact
            }
            return candidates.first
        }
        for other in DayOneMedia.Kind.allCases where other != kind {
            if let found = filesByFolder[other.folder]?[key]?.first { return found }
        }
        return nil
    }

    /// The text after the last dot of the file name, or "" when it has none.
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
