import Foundation

/// A fresh folder under the system's temporary directory, removed when released.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder's absolute path, without a trailing slash.
    public let path: String

    public init(_ label: String = "trove-test") {
        let base = NSTemporaryDirectory() + "\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = URL(fileURLWithPath: base).standardizedFileURL.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder (not created).
    public func child(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to a file inside the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// Writes bytes to a file inside the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = child(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }
}
