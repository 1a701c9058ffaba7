import CGit2
import Foundation

/// How Trove logs in to https remotes and which certificates it trusts there.
public struct HTTPSecurity: Sendable {
    /// A login given for this command (`clone --username … --password-stdin`); tried before any kept one.
    public var login: HTTPLogin?
    /// Where logins are kept, and where one that was asked for and worked is saved; `nil` keeps none.
    public var credentials: CredentialStore?
    /// Asks the person for a login when the server wants one and none is known: a terminal prompt.
    /// Gets the URL and the user name the URL names, if any; `nil` when nobody can answer.
    public var ask: (@Sendable (_ url: String, _ username: String?) -> HTTPLogin?)?
    /// The CA certificates to check the server against instead of the system's (a self-hosted server's
    /// own CA); when `nil`, the remote's own setting (`http.<url>.sslCAInfo`) or else the system's CAs.
    public var caFile: String?

    public init(login: HTTPLogin? = nil, credentials: CredentialStore? = .user(),
                ask: (@Sendable (_ url: String, _ username: String?) -> HTTPLogin?)? = nil, caFile: String? = nil) {
        self.login = login
        self.credentials = credentials
        self.ask = ask
        self.caFile = caFile
    }
}

/// What one transfer's http side has done: the login offered, and why it failed.
struct HTTPTransferState {
    /// Calls for a user name and password in this connection; the second means the first was refused.
    var loginRequests = 0
    var offered: HTTPLogin?
    /// The offered login was asked for (not given or kept), so it is saved once it worked.
    var offeredWasAsked = false
    var failure: (any Error)?
    /// The CA file in effect, for naming it when the certificate is refused.
    var caFile: String?
}

extension TransferContext {
    /// Whether the remote is reached over http(s): only there is a user name and password Trove's to give
    /// (an ssh server that also takes passwords gets the key).
    var isHTTP: Bool { TLSSetup.needsTLS(url) || url.lowercased().hasPrefix("http://") }

    /// Answers libgit2's request for a user name and password: once per connection, since a server that
    /// asks again has refused it, and the same login cannot succeed the next time.
    func httpCredential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, username: String?) -> Int32 {
        http.loginRequests += 1
        guard http.loginRequests == 1 else {
            http.failure = http.offered.map { HTTPFailure.loginRefused(url: url, username: $0.username) } ?? HTTPFailure.loginNeeded(url: url)
            return GIT_EUSER.rawValue
        }
        var login = security.http.login
        if login == nil, let store = security.http.credentials {
            do { login = try store.login(for: url) } catch let error as CredentialStoreError {
                http.failure = HTTPFailure.credentialsUnreadable(file: error.file, reason: error.reason)
                return GIT_EUSER.rawValue
            } catch {
                http.failure = error
                return GIT_EUSER.rawValue
            }
        }
        if login == nil, let ask = security.http.ask {
            login = ask(url, username)
            http.offeredWasAsked = login != nil
        }
        guard let login else {
            http.failure = HTTPFailure.loginNeeded(url: url)
            return GIT_EUSER.rawValue
        }
        http.offered = login
        return git_credential_userpass_plaintext_new(out, login.username, login.password)
    }

    /// An X.509 certificate libgit2 found valid is accepted; one it refused is refused with libgit2's own
    /// reason (mbedTLS's verification flags), which `httpError` turns into words.
    func checkX509(valid: Bool) -> Int32 {
        valid ? 0 : GIT_PASSTHROUGH.rawValue
    }

    /// The http failure behind a failed transfer, if it was one.
    func httpError(from error: Error) -> Error? {
        if let failure = http.failure { return failure }
        guard let git = error as? GitError, isHTTP else { return nil }
        return HTTPFailure.classify(git, url: url, offered: http.offered, caFile: http.caFile)
    }

    /// Runs a transfer to an http(s) remote with the CA certificates it needs, and keeps a login that was
    /// asked for once it has worked. Other remotes just run.
    func withHTTPSetUp<T>(remoteCAFile: String?, _ body: () throws -> T) throws -> T {
        guard isHTTP else { return try body() }
        http.caFile = security.http.caFile ?? remoteCAFile
        let result = TLSSetup.needsTLS(url) ? try TLSSetup.with(caFile: http.caFile, body) : try body()
        if http.offeredWasAsked, let login = http.offered, let store = security.http.credentials {
            try? store.save(login, for: url)  // the transfer went through; failing to keep the login is no reason to fail it
        }
        return result
    }

    /// Lets libgit2 find a proxy the way git does (`http.proxy`, `https_proxy`, `no_proxy`).
    static func installProxy(_ options: inout git_proxy_options) {
        options.type = GIT_PROXY_AUTO
    }
}

extension Repository {
    /// The CA file a remote URL's certificates are checked against (`http.<url>.sslCAInfo`, as git reads it).
    public func caFile(forURL url: String) -> String? {
        guard let config = try? localConfig() else { return nil }
        return config.string("http.\(url).sslcainfo")
    }

    /// Sets or (with `nil`) removes the CA file for a remote URL.
    public func setCAFile(_ path: String?, forURL url: String) throws {
        let config = try localConfig()
        if let path { try config.set("http.\(url).sslCAInfo", path) } else { try config.remove("http.\(url).sslCAInfo") }
    }
}
