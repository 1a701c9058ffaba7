import Crypto
import Foundation

/// The media formats Trove stores, told apart by their first bytes: images, and the sound,
/// video and documents that journal imports bring along.
public enum MediaKind: String, Sendable, CaseIterable {
    case jpeg = "jpg", png, gif, webp, heic
    case mp4, mov, m4a, mp3, wav, pdf

    /// What a file is for: records take photos as images and the rest as attachments.
    public enum Family: String, Sendable { case image, audio, video, pdf }

    public var family: Family {
        switch self {
        case .jpeg, .png, .gif, .webp, .heic: return .image
        case .mp4, .mov: return .video
        case .m4a, .mp3, .wav: return .audio
        case .pdf: return .pdf
        }
    }

    /// How many of a file's first bytes `init(magic:)` looks at.
    public static let magicLength = 12

    /// Recognises a file from its magic bytes, or returns `nil` for anything else.
    public init?(magic bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        func brand(_ names: [String]) -> Bool { names.contains { starts(Array($0.utf8), at: 8) } }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts(Array("RIFF".utf8)) && starts(Array("WAVE".utf8), at: 8) { self = .wav }
        else if starts(Array("%PDF-".utf8)) { self = .pdf }
        else if starts(Array("ID3".utf8)) || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) { self = .mp3 }
        else if starts(Array("ftyp".utf8), at: 4) {
            // The ISO media family shares one container; its major brand says which member a file is.
            if brand(["heic", "heix", "hevc", "hevx", "mif1", "msf1"]) { self = .heic }
            else if brand(["M4A ", "M4B "]) { self = .m4a }
            else if brand(["qt  "]) { self = .mov }
            else if brand(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "3gp4", "3gp5", "3gp6"]) { self = .mp4 }
            else { return nil }
        } else { return nil }
    }
}

/// A media file stored in the store, named by the SHA-256 of its bytes.
public struct MediaReference: Sendable, Equatable {
    public var sha256: String
    public var kind: MediaKind

    init(bytes: [UInt8], kind: MediaKind) {
        sha256 = Self.digest(bytes)
        self.kind = kind
    }

    /// Its path in the store.
    public var path: String { StoreLayout.mediaPath(sha256: sha256, fileExtension: kind.rawValue) }

    /// The SHA-256 hex digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> String {
        Hex.string(SHA256.hash(data: bytes))
    }
}
