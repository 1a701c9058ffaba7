import Foundation
import Testing
import TroveTestSupport
@testable import TroveAge

/// Against Debian's `age` and `age-keygen`: the same keys, and files each side writes that the other opens.
@Suite("age v1 against Debian's age")
struct AgeInteropTests {
    let folder = TemporaryFolder("trove-age")

    func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/" + program, arguments, input: input, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test("an identity from age-keygen reads here, with the recipient age-keygen -y gives")
    func keygenKeys() throws {
        let keyFile = folder.child("key.txt")
        try #require(run("age-keygen", ["-o", keyFile]).status == 0)
        let identities = try AgeIdentity.parseFile(String(contentsOfFile: keyFile, encoding: .utf8))
        #expect(identities.count == 1)
        let recipient = try run("age-keygen", ["-y", keyFile]).trimmed
        #expect(identities[0].recipient.text == recipient)
        #expect(try AgeRecipient(text: recipient) == identities[0].recipient)
        #expect(try AgeIdentity(text: identities[0].text) == identities[0])
    }

    @Test("files age writes open here, and files written here open with age, across chunk boundaries")
    func bothWays() throws {
        let identity = AgeIdentity()
        let keyFile = try folder.write("identity.txt", identity.text + "\n")
        for size in [0, 100, 65_536, 140_000] {
            let plain = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            let plainFile = try folder.write("plain-\(size)", plain)
            let theirs = folder.child("theirs-\(size).age")
            try #require(run("age", ["-r", identity.recipient.text, "-o", theirs, plainFile]).status == 0)
            #expect(try AgeFile.decrypt([UInt8](Data(contentsOf: URL(fileURLWithPath: theirs))), with: [.x25519(identity)]) == plain)

            let ours = try folder.write("ours-\(size).age", try AgeFile.encrypt(plain, to: [.x25519(AgeIdentity().recipient), .x25519(identity.recipient)]))
            let out = folder.child("out-\(size)")
            let opened = try run("age", ["-d", "-i", keyFile, "-o", out, ours])
            #expect(opened.status == 0, "\(opened.stderr)")
            // age creates its output file on the first byte written: none for an empty file.
            #expect([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()) == plain)
        }
    }

    @Test("a changed header, a changed chunk and a file cut at a chunk boundary each fail in their own words")
    func tampering() throws {
        let identity = AgeIdentity()
        let plain = [UInt8](repeating: 42, count: 3 * 65_536)
        let file = try AgeFile.encrypt(plain, to: [.x25519(identity.recipient)])
        let headerEnd = try AgeHeader.parse(file).payloadStart
        var header = file
        header[headerEnd - 10] = header[headerEnd - 10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: AgeError.self) { try AgeFile.decrypt(header, with: [.x25519(identity)]) }
        var chunk = file
        chunk[headerEnd + 16 + 70_000] ^= 1
        #expect(throws: AgeError.payloadDamaged(chunk: 1)) { try AgeFile.decrypt(chunk, with: [.x25519(identity)]) }
        let cut = Array(file.prefix(headerEnd + 16 + 2 * (65_536 + 16)))
        #expect(throws: AgeError.payloadTruncated) { try AgeFile.decrypt(cut, with: [.x25519(identity)]) }
    }

    @Test("a passphrase file opens with its passphrase only, and may not be mixed with other recipients")
    func passphrase() throws {
        let file = try AgeFile.encrypt(Array("secret".utf8), to: [.passphrase("correct horse", logN: 10)])
        #expect(try AgeFile.decrypt(file, with: [.passphrase("correct horse")]) == Array("secret".utf8))
        #expect(throws: AgeError.noMatchingIdentity) { try AgeFile.decrypt(file, with: [.passphrase("wrong")]) }
        #expect(throws: AgeError.self) { try AgeFile.encrypt([1], to: [.passphrase("x", logN: 10), .x25519(AgeIdentity().recipient)]) }
    }
}
