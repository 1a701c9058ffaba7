import Foundation
import Testing
import TroveStore
import TroveTestSupport

@Suite("Media")
struct MediaTests {
    @Test("JPEG, PNG, GIF, WebP and HEIC are recognised by their magic bytes and stored by SHA-256")
    func imagesStored() throws {
        let fixture = try StoreFixture()
        let images: [(bytes: [UInt8], ext: String)] = [
            (try Images.jpeg(), "jpg"), (Images.png, "png"), (Images.gif, "gif"), (Images.webp, "webp"), (Images.heic, "heic"),
        ]
        let references = try fixture.store.transaction { transaction in
            try images.map { try transaction.addMedia($0.bytes, source: "photo.\($0.ext)") }
        }.value
        #expect(try fixture.commitCount() == 2)
        for ((bytes, ext), reference) in zip(images, references) {
            let digest = try sha256Hex(bytes, in: fixture.folder)
            #expect(reference.sha256 == digest)
            #expect(reference.kind.rawValue == ext)
            let path = "media/\(digest.prefix(2))/\(digest).\(ext)"
            #expect(reference.path == path)
            #expect(fixture.checkedOut(path) == bytes, "\(path) is not checked out with its bytes")
            #expect(try fixture.store.media(sha256: digest) == bytes)
        }
        #expect(try fixture.store.handEdits().isEmpty)
        #expect(try fixture.store.check().isEmpty)
    }

    @Test("every photo of the Day One fixtures is stored as a JPEG exactly when it starts with FF D8 FF")
    func dayOnePhotos() throws {
        let fixture = try StoreFixture()
        let folder = Images.fixtures + "/photos"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpeg") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try Images.fixture("photos/" + name)
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                let reference = try fixture.store.transaction { try $0.addMedia(bytes, source: name) }.value
                #expect(reference.kind == .jpeg)
                #expect(reference.sha256 == (try sha256Hex(bytes, in: fixture.folder)))
                #expect(fixture.checkedOut(reference.path) == bytes)
            } else {
                #expect(throws: StoreError.notAnImage(source: name)) {
                    try fixture.store.transaction { _ = try $0.addMedia(bytes, source: name) }
                }
            }
        }
        #expect(try fixture.store.check().isEmpty)
    }

    @Test("the kind comes from the bytes, not the name the file was given")
    func kindFromBytes() throws {
        let fixture = try StoreFixture()
        let reference = try fixture.store.transaction { try $0.addMedia(Images.png, source: "holiday.jpeg") }.value
        #expect(reference.kind == .png)
        #expect(reference.path.hasSuffix(".png"))
    }

    @Test("the same image added twice, in one transaction or two, is stored once")
    func storedOnce() throws {
        let fixture = try StoreFixture()
        let jpeg = try Images.jpeg()
        let (pair, first) = try fixture.store.transaction { transaction in
            (try transaction.addMedia(jpeg, source: "a.jpeg"), try transaction.addMedia(jpeg, source: "copy of a.jpeg"))
        }
        #expect(pair.0 == pair.1)
        #expect(first.commit != nil)
        let second = try fixture.store.transaction { try $0.addMedia(jpeg, source: "again.jpeg") }
        #expect(second.value == pair.0)
        #expect(second.result.commit == nil, "adding a stored image again must not commit")
        #expect(try fixture.commitCount() == 2)
        let folder = fixture.path + "/media/" + pair.0.sha256.prefix(2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [pair.0.sha256 + ".jpg"])
        let tree = try fixture.git("ls-tree", "-r", "--name-only", "HEAD", "media")
        #expect(tree.stdout == pair.0.path + "\n")
    }

    @Test("a text file, a video, an audio file and a hex dump named .jpeg are refused as not an image")
    func nonImagesRefused() throws {
        let fixture = try StoreFixture()
        let head = try fixture.store.headCommitID()
        let candidates: [(String, [UInt8])] = [
            ("notes.txt", Array("Just some notes, not a picture.\n".utf8)),
            ("clip.mp4", try Images.fixture("videos/d500d6789ff2c211af3f507b17be8e66.mp4")),
            ("voice.m4a", try Images.fixture("audios/f35f41739499e70c6b2714e3a7d82d8c.m4a")),
            ("hexdump.jpeg", Array("00000000: ffd8 ffe0 0010 4a46 4946 0001  ......JFIF..\n".utf8)),
            ("empty.png", []),
            ("short.png", Array(Images.png.prefix(4))),
            ("riff.wav", Array("RIFF\u{1A}\0\0\0WAVEfmt ".utf8)),
        ]
        for (name, bytes) in candidates {
            #expect(throws: StoreError.notAnImage(source: name)) {
                try fixture.store.transaction { _ = try $0.addMedia(bytes, source: name) }
            }
        }
        #expect(StoreError.notAnImage(source: "notes.txt").description.contains("not an image"))
        #expect(try fixture.store.headCommitID() == head)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/media"))
    }

    @Test("a refused image refuses the whole transaction")
    func refusedImageRefusesTransaction() throws {
        let fixture = try StoreFixture()
        let head = try fixture.store.headCommitID()
        #expect(throws: StoreError.self) {
            try fixture.store.transaction { transaction in
                try transaction.put(["name": "Rex"], type: "dog")
                _ = try transaction.addMedia(Images.png, source: "ok.png")
                _ = try transaction.addMedia(Array("text".utf8), source: "bad.txt")
            }
        }
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
    }
}
