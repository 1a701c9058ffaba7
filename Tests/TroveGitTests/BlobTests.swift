import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Blobs: bytes in, the same bytes out, under the id git gives them.
@Suite struct BlobTests {
    init() { Git.isolateFromGlobalConfiguration() }

    static let samples: [[UInt8]] = [
        [],
        bytes("hello\n"),
        bytes("{\n  \"title\": \"Zoë 🐕\"\n}\n"),
        Array(0...255) + [0, 0, 0xFF],
        (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) },
    ]

    @Test("blobs read back byte for byte, including empty and binary ones")
    func roundTrip() throws {
        let scratch = try Scratch()
        for sample in Self.samples {
            let id = try scratch.repository.writeBlob(sample)
            #expect(try scratch.repository.blob(id) == sample)
            #expect(scratch.repository.contains(id))
        }
    }

    @Test("the empty blob has git's well-known id")
    func emptyBlob() throws {
        let scratch = try Scratch()
        #expect(try scratch.repository.writeBlob([]).hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(try Repository.blobID(of: []).hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
    }

    @Test("blobID(of:) equals the id writeBlob returns, without storing anything")
    func blobIDDoesNotStore() throws {
        let scratch = try Scratch()
        let content = bytes("not stored")
        let id = try Repository.blobID(of: content)
        #expect(!scratch.repository.contains(id))
        #expect(try scratch.repository.writeBlob(content) == id)
        #expect(scratch.repository.contains(id))
    }

    @Test("blobID(of:) equals git hash-object for text and binary content")
    func matchesGitHashObject() throws {
        let scratch = try Scratch()
        for (number, sample) in Self.samples.enumerated() {
            let file = try scratch.folder.write("sample\(number)", sample)
            let theirs = try scratch.git("hash-object", "--no-filters", file)
            #expect(try Repository.blobID(of: sample).hex + "\n" == theirs)
        }
    }

    @Test("git cat-file reads a blob TroveGit wrote")
    func gitReadsBlob() throws {
        let scratch = try Scratch()
        let id = try scratch.repository.writeBlob(bytes("line one\nline two\n"))
        #expect(try scratch.git("cat-file", "-p", id.hex) == "line one\nline two\n")
        #expect(try scratch.git("cat-file", "-t", id.hex) == "blob\n")
    }

    @Test("reading a missing blob throws not found")
    func missingBlob() throws {
        let scratch = try Scratch()
        let id = try Repository.blobID(of: bytes("never written"))
        let error = try #require(throws: GitError.self) { try scratch.repository.blob(id) }
        #expect(error.isNotFound)
    }

    @Test("object ids parse from 40 hex digits only, and print back the same")
    func objectIDs() throws {
        let hex = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
        let id = try #require(ObjectID(hex: hex))
        #expect(id.hex == hex)
        #expect(id.description == hex)
        #expect(id.short == "e69de29bb2")
        #expect(id.bytes.count == 20)
        #expect(!id.isZero)
        #expect(ObjectID(hex: String(repeating: "0", count: 40))?.isZero == true)
        #expect(ObjectID(hex: String(hex.dropLast())) == nil)
        #expect(ObjectID(hex: String(hex.dropLast()) + "g") == nil)
        #expect(ObjectID(hex: hex.uppercased())?.hex == hex)
        #expect(ObjectID(hex: "0" + String(hex.dropFirst()))! < id)
    }
}
