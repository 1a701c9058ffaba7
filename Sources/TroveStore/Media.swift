import Crypto
import Foundation

/// The image formats Trove stores, told apart by their first bytes.
public enum MediaKind: String, Sendable, CaseIterable {
    case jpeg = "jpg", png, gif, webp, heic

    /// Recognises a file from its magic bytes, or returns `nil` for anything else.
    public init?(magic bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts(Array("ftyp".utf8), at: 4),
                ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].contains(where: { starts(Array($0.utf8), at: 8) }) {
            self = .heic
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
