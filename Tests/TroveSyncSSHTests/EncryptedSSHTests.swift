import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// An encrypted hub reached over ssh: the same transport as a plain hub, carrying only age files.
@Suite("encrypted hub over ssh", .serialized)
struct EncryptedSSHTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a hub made over ssh, cloned over ssh with the recovery phrase: both devices' edits merge and converge")
    func twoDevicesOverSSH() throws {
        let folder = TemporaryFolder("trove-ssh-encrypted")
        let server = try SSHServer()
        let security = TransferSecurity(identityFile: server.clientKey, knownHostsFile: server.knownHostsFile, interactive: false)
        _ = try Repository.create(at: folder.child("hub.git"), bare: true)
        let url = server.url(folder.child("hub.git"))

        let a = try Store.create(at: folder.child("a"))
        guard case .created(let phrase) = try a.addEncryptedRemote(name: "nas", url: url, security: security) else {
            Issue.record("a new encrypted hub was expected")
            return
        }
        let pixel = try a.transaction { try $0.put(dog("Pixel"), type: "dog") }.value
        _ = try a.sync(security: security)

        let b = try Store.clone(from: url, to: folder.child("b"), security: security, recoveryPhrase: phrase)
        #expect(try b.record(id: pixel.id)?.value["name"] == .string("Pixel"))
        _ = try a.transaction { try $0.put(dog("From A"), type: "dog") }
        _ = try b.transaction { try $0.put(dog("From B"), type: "dog") }
        #expect(try a.sync(security: security).first?.sent == 1)
        let merged = try b.sync(security: security)
        #expect(merged.first?.received == 1)
        #expect(merged.first?.sent == 2, "B's own commit and the merge")
        #expect(try a.sync(security: security).first?.received == 2)
        #expect(try a.headCommitID() == b.headCommitID())
        #expect(try headTree(a.path) == headTree(b.path))
        // The hub's only branch is the encrypted one; the plain store's branch never went there.
        let hub = try Repository(openingAt: folder.child("hub.git"))
        #expect(try hub.references(matching: "refs/heads/*").map(\.name) == ["refs/heads/trove-encrypted"])
        #expect(server.log.contains("Accepted publickey for \(server.user)"))
    }
}
