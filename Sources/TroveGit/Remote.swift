import CGit2
import Foundation

/// The state shared with libgit2's transfer callbacks for one fetch, push or clone.
final class TransferContext {
    let security: TransferSecurity
    let url: String
    /// Calls of the credential callback, and of those the user-name requests and key offers.
    var attempts = 0
    var usernameRequests = 0
    var keyOffers = 0
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

    var port: Int? { URLComponents(string: url)?.port ?? (url.hasPrefix("ssh://") ? 22 : nil) }

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
                    context.progress?(TransferProgress(direction: .receiving, done: Int(stats.received_objects), total: Int(stats.total_objects)))
                }
                return 0
            }
            callbacks.push_transfer_progress = { current, total, _, payload in
                let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
                context.progress?(TransferProgress(direction: .sending, done: Int(current), total: Int(total)))
                return 0
            }
        }
        callbacks.push_update_reference = { reference, status, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            if let status { context.rejected.append((String(cString: reference!), String(cString: status))) }
            return 0
        }
    }

    private func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, username: String?, allowed: UInt32) -> Int32 {
        attempts += 1
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 && isHTTP { return httpCredential(out, username: username) }
        let user = username ?? ProcessInfo.processInfo.environment["USER"] ?? NSUserName()
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 && allowed & GIT_CREDENTIAL_SSH_KEY.rawValue == 0 {
            // libgit2 asks for the user name once per connection when the URL has none; more is a loop.
            usernameRequests += 1
            guard usernameRequests <= max(security.maximumAttempts, 1) else {
                failure = .unreachable(url: url, reason: "it keeps asking for a user name; put one in the URL (ssh://USER@HOST/PATH)")
                return GIT_EUSER.rawValue
            }
            return git_credential_username_new(out, user)
        }
        guard allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 else {
            failure = .unreachable(url: url, reason: "it asks for a kind of login Trove does not offer (only ssh keys)")
            return GIT_EUSER.rawValue
        }
        guard let identity = security.identity else {
            failure = .noIdentity(path: security.identityFile ?? "~/.ssh/id_ed25519")
            return GIT_EUSER.rawValue
        }
        switch PrivateKeyFile.inspect(identity) {
        case .usable: break
        case .encrypted:
            failure = .unusableIdentity(path: identity, reason: "it is protected by a passphrase, and Trove can neither ask for "
                + "one nor use ssh-agent; make a key for Trove with 'ssh-keygen -t ed25519 -N \"\" -f ~/.ssh/trove_ed25519', "
                + "add trove_ed25519.pub to the server's ~/.ssh/authorized_keys and pass --identity ~/.ssh/trove_ed25519")
            return GIT_EUSER.rawValue
        case .unreadable:
            failure = .unusableIdentity(path: identity, reason: "it cannot be read (check its permissions)")
            return GIT_EUSER.rawValue
        case .notAKey:
            failure = .unusableIdentity(path: identity, reason: "it is not an ssh private key; pass the private key "
                + "(not its .pub file), or make one with 'ssh-keygen -t ed25519'")
            return GIT_EUSER.rawValue
        }
        // libgit2 asks again after each refusal. The same key cannot succeed the next time, so being
        // asked again means it was refused; the bound also ends libgit2's loop.
        guard keyOffers < max(security.maximumAttempts, 1) else {
            failure = .keyRefused(url: url, identity: identity)
            return GIT_EUSER.rawValue
        }
        keyOffers += 1
        let publicKey = FileManager.default.fileExists(atPath: identity + ".pub") ? identity + ".pub" : nil
        return git_credential_ssh_key_new(out, user, publicKey, identity, nil)
    }

    private func checkCertificate(_ cert: UnsafeMutablePointer<git_cert>, valid: Bool, host: String) -> Int32 {
        guard cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else { return checkX509(valid: valid) }
        let hostkey = UnsafeRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
        let known = KnownHosts(file: security.knownHostsFile)
        let verdict: KnownHosts.Verdict
        if hostkey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostkey.hostkey {
            let key = Array(UnsafeRawBufferPointer(start: raw, count: hostkey.hostkey_len))
            verdict = known.verify(host: host, port: port, key: key, isHash: false)
        } else if hostkey.type.rawValue & GIT_CERT_SSH_SHA256.rawValue != 0 {
            var hash = hostkey.hash_sha256
            let key = withUnsafeBytes(of: &hash) { Array($0) }
            verdict = known.verify(host: host, port: port, key: key, isHash: true)
        } else {
            verdict = .unknown
        }
        switch verdict {
        case .match: return 0
        case .mismatch: failure = .hostKeyChanged(host: host, knownHosts: security.knownHostsFile)
        case .unknown: failure = .unknownHost(host: host, knownHosts: security.knownHostsFile)
        }
        return GIT_ECERTIFICATE.rawValue
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
