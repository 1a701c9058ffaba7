import Foundation

/// SHA-256 digests for tests, by the coreutils `sha256sum` program: independent of the product's own hashing.
public enum SHA256Hex {
    /// The lowercase hex digest of `bytes`.
    public static func of(_ bytes: [UInt8]) -> String {
        let file = NSTemporaryDirectory() + "digest-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: file, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try? ProcessRunner.run("/usr/bin/env", ["sha256sum", file], environment: ProcessInfo.processInfo.environment)
        return String(output?.stdout.prefix(64) ?? "")
    }
}
