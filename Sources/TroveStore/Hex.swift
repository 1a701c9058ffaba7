/// Lowercase hexadecimal text of bytes (String(format:) is far too slow for ids and hashes).
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
