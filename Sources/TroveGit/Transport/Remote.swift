import CGit2
import Foundation

/// The state shared with libgit2's transfer callbacks for one fetch, push or clone.
final class TransferContext {
    let security: TransferSecurity
    let url: String
    /// Calls of the credential callback.
    var attempts = 0
    var failure: TransferError?
    var rejected: [(String, String)] = []
    /// The https side: the login offered and what went wrong (HTTPCredentials.swift).
    var http = HTTPTransferState()
    let progress: TransferProgress.Handler?

    init(security: TransferSecurity, url: String, progress: TransferProgress.Handler? = nil) {
        self.security = security
        self.url = url
        self.progress = progress
    }

    /// The folder the URL names when it is a path or a `file://` URL (a hub on a drive or a shared folder).
    var localPath: String? {
        if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
        return url.hasPrefix("/") || url.hasPrefix(".") ? url : nil
    }

    /// Fills libgit2's callbacks; `self` must outlive the call they are used for.
    func install(into callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, _, username, allowed, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            return context.credential(out, username: username.map { String(cString: $0) }, allowed: allowed)
        }
        callbacks.certificate_check = { cert, valid, host, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            return context.checkCertificate(cert!, valid: valid != 0, host: host.map { String(cString: $0) } ?? "")
        }
        if progress != nil {
            callbacks.transfer_progress = { stats, payload in
                let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
                if let stats = stats?.pointee {
                    context.progress?(TransferProgress(direction: .receiving, done: Int(stats.received_objects), total: Int(stats.total_objects),
                                                       bytes: Int(stats.received_bytes)))
                }
                return 0
            }
            callbacks.push_transfer_progress = { current, total, bytes, payload in
                let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
                context.progress?(TransferProgress(direction: .sending, done: Int(current), total: Int(total), bytes: Int(bytes)))
                return 0
            }
        }
        callbacks.push_update_reference = { reference, status, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            if let status { context.rejected.append((String(cString: reference!), String(cString: status))) }
            return 0
        }
    }

    /// ssh remotes log in through the ssh program (`SSHSubtransport`), which never asks here; only a server
    /// reached another way does, for a login Trove does not offer.
    private func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, username: String?, allowed: UInt32) -> Int32 {
        attempts += 1
        // ssh logs in through OpenSSH (SSHSubtransport), so libgit2 asks only http(s) remotes for a login.
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 && isHTTP { return httpCredential(out, username: username) }
        failure = .unreachable(url: url, reason: "it asks for a kind of login Trove does not offer")
        return GIT_EUSER.rawValue
    }

    /// ssh checks host keys itself; this sees only TLS certificates, which libgit2 has already judged.
    private func checkCertificate(_ cert: UnsafeMutablePointer<git_cert>, valid: Bool, host: String) -> Int32 {
        checkX509(valid: valid)
    }

    /// Turns a failed transfer into the most specific error known.
    func error(from error: Error) -> Error {
        if let failure { return failure }
        if let failure = httpError(from: error) { return failure }
        if let path = localPath, !FileManager.default.fileExists(atPath: path) { return TransferError.missingHub(path: path) }
        if let git = error as? GitError { return TransferError.unreachable(url: url, reason: git.message) }
        return error
    }
}
