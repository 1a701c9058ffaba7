import CGit2
import Foundation

/// Why an https remote could not be used, in words a person can act on.
///
/// These say what happened, not which command to run: the command line adds its own hints.
public enum HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server wants a user name and password, and none was given, kept or could be asked for.
    case loginNeeded(url: String)
    /// The server refused the user name and password offered (HTTP 401 again).
    case loginRefused(url: String, username: String)
    /// The server wants a kind of login other than a user name and password (NTLM alone, a client certificate).
    case unsupportedLogin(url: String)
    /// HTTP 403: the server knows who asks, or lets nobody in, but not into this repository.
    case forbidden(url: String, username: String?)
    /// HTTP 404: no repository at that URL (or one the login may not see).
    case notFound(url: String)
    /// Another HTTP status than the git protocol expects.
    case unexpectedStatus(url: String, status: Int)
    /// The answer was not git's: a web page, usually a sign-in page that a redirect led to.
    case notGit(url: String, contentType: String?)
    /// The server's certificate is not signed by a CA this computer (or the remote's CA file) trusts.
    case untrustedCertificate(host: String, caFile: String?)
    /// The server's certificate has expired (or is not valid yet: `notYetValid`).
    case expiredCertificate(host: String, notYetValid: Bool)
    /// The certificate is for another name than the host in the URL.
    case certificateNameMismatch(host: String)
    /// The certificate was refused for another reason (mbedTLS's words).
    case invalidCertificate(host: String, reason: String)
    /// The remote's CA file cannot be used.
    case unreadableCAFile(path: String, reason: String)
    /// The proxy (from `https_proxy` or `http.proxy`) refused to open the connection.
    case proxyRefused(proxy: String, host: String, status: Int)
    /// Nothing answers at the proxy's address.
    case proxyUnreachable(proxy: String, reason: String)
    /// The server went away in the middle of the transfer.
    case connectionLost(url: String, reason: String)
    /// The kept logins could not be read.
    case credentialsUnreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .loginNeeded(let url):
            return "\(Self.site(url)) asks for a user name and password (or access token), and none is kept for \(url)"
        case .loginRefused(let url, let username):
            return "\(Self.site(url)) refused the password or token for '\(username)' (HTTP 401): it is wrong, expired "
                + "or revoked, or the user name is not the one the server knows"
        case .unsupportedLogin(let url):
            return "\(Self.site(url)) asks for a kind of login Trove does not offer (Trove logs in with a user name and a password or token)"
        case .forbidden(let url, let username):
            return "\(Self.site(url)) does not let \(username.map { "'\($0)'" } ?? "you") at \(url) (HTTP 403): "
                + "ask its owner for access, or check that the token is allowed to read and write repositories"
        case .notFound(let url):
            return "there is no repository at \(url) (HTTP 404): check the URL (hosts also answer 404 for a private "
                + "repository the login may not see)"
        case .unexpectedStatus(let url, let status):
            return "\(Self.site(url)) answered HTTP \(status) instead of a git repository at \(url)"
        case .notGit(let url, let contentType):
            return "\(Self.site(url)) answered with a web page\(contentType.map { " (\($0))" } ?? "") instead of a git "
                + "repository: it probably redirected to a sign-in page, which means it wants a login or a token, or the "
                + "URL is a page's address rather than the repository's git address (usually ending in .git)"
        case .untrustedCertificate(let host, let caFile):
            if let caFile {
                return "the certificate of \(host) is not signed by the CA in \(caFile): nothing was sent. "
                    + "Check that the file holds the CA certificate of this server"
            }
            return "the certificate of \(host) is not signed by a certificate authority this computer trusts: nothing was "
                + "sent. If the server has its own CA (a self-hosted server), give its CA certificate file; if not, "
                + "someone may be intercepting the connection"
        case .expiredCertificate(let host, let notYetValid):
            if notYetValid {
                return "the certificate of \(host) is not valid yet: check this computer's clock; nothing was sent"
            }
            return "the certificate of \(host) has expired: the server's administrator must renew it; nothing was sent"
        case .certificateNameMismatch(let host):
            return "the certificate of \(host) was made for another name: use the host name the certificate names, "
                + "or someone may be intercepting the connection; nothing was sent"
        case .invalidCertificate(let host, let reason):
            return "the certificate of \(host) was refused: \(reason); nothing was sent"
        case .unreadableCAFile(let path, let reason):
            return "cannot use the CA certificate file \(path): \(reason)"
        case .proxyRefused(let proxy, let host, let status):
            return "the proxy \(proxy) refused to connect to \(host) (HTTP \(status)): check https_proxy and no_proxy, "
                + "or ask the proxy's administrator to allow \(host)"
        case .proxyUnreachable(let proxy, let reason):
            return "cannot reach the proxy \(proxy) (\(reason)): check https_proxy and no_proxy"
        case .connectionLost(let url, let reason):
            return "the connection to \(Self.site(url)) broke off during the transfer (\(reason)): the store is as it was "
                + "before this transfer; sync again once the server answers, and what did not get through goes then"
        case .credentialsUnreadable(let file, let reason):
            return "cannot read the kept logins in \(file): \(reason)"
        }
    }

    /// `host` or `host:port` of an URL, as people name a server.
    static func site(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        return components.port.map { "\(host):\($0)" } ?? host
    }

    /// The failure a libgit2 error on an http(s) transfer stands for, if it is one of these.
    ///
    /// libgit2 1.5 reports most http failures as a plain -1 with a sentence, so the sentence is what is read.
    static func classify(_ error: GitError, url: String, offered: HTTPLogin?, caFile: String?) -> HTTPFailure? {
        let message = error.message
        let host = URLComponents(string: url)?.host ?? url
        if let flags = certificateFlags(message) ?? (error.code == GIT_ECERTIFICATE.rawValue ? 0 : nil) {
            return certificateFailure(flags: flags, host: host, caFile: caFile, message: message)
        }
        if let status = number(after: "unexpected http status code: ", in: message) {
            switch status {
            case 401: return offered.map { .loginRefused(url: url, username: $0.username) } ?? .loginNeeded(url: url)
            case 403: return .forbidden(url: url, username: offered?.username)
            case 404: return .notFound(url: url)
            default: return .unexpectedStatus(url: url, status: status)
            }
        }
        if message.hasPrefix("unexpected authentication failure") {
            return offered.map { .loginRefused(url: url, username: $0.username) } ?? .loginNeeded(url: url)
        }
        if message.hasPrefix("server requires authentication that we do not support")
            || message.hasPrefix("proxy requires authentication that we do not support") {
            return .unsupportedLogin(url: url)
        }
        if message.hasPrefix("invalid content-type: ") {
            let type = message.dropFirst("invalid content-type: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return .notGit(url: url, contentType: type.isEmpty ? nil : type)
        }
        if message.hasPrefix("no content-type header in response") || message.hasPrefix("unexpected redirect")
            || message.hasPrefix("too many redirects") {
            return .notGit(url: url, contentType: nil)
        }
        if let status = number(after: "proxy returned unexpected status: ", in: message) {
            return .proxyRefused(proxy: ProxySetting.proxy(for: url) ?? "the proxy", host: site(url), status: status)
        }
        if let proxy = ProxySetting.proxy(for: url), let proxyHost = URLComponents(string: proxy)?.host,
           message.hasPrefix("failed to connect to \(proxyHost)") || message.hasPrefix("failed to resolve address for \(proxyHost)") {
            let reason = message.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? message
            return .proxyUnreachable(proxy: proxy, reason: reason)
        }
        if message.hasPrefix("unexpected EOF") || message.contains("Connection reset by peer") || message.contains("Broken pipe")
            || message.contains("connection is going to be closed") {
            return .connectionLost(url: url, reason: message)
        }
        return nil
    }

    /// mbedTLS's verification flags from libgit2's "the SSL certificate is invalid: 0x08 - …".
    private static func certificateFlags(_ message: String) -> Int? {
        guard let range = message.range(of: "the SSL certificate is invalid: 0x") else { return nil }
        let hex = message[range.upperBound...].prefix { $0.isHexDigit }
        return Int(hex, radix: 16)
    }

    private static func certificateFailure(flags: Int, host: String, caFile: String?, message: String) -> HTTPFailure {
        // mbedTLS 2.28's MBEDTLS_X509_BADCERT_* bits.
        let expired = 0x01, nameMismatch = 0x04, notTrusted = 0x08, future = 0x0200
        if flags & notTrusted != 0 { return .untrustedCertificate(host: host, caFile: caFile) }
        if flags & expired != 0 { return .expiredCertificate(host: host, notYetValid: false) }
        if flags & future != 0 { return .expiredCertificate(host: host, notYetValid: true) }
        if flags & nameMismatch != 0 { return .certificateNameMismatch(host: host) }
        let reason = message.range(of: " - ").map { String(message[$0.upperBound...]) } ?? message
        return .invalidCertificate(host: host, reason: reason.isEmpty ? message : reason)
    }

    private static func number(after prefix: String, in message: String) -> Int? {
        guard message.hasPrefix(prefix) else { return nil }
        return Int(message.dropFirst(prefix.count).prefix { $0.isNumber })
    }
}

/// The proxy libgit2 goes through for an URL, as it finds it in the environment (for naming it in messages).
enum ProxySetting {
    static func proxy(for url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http" else { return nil }
        let names = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy", "HTTP_PROXY"]
        guard let proxy = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let host = components.host?.lowercased() ?? ""
        let exclusions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        for exclusion in exclusions {
            if exclusion == "*" { return nil }
            let bare = exclusion.hasPrefix(".") ? String(exclusion.dropFirst()) : exclusion
            if host == bare || host.hasSuffix("." + bare) { return nil }
        }
        return proxy
    }
}
