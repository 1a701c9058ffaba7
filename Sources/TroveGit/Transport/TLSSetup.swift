import CGit2
import Foundation

/// Which CA certificates libgit2 checks https servers against, set up only when an https remote is used.
///
/// libgit2 built with mbedTLS keeps one CA chain for the whole process, so a remote with its own CA file
/// (`--ca-file`, a self-hosted server) and one checked against the system's CAs cannot be in flight at
/// once: every https transfer holds `lock`, and sets the chain it needs first. Parsing a CA bundle costs
/// about 7 ms, so it happens only here, for commands that talk to an https remote, and once per process for
/// as long as the chain stays the same. (Debian's libgit2 also parses the system bundle in `git_libgit2_init`,
/// compiled in as its default; `CALoading` skips that. Setting the location explicitly keeps Trove right with
/// a libgit2 built without that default, or with another.)
enum TLSSetup {
    /// Debian's bundle of the CAs the system trusts (`ca-certificates`).
    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"
    /// The folder of single CA files, used when the bundle is missing.
    static let systemFolder = "/etc/ssl/certs"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var current: String?

    /// Whether `url` needs TLS (https://).
    static func needsTLS(_ url: String) -> Bool { url.lowercased().hasPrefix("https://") }

    /// Runs `body` with libgit2 checking certificates against `caFile` (or the system's CAs when `nil`).
    ///
    /// A CA file that cannot be read throws `HTTPFailure.unreadableCAFile` before anything is sent.
    static func with<T>(caFile: String?, _ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let wanted = caFile ?? systemBundle
        if current != wanted {
            _ = Git.initialized
            CALoading.allowed = true
            defer { CALoading.allowed = false }
            let result: Int32
            if let caFile {
                guard FileManager.default.isReadableFile(atPath: caFile) else {
                    throw HTTPFailure.unreadableCAFile(path: caFile, reason: "it is not there or cannot be read")
                }
                result = trove_git_set_ssl_cert_locations(caFile, nil)
            } else if FileManager.default.fileExists(atPath: systemBundle) {
                result = trove_git_set_ssl_cert_locations(systemBundle, nil)
            } else {
                result = trove_git_set_ssl_cert_locations(nil, systemFolder)
            }
            if result < 0 {
                current = nil
                let message = git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "error \(result)"
                if let caFile { throw HTTPFailure.unreadableCAFile(path: caFile, reason: message) }
                throw GitError(operation: "load the system's CA certificates", code: result, message: message)
            }
            current = wanted
        }
        return try body()
    }
}
