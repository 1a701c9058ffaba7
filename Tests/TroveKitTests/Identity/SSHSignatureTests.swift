import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

@Suite struct SSHSignatureTests {
    let message = Array("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor A <a@example.invalid> 1 +0000\n\nHello\n".utf8)

    @Test func signatureRoundTripsThroughItsArmourAndVerifies() throws {
        let key = SigningKey()
        let signature = try key.sign(message)
        let armoured = signature.armoured
        #expect(armoured.hasPrefix("-----BEGIN SSH SIGNATURE-----\n"))
        #expect(armoured.hasSuffix("\n-----END SSH SIGNATURE-----"))
        let body = armoured.split(separator: "\n").dropFirst().dropLast()
        #expect(body.dropLast().allSatisfy { $0.count == 70 } && body.last!.count <= 70)
        let read = try SSHSignature(armoured: armoured)
        #expect(read == signature)
        #expect(read.publicKey == key.publicKey)
        #expect(read.namespace == "git")
        #expect(read.isValid(for: message))
    }

    @Test func blobFollowsProtocolSSHSIG() throws {
        let key = SigningKey()
        let blob = try key.sign(message).blob
        #expect(Array(blob.prefix(6)) == Array("SSHSIG".utf8))
        #expect(Array(blob[6..<10]) == [0, 0, 0, 1])
        // string publickey = string "ssh-ed25519" + string 32 bytes: 4 + 11 + 4 + 32.
        #expect(Array(blob[10..<14]) == [0, 0, 0, 51])
        #expect(Array(blob[14..<65]) == key.publicKey.blob)
        var rest = Array(blob[65...])
        func string() -> [UInt8] {
            let count = Int(rest[0]) << 24 | Int(rest[1]) << 16 | Int(rest[2]) << 8 | Int(rest[3])
            defer { rest.removeFirst(4 + count) }
            return Array(rest[4..<4 + count])
        }
        #expect(string() == Array("git".utf8))
        #expect(string() == [])
        #expect(string() == Array("sha512".utf8))
        #expect(string().count == 4 + 11 + 4 + 64)
        #expect(rest.isEmpty)
    }

    @Test func tamperedMessageOrOtherKeyOrNamespaceFails() throws {
        let key = SigningKey()
        let signature = try key.sign(message)
        var tampered = message
        tampered[tampered.count - 2] ^= 1
        #expect(!signature.isValid(for: tampered))
        #expect(!signature.isValid(for: message, namespace: "file"))
        var forged = signature
        forged.publicKey = SigningKey().publicKey
        #expect(!forged.isValid(for: message))
        #expect(throws: KeyError.self) { try SSHSignature(armoured: "-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----") }
    }

    @Test func publicKeyLineRoundTrips() throws {
        let key = SigningKey().publicKey
        let line = key.line(comment: "trove:ada")
        #expect(line.hasPrefix("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"))
        #expect(line.hasSuffix(" trove:ada"))
        #expect(try SSHPublicKey(line: line) == key)
        #expect(key.fingerprint.hasPrefix("SHA256:") && key.fingerprint.count == 7 + 43)
    }

    /// OpenSSH itself, which git runs to verify, accepts the signature and rejects a tampered message.
    @Test func sshKeygenVerifiesTheSignature() throws {
        let folder = TemporaryFolder("trove-sshsig-test")
        let key = SigningKey()
        let signers = try folder.write("allowed", "ada namespaces=\"git\" \(key.publicKey.line())\n")
        let signature = try folder.write("message.sig", try key.sign(message).armoured + "\n")
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path]
        let arguments = ["ssh-keygen", "-Y", "verify", "-f", signers, "-I", "ada", "-n", "git", "-s", signature]
        let good = try ProcessRunner.run("/usr/bin/env", arguments, input: String(decoding: message, as: UTF8.self), environment: environment)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("Good \"git\" signature for ada"))
        let bad = try ProcessRunner.run("/usr/bin/env", arguments, input: "something else\n", environment: environment)
        #expect(bad.status != 0)
    }
}

