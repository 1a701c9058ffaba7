import Foundation
import Testing
import TroveInterchange
import ZIPFoundation

/// Exports that cannot be opened: each gets its own error naming the file or member.
struct DayOneErrorTests {
    static let validJournal = """
        {"metadata": {"version": "1.0"}, "entries": [
          {"uuid": "0123456789ABCDEF0123456789ABCDEF", "creationDate": "2024-01-01T00:00:00Z", "text": "Hello\\\\."}
        ]}
        """

    /// Writes a ZIP whose members have exactly the given names, unsafe ones included.
    static func makeZip(at path: String, members: [(name: String, bytes: [UInt8])],
                        compression: CompressionMethod = .none) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for member in members {
            let data = Data(member.bytes)
            try archive.addEntry(with: member.name, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: compression) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    @Test func readsAHandMadeZip() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = folder.path + "/ok.zip"
        try Self.makeZip(at: zip, members: [("Mine.json", Array(Self.validJournal.utf8))], compression: .deflate)
        let export = try DayOneExport.open(zip)
        #expect(export.journals.map(\.name) == ["Mine"])
        #expect(export.journals.first?.entries.first?.text == "Hello.")
    }

    @Test(arguments: ["../evil.json", "/etc/x", "photos/../../x.jpeg", "C:/Windows/x.json", "a\\..\\..\\x"])
    func refusesAMemberThatEscapesTheExport(member: String) throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = folder.path + "/slip.zip"
        try Self.makeZip(at: zip, members: [("Journal.json", Array(Self.validJournal.utf8)), (member, Array("{}".utf8))])
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(zip) }
        #expect(error == .unsafeMemberPath(archive: zip, member: member))
        #expect(error.description.contains("\"\(member)\" points outside the export"))
    }

    @Test func reportsRandomBytesAsNotAZip() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<4096).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let named = try folder.write(noise, to: "noise.zip")
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(named) }
        guard case .notAZipArchive(named, _) = error else { Issue.record("got \(error)"); return }
        // Without the .zip name, a ZIP signature at the start still marks it as one.
        let signed = try folder.write([0x50, 0x4B, 0x03, 0x04] + noise, to: "noise.bin")
        let signedError = try #require(throws: DayOneError.self) { try DayOneExport.open(signed) }
        guard case .notAZipArchive(signed, _) = signedError else { Issue.record("got \(signedError)"); return }
    }

    @Test func reportsADamagedMember() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let zip = folder.path + "/damaged.zip"
        let text = String(repeating: Self.validJournal + " ", count: 40)
        try Self.makeZip(at: zip, members: [("Journal.json", Array(text.utf8))], compression: .deflate)
        var bytes = try DayOneFixtures.bytes(at: zip)
        // The data starts after the 30-byte local header, the name and the extra field.
        let dataStart = 30 + Int(bytes[26]) + Int(bytes[27]) << 8 + Int(bytes[28]) + Int(bytes[29]) << 8
        for offset in (dataStart + 10)..<(dataStart + 40) { bytes[offset] ^= 0x5A }
        try folder.write(bytes, to: "damaged.zip")
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(zip) }
        guard case .unreadableMember(zip, "Journal.json", _) = error else { Issue.record("got \(error)"); return }
    }

    @Test func reportsAFolderWithoutJournal() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        try folder.write([0xFF, 0xD8], to: "photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")
        #expect(throws: DayOneError.noJournal(path: folder.path)) { try DayOneExport.open(folder.path) }

        let zip = folder.path + "/photos-only.zip"
        try Self.makeZip(at: zip, members: [("photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg", [0xFF, 0xD8])])
        #expect(throws: DayOneError.noJournal(path: zip)) { try DayOneExport.open(zip) }
    }

    @Test func reportsAJSONSyntaxErrorWithFileAndPosition() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let broken = "{\"metadata\": {},\n \"entries\": [,]}"
        let file = try folder.write(broken, to: "Broken.json")
        let error = try #require(throws: DayOneError.self) { try DayOneExport.open(folder.path) }
        guard case .invalidJSON(file, 2, 14, _) = error else { Issue.record("got \(error)"); return }
        #expect(error.description.hasPrefix("\(file): invalid JSON at line 2, column 14: "))

        let zip = folder.path + "/broken.zip"
        try Self.makeZip(at: zip, members: [("Export/Broken.json", Array(broken.utf8))])
        let zipError = try #require(throws: DayOneError.self) { try DayOneExport.open(zip) }
        guard case .invalidJSON("\(zip) (member Export/Broken.json)", 2, 14, _) = zipError else {
            Issue.record("got \(zipError)")
            return
        }
    }

    @Test func reportsJSONThatIsNotAJournal() throws {
        #expect(throws: DayOneError.notAJournal(file: "A.json", reason: "the top level must be an object, found array")) {
            try DayOneJournal(parsing: Array("[1, 2]".utf8), file: "A.json")
        }
        #expect(throws: DayOneError.notAJournal(file: "B.json", reason: "\"entries\" must be an array, found object")) {
            try DayOneJournal(parsing: Array("{\"entries\": {}}".utf8), file: "B.json")
        }
    }

    @Test func reportsAMissingPath() {
        #expect(throws: DayOneError.fileNotFound(path: "/nonexistent/export.zip")) {
            try DayOneExport.open("/nonexistent/export.zip")
        }
    }
}
