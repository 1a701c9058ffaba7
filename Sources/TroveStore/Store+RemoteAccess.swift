import Foundation
import TroveGit

extension Store {
    /// Adds an https remote whose server has its own certificate authority: its certificates are checked
    /// against the CA certificates in `caFile` (an absolute path), kept in the store's git config as git
    /// keeps it (`http.<url>.sslCAInfo`), so plain git trusts the same server.
    public func addRemote(name: String, url: String, create: Bool = false, caFile: String) throws {
        try addRemote(name: name, url: url, create: create)
        do { try repository.setCAFile(caFile, forURL: Self.location(of: url).url) } catch {
            try? repository.removeRemote(name: name)
            throw error
        }
    }

    /// The URL of the remote `name`.
    public func remoteURL(_ name: String) throws -> String {
        guard let remote = try repository.remotes().first(where: { $0.name == name }) else { throw StoreError.unknownRemote(name) }
        return remote.url
    }

    /// The CA file the remote's certificates are checked against, when it has its own.
    public func caFile(ofRemote name: String) throws -> String? {
        repository.caFile(forURL: try remoteURL(name))
    }

    /// Checks the remote `name` end to end (reach, log in, read, may write) without changing anything.
    public func testRemote(name: String, security: TransferSecurity = TransferSecurity()) throws -> RemoteTestReport {
        _ = try remoteURL(name)
        return try repository.testRemote(name, security: security)
    }

    /// Forgets the settings kept for a remote's URL (its CA file) unless another remote uses the same URL.
    func forgetRemoteSettings(name: String) throws {
        let remotes = try repository.remotes()
        guard let url = remotes.first(where: { $0.name == name })?.url,
              !remotes.contains(where: { $0.name != name && $0.url == url }) else { return }
        try repository.setCAFile(nil, forURL: url)
    }
}
