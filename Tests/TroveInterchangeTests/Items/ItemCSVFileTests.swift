import Foundation
import Testing
import TroveInterchange
import TroveKit
import TroveSchema
import TroveStore
import TroveTestSupport

/// Issue 25: an items CSV file on disk is read a row at a time, twice (checked, then written), and gives what the
/// reader of the same bytes held in memory gives.
@Suite("Items CSV read from disk a row at a time")
struct ItemCSVFileTests {
    private func write(_ text: String, in folder: TemporaryFolder, name: String = "items.csv") throws -> String {
        let path = folder.child(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A file of several pieces (`CSVPieces` reads a megabyte at a time): 30,000 rows with quoted notes across lines,
    /// Homebox's columns, and rows that cannot be read.
    static func bigFile() -> String {
        var lines = ["HB.import_ref,HB.name,HB.description,HB.notes"]
        for number in 0..<30_000 {
            switch number {
            case 7: lines.append("x,Too few")
            case 20_001: lines.append(",Nine,\"a note, with a comma\nand a line\",",)
            default: lines.append(",Thing \(number),\"Bought \(number)\",Notes of \(number) \(String(repeating: "-", count: number % 40))")
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n,Last,\"never closed"
    }

    @Test("the rows and problems of a file on disk are those of the same bytes read whole")
    func sameAsInMemory() throws {
        let folder = TemporaryFolder("trove-items-file")
        let text = Self.bigFile()
        #expect(text.utf8.count > 1 << 20, "more than one piece")
        let whole = try ItemCSVReader.read(Array(text.utf8))
        let file = try ItemCSVFile(path: write(text, in: folder))
        var streamed: [ItemRow] = []
        try file.forEachRow { streamed.append($0) }
        #expect(streamed == whole.rows && streamed.count == 29_999)
        #expect(file.rowCount == 29_999)
        #expect(file.problems == whole.problems)
        #expect(file.problems == ["line 9: 2 fields, but the header has 4", "line 30003: a quoted field is not closed before the end of the file"])
        #expect(streamed[20_000].notes == "a note, with a comma\nand a line" && streamed[20_000].position == "line 20003")
        #expect(streamed[3].notes == "Bought 3\n\nNotes of 3 ---")
    }

    @Test("a file that changes between the readings, or whose import throws, stops the second reading")
    func secondReading() throws {
        let folder = TemporaryFolder("trove-items-changed")
        let path = try write("name,notes\nKeys,hook\nBag,hall\n", in: folder)
        let file = try ItemCSVFile(path: path)
        #expect(file.rowCount == 2)
        struct Refused: Error, Equatable {}
        #expect(throws: Refused()) { try file.forEachRow { _ in throw Refused() } }
        for changed in ["name,notes\nKeys,hook\nBag,hall\nLamp,\n", "name,notes\nKeys,hook\n", "name,notes\nKeys,hook\nBag\n", "notes\nx\n"] {
            _ = try write(changed, in: folder)
            #expect(throws: ItemCSVError.changedWhileReading, "\(changed)") { try file.forEachRow { _ in } }
        }
    }

    @Test("a file that is missing, not UTF-8 (its line named, however far in) or without a name column is refused")
    func refusals() throws {
        let folder = TemporaryFolder("trove-items-refused")
        #expect(throws: ItemCSVError.unreadable("No such file or directory")) { try ItemCSVFile(path: folder.child("missing.csv")) }
        var bytes = Array("name\n".utf8) + Array(repeating: Array("Thing\n".utf8), count: 300_000).joined()
        bytes += [0x4B, 0xE9, 0x79, 0x0A]
        let path = folder.child("latin1.csv")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: ItemCSVError.notUTF8(line: 300_002)) { try ItemCSVFile(path: path) }
        #expect(throws: ItemCSVError.noNameColumn(found: ["title"])) { try ItemCSVFile(path: write("\n\ntitle\nx\n", in: folder)) }
        #expect(throws: ItemCSVError.noNameColumn(found: [])) { try ItemCSVFile(path: write("\n \n", in: folder)) }
    }

    @Test("a photo that stops being an image between the check and the write: nothing is imported, and the row is named")
    func photoChangedBetweenReadings() throws {
        let folder = TemporaryFolder("trove-items-photo")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)
        try Data(png).write(to: URL(fileURLWithPath: folder.child("lamp.png")))
        let file = try ItemCSVFile(path: write("name,photo\nKeys,\nLamp,lamp.png\n", in: folder))
        let store = try Store.create(at: folder.child("store"))
        let head = try store.headHex()
        var progress: [Int] = []
        // Once the first row is written, in the second reading, the photo of the second stops being an image.
        func written(_ number: Int, _ total: Int) {
            progress.append(number)
            if number == 1 { try? Data("words".utf8).write(to: URL(fileURLWithPath: folder.child("lamp.png"))) }
        }
        #expect {
            _ = try ItemImport(store: store).run(file, path: file.path, progress: written)
        } throws: { "\($0)" == "line 3: the photo lamp.png is not an image (JPEG, PNG, GIF, WebP or HEIC) (it changed while the file was being imported)" }
        #expect(try store.headHex() == head && progress == [1])
        #expect(try store.records(ofType: RecordType.item).isEmpty)
    }
}
