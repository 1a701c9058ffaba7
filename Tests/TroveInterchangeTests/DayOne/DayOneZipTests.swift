import Foundation
import Testing
import TroveInterchange
import ZIPFoundation

/// The fixture export zipped by the test, as users download it from Day One.
@Suite(.enabled(if: DayOneFixtures.isAvailable, "needs ../shared/fixtures beside the package"))
struct DayOneZipTests {
    /// Zips the fixture folder into a temporary folder; `keepingFolder` puts it under
    /// `dev-journal/` inside the ZIP, as zipping a folder by hand does.
    static func zipFixture(in folder: DayOneTemporaryFolder, keepingFolder: Bool,
                           compression: CompressionMethod = .deflate) throws -> String {
        let zip = folder.path + "/export.zip"
        try FileManager.default.zipItem(
            at: URL(fileURLWithPath: DayOneFixtures.devJournal), to: URL(fileURLWithPath: zip),
            shouldKeepParent: keepingFolder, compressionMethod: compression)
        return zip
    }

    @Test(arguments: [false, true])
    func yieldsTheSameJournalsAsTheFolder(keepingFolder: Bool) throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.zipFixture(in: folder, keepingFolder: keepingFolder)
        let zipped = try DayOneExport.open(zip)
        let unzipped = try DayOneExport.open(DayOneFixtures.devJournal)
        #expect(zipped.journals == unzipped.journals)
        #expect(zipped.journals.map(\.name) == ["Dev Journal", "Dev Journal One Invalid"])
        #expect(zipped.journals.first?.entries.count == 5)
        #expect(zipped.problems.count == 1)
    }

    @Test func readsMediaBytesFromTheZip() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let export = try DayOneExport.open(try Self.zipFixture(in: folder, keepingFolder: true))
        let media = export.journals[0].entries.flatMap(\.media)
        let photo = try #require(media.first { $0.md5 == "6b73e9bd86a91d3a7ead09268b0fb266" })
        #expect(try export.bytes(of: photo)
            == (try DayOneFixtures.bytes(at: DayOneFixtures.devJournal + "/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg")))
        let audio = try #require(media.first { $0.kind == .audio })
        #expect(try export.bytes(of: audio)
            == (try DayOneFixtures.bytes(at: DayOneFixtures.devJournal + "/audios/f35f41739499e70c6b2714e3a7d82d8c.m4a")))
        let missing = try #require(media.first { $0.md5 == "842e6f3bf38e93981004c637e8b03967" })
        #expect(try export.bytes(of: missing) == nil)
    }

    @Test func refusesAMemberLargerThanTheLimit() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.zipFixture(in: folder, keepingFolder: false, compression: .none)
        let limits = DayOneZipLimits(maximumMemberSize: 1_000_000, maximumTotalSize: .max)
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(zip, limits: limits) }
        guard case .memberTooLarge(let archive, let member, let size, let limit) = error else {
            Issue.record("expected memberTooLarge, got \(error)")
            return
        }
        #expect(archive == zip)
        #expect(["photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg", "photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg",
                 "videos/d500d6789ff2c211af3f507b17be8e66.mp4"].contains(member))
        #expect(size > limit)
        #expect(error.description.contains(member))
    }

    @Test func refusesATotalLargerThanTheLimit() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.zipFixture(in: folder, keepingFolder: false, compression: .none)
        let limits = DayOneZipLimits(maximumMemberSize: 1 << 30, maximumTotalSize: 3_000_000)
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(zip, limits: limits) }
        guard case .archiveTooLarge(zip, let total, 3_000_000) = error else {
            Issue.record("expected archiveTooLarge, got \(error)")
            return
        }
        #expect(total > 3_000_000)
    }

    @Test func refusesTooManyMembers() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.zipFixture(in: folder, keepingFolder: false, compression: .none)
        let limits = DayOneZipLimits(maximumMemberSize: 1 << 30, maximumTotalSize: 1 << 34, maximumMemberCount: 3)
        #expect(throws: DayOneError.tooManyMembers(archive: zip, limit: 3)) {
            try DayOneExport.open(zip, limits: limits)
        }
    }

    @Test func reportsATruncatedZipByName() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.zipFixture(in: folder, keepingFolder: false)
        let whole = try DayOneFixtures.bytes(at: zip)
        let truncated = try folder.write(Array(whole.prefix(whole.count / 2)), to: "truncated.zip")
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(truncated) }
        guard case .notAZipArchive(truncated, _) = error else {
            Issue.record("expected notAZipArchive, got \(error)")
            return
        }
        #expect(error.description.hasPrefix(truncated + ": not a valid ZIP archive"))
    }

    /// The zip with one byte of a stored member flipped: its size and directory are right, only its data is not.
    static func damaging(_ member: String, in zip: String, folder: DayOneTemporaryFolder) throws -> String {
        var bytes = try DayOneFixtures.bytes(at: zip)
        let original = try DayOneFixtures.bytes(at: DayOneFixtures.devJournal + "/" + member)
        // The whole content: two journals may begin alike.
        let start = try #require(bytes.indices.first {
            bytes[$0] == original[0] && $0 + original.count <= bytes.count && bytes[$0..<($0 + original.count)].elementsEqual(original)
        }, "the member's bytes are stored as they are")
        bytes[start + original.count / 2] ^= 0x5A
        return try folder.write(bytes, to: "damaged.zip")
    }

    /// Issue 26: ZIPFoundation's extract-to-closure computes the CRC-32 but leaves the comparison to the caller.
    @Test func refusesAMediaMemberWhoseChecksumDoesNotMatch() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let member = "photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"
        let zip = try Self.damaging(member, in: try Self.zipFixture(in: folder, keepingFolder: false, compression: .none), folder: folder)
        let export = try DayOneExport.open(zip)
        let photo = try #require(export.journals[0].entries.flatMap(\.media).first { $0.md5 == "6b73e9bd86a91d3a7ead09268b0fb266" })
        let error = try #require(throws: DayOneError.self) { try export.bytes(of: photo) }
        #expect(error == .unreadableMember(archive: zip, member: member,
                                           reason: "its checksum (CRC-32) does not match its data, so the archive is damaged"))
        #expect(error.description.contains("member \"\(member)\""))
        // The other members still read.
        let audio = try #require(export.journals[0].entries.flatMap(\.media).first { $0.kind == .audio })
        #expect(try export.bytes(of: audio) != nil)
    }

    /// Held whole, or unpacked to a scratch file and read an entry at a time (issue 25).
    @Test(arguments: [true, false])
    func refusesAJournalMemberWhoseChecksumDoesNotMatch(holdingEntries: Bool) throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = try Self.damaging("Dev Journal.json", in: try Self.zipFixture(in: folder, keepingFolder: false, compression: .none), folder: folder)
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(zip, holdingEntries: holdingEntries) }
        guard case .unreadableMember(zip, "Dev Journal.json", let reason) = error else {
            Issue.record("expected unreadableMember for the journal, got \(error)")
            return
        }
        #expect(reason.contains("checksum"))
    }
}