@Suite struct KeyStoreTests {
    @Test func keyFileIsPrivateAndRefusesToBeReplaced() throws {
        let folder = TemporaryFolder("trove-keystore-test")
        let keys = KeyStore(folder: folder.child("keys"))
        let key = try keys.create(passphrase: nil)
        let file = try FileManager.default.attributesOfItem(atPath: keys.keyFile)
        let dir = try FileManager.default.attributesOfItem(atPath: keys.folder)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((dir[.posixPermissions] as? Int) == 0o700)
        #expect(try keys.publicKey() == key.publicKey)
        #expect(try keys.signingKey(passphrase: nil).publicKey == key.publicKey)
        #expect(throws: KeyError.keyExists(path: keys.keyFile)) { try keys.create(passphrase: nil) }
        #expect(try keys.publicKey() == key.publicKey)
        let replaced = try keys.create(passphrase: nil, force: true)
        #expect(try keys.publicKey() == replaced.publicKey)
        #expect(replaced.publicKey != key.publicKey)
        #expect(try FileManager.default.contentsOfDirectory(atPath: keys.folder) == ["signing-key.json"])
    }

    @Test func passphraseProtectedKeyNeedsTheRightPassphrase() throws {
        let folder = TemporaryFolder("trove-keystore-test")
        let keys = KeyStore(folder: folder.child("keys"))
        let key = try keys.create(passphrase: "correct horse")
        let text = try String(contentsOfFile: keys.keyFile, encoding: .utf8)
        #expect(text.contains("\"sealedPrivateKey\"") && !text.contains("\"privateKey\""))
        #expect(try keys.isEncrypted())
        #expect(try keys.publicKey() == key.publicKey)
        #expect(try keys.signingKey(passphrase: "correct horse").publicKey == key.publicKey)
        #expect(throws: KeyError.wrongPassphrase(path: keys.keyFile)) { try keys.signingKey(passphrase: "wrong") }
        #expect(throws: KeyError.passphraseNeeded(path: keys.keyFile)) { try keys.signingKey(passphrase: nil) }
        #expect(throws: KeyError.emptyPassphrase) { try keys.create(passphrase: "", force: true) }
    }

    @Test func storeCommitsAreSignedWithTheKeyAndUnsignedWithout() throws {
        let fixture = try KitFixture()
        let unsigned = try #require(try fixture.store.headCommitID())
        #expect(try CommitVerification.check(unsigned, in: fixture.store) == .unsigned)
        let folder = TemporaryFolder("trove-keystore-test")
        let keys = KeyStore(folder: folder.child("keys"))
        let key = try keys.create(passphrase: nil)
        fixture.store.commitSigner = KeySigner(keys: keys, passphrase: nil)
        let (_, result) = try fixture.store.transaction { try $0.put(["name": "Pixel"], type: "dog") }
        let commit = try #require(result.commit)
        #expect(try CommitVerification.check(commit, in: fixture.store) == .signed(by: key.publicKey))
        let signed = try #require(try fixture.store.commitSignature(of: commit))
        var tampered = signed
        tampered.signedText = signed.signedText.replacingOccurrences(of: "Pixel", with: "Pixie")
            .replacingOccurrences(of: "\n\n", with: "\n\nX")
        if case .invalid = CommitVerification.check(tampered) {} else { Issue.record("a tampered commit verified") }
    }

    @Test func lockedKeyRefusesTheCommit() throws {
        let fixture = try KitFixture()
        let folder = TemporaryFolder("trove-keystore-test")
        let keys = KeyStore(folder: folder.child("keys"))
        try keys.create(passphrase: "secret")
        let before = try fixture.head()
        fixture.store.commitSigner = KeySigner(keys: keys, passphrase: "wrong")
        #expect(throws: KeyError.wrongPassphrase(path: keys.keyFile)) {
            try fixture.store.transaction { try $0.put(["name": "Pixel"], type: "dog") }
        }
        #expect(try fixture.head() == before)
    }
}
