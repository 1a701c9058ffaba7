/// Lowercase hexadecimal text of bytes (String(format:) is far too slow for ids and hashes).
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The digit of a value 0-15.
    static func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }

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
