import Foundation
import Testing
import TroveTestSupport

/// `trove key`: the signing key, and the signed commits plain git verifies.
@Suite struct KeyCommandTests {
    let fixture: CLIFixture

    init() throws { fixture = try CLIFixture() }

    var keyFile: String { fixture.cli.home + "/data/trove/keys/signing-key.json" }

    /// Runs git with SSH signatures turned on and `signers` as the allowed-signers file.
    func gitVerifying(_ signers: String, _ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run(
            "/usr/bin/env", ["git", "-c", "gpg.format=ssh", "-c", "gpg.ssh.allowedSignersFile=\(signers)"] + arguments,
            in: fixture.store, environment: fixture.cli.environment)
    }

    /// Writes an allowed-signers file for the fixture's key and returns its path.
    func allowedSigners() throws -> String {
        let file = fixture.folder.child("allowed_signers")
        let written = try fixture.trove("key", "allowed-signers", file)
        #expect(written.status == 0, "\(written.stderr)")
        return file
    }

    @Test("key init writes a 0600 key outside the store and will not overwrite it")
    func initMakesAPrivateKey() throws {
        let made = try fixture.trove("key", "init")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains(keyFile))
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (keyFile as NSString).deletingLastPathComponent)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(!keyFile.hasPrefix(fixture.store + "/"))
        #expect(try fixture.git("status", "--porcelain", "--ignored").stdout.isEmpty)

        let shown = try fixture.trove("key", "show").trimmed
        #expect(shown.wholeMatch(of: #/ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+\/=]+ trove:store/#) != nil, "\(shown)")
        #expect(made.stdout.contains(shown))

        let again = try fixture.trove("key", "init")
        #expect(again.status == 1 && again.stderr.contains("already exists") && again.stderr.contains("--force"))
        #expect(try fixture.trove("key", "show").trimmed == shown)
        #expect(try fixture.trove("key", "init", "--force").status == 0)
        #expect(try fixture.trove("key", "show").trimmed != shown)
    }

    @Test("with a key, commits are signed and plain git verifies them")
    func plainGitVerifiesSignedCommits() throws {
        try #require(fixture.trove("key", "init").status == 0)
        let signers = try allowedSigners()
        let line = try String(contentsOfFile: signers, encoding: .utf8)
        #expect(line.wholeMatch(of: #/trove:store namespaces="git" ssh-ed25519 AAAA[A-Za-z0-9+\/=]+\n/#) != nil, "\(line)")
        try fixture.put("dog", #"{"name": "Pixel"}"#)

        let log = try gitVerifying(signers, "log", "--show-signature", "-1")
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.contains("Good \"git\" signature for trove:store with ED25519 key SHA256:"), "\(log.stdout)")
        let verify = try gitVerifying(signers, "verify-commit", "HEAD")
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(try fixture.git("cat-file", "commit", "HEAD").stdout.contains("gpgsig -----BEGIN SSH SIGNATURE-----\n "))
        // Signed by Trove: G; the store's first commit, made before the key: N.
        #expect(try gitVerifying(signers, "log", "--format=%G?", "-2").stdout == "G\nN\n")
        try fixture.expectFsck()
        try fixture.expectClean()
    }

    @Test("a commit signed by another key is not verified")
    func otherKeyIsNotTrusted() throws {
        try #require(fixture.trove("key", "init").status == 0)
        let signers = try allowedSigners()
        // Someone else, with their own XDG folders, commits to the same store.
        let other = TroveCLI(home: fixture.folder.child("other-home"), store: fixture.store)
        try #require(other.run("key", "init").status == 0)
        try #require(other.run("record", "put", "dog", "--json", #"{"name": "Rex"}"#).status == 0)

        let verify = try gitVerifying(signers, "verify-commit", "HEAD")
        #expect(verify.status != 0)
        #expect(!verify.stderr.contains("Good \"git\" signature for trove:store"), "\(verify.stderr)")
        // git 2.39 says the signature is good as a signature, but of no key the file allows.
        #expect(verify.stderr.contains("No principal matched"), "\(verify.stderr)")
        #expect(try gitVerifying(signers, "log", "--format=%G?", "-1").stdout != "G\n")
        // Their own commit before verifies, the other's does not.
        try fixture.put("dog", #"{"name": "Pixel"}"#)
        #expect(try gitVerifying(signers, "verify-commit", "HEAD").status == 0)
        #expect(try gitVerifying(signers, "verify-commit", "HEAD~1").status != 0)
    }

    @Test("without a key, commits are unsigned exactly as before")
    func noKeyNoSignature() throws {
        try fixture.put("dog", #"{"name": "Pixel"}"#)
        #expect(!(try fixture.git("cat-file", "commit", "HEAD").stdout.contains("gpgsig")))
        #expect(try fixture.git("-c", "gpg.format=ssh", "log", "--format=%G?").stdout.split(separator: "\n").allSatisfy { $0 == "N" })
        #expect(!FileManager.default.fileExists(atPath: keyFile))
        let shown = try fixture.trove("key", "show")
        #expect(shown.status == 1 && shown.stderr.contains("trove key init"))
    }

    @Test("a passphrase-protected key signs with TROVE_KEY_PASSPHRASE and refuses to commit without it")
    func passphraseProtectedKey() throws {
        let made = try fixture.trove("key", "init", "--passphrase-stdin", input: "a long passphrase\n")
        try #require(made.status == 0, "\(made.stderr)")
        #expect(!(try String(contentsOfFile: keyFile, encoding: .utf8)).contains("\"privateKey\""))
        #expect(try fixture.trove("key", "show").status == 0)
        let signers = try allowedSigners()
        let before = try fixture.gitLog()

        let locked = try fixture.trove("record", "put", "dog", "--json", #"{"name": "Pixel"}"#)
        #expect(locked.status == 1 && locked.stderr.contains("TROVE_KEY_PASSPHRASE") && locked.stderr.contains("nothing was committed"),
                "\(locked.stderr)")
        #expect(try fixture.gitLog() == before)

        fixture.cli.extraEnvironment["TROVE_KEY_PASSPHRASE"] = "the wrong one"
        let wrong = try fixture.trove("record", "put", "dog", "--json", #"{"name": "Pixel"}"#)
        #expect(wrong.status == 1 && wrong.stderr.contains("does not unlock"), "\(wrong.stderr)")
        #expect(try fixture.gitLog() == before)
        try fixture.expectClean()

        fixture.cli.extraEnvironment["TROVE_KEY_PASSPHRASE"] = "a long passphrase"
        try fixture.put("dog", #"{"name": "Pixel"}"#)
        #expect(try fixture.commitCount() == 2)
        let verify = try gitVerifying(signers, "verify-commit", "HEAD")
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("key init puts the public key in the signed-in user's profile, in a signed commit")
    func publicKeyInProfile() throws {
        let password = "correct horse battery\n"
        try #require(fixture.trove("account", "create", "ada", "--email", "ada@example.com", "--password-stdin", input: password).status == 0)
        try #require(fixture.trove("login", "ada@example.com", "--password-stdin", input: password).status == 0)
        let made = try fixture.trove("key", "init")
        try #require(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("profile of ada"))
        let shown = try fixture.trove("key", "show").trimmed
        #expect(shown.hasSuffix(" trove:ada"))
        let profiles = try fixture.list("profile")
        #expect(profiles.count == 1)
        let stored = profiles.first?["publicKey"] as? String
        #expect(stored != nil && shown.hasPrefix(stored! + " "))
        let signers = try allowedSigners()
        #expect(try gitVerifying(signers, "verify-commit", "HEAD").status == 0)
    }
}
