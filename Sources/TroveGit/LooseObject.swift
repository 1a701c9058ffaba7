import CTroveZlib
import Crypto
import Foundation

/// Checks a loose object file by hand: zlib stream complete, header sane, content hash equal to its name.
///
/// libgit2 1.5 can spin forever inflating a truncated loose object (libgit2
/// issue #7342), so `corruptObjects` checks loose files this way before
/// letting libgit2 read them.
enum LooseObject {
    /// Whether the file at `path` holds an intact object with id `id`.
    static func isIntact(path: String, id: ObjectID) -> Bool {
        guard let compressed = FileManager.default.contents(atPath: path), !compressed.isEmpty,
              let content = inflate(Array(compressed)),
              let nul = content.firstIndex(of: 0)
        else { return false }
        let header = String(decoding: content[..<nul], as: UTF8.self).split(separator: " ")
        guard header.count == 2, ["blob", "tree", "commit", "tag"].contains(header[0]),
              let size = Int(header[1]), size == content.count - nul - 1
        else { return false }
        return Array(Insecure.SHA1.hash(data: content)) == id.bytes
    }

    /// The whole inflated stream, or `nil` if it is damaged or ends early.
    private static func inflate(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard trove_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = CTroveZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
                // Out of input before the end of the stream, or a damaged stream.
                if status != Z_OK || (stream.avail_in == 0 && produced == 0) { return nil }
            }
        }
    }
}
