import Foundation
import Testing
import TroveGit

/// The scratch-file reader: records across its 1 MB buffer, a clean end, and a file cut inside a record.
@Suite struct FileStretchReaderTests {
    @Test("reads records across buffer refills, ends cleanly at a record's end, and throws inside one")
    func readsAndRefusesCutRecords() throws {
        var template = Array((NSTemporaryDirectory() + "stretch-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        unlink(String(cString: template))
        // 300,000 records of 7 bytes: 2.1 MB, so reads cross the buffer's edge.
        var bytes: [UInt8] = []
        for number in 0..<300_000 { bytes += [UInt8(number % 251)] + Array(repeating: UInt8(number % 7), count: 6) }
        #expect(bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == bytes.count)
        var reader = FileStretchReader(descriptor: descriptor, from: 0, to: bytes.count)
        var count = 0
        while let record = try reader.read(7) {
            #expect(record.first == UInt8(count % 251) && record.dropFirst().allSatisfy { $0 == UInt8(count % 7) })
            count += 1
        }
        #expect(count == 300_000)
        var cut = FileStretchReader(descriptor: descriptor, from: 0, to: bytes.count - 3)
        #expect(throws: FileStretchError.self) { while try cut.read(7) != nil {} }
    }
}
