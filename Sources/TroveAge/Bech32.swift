/// Bech32 (BIP 173, the original checksum, not bech32m), without its length limit: how age writes keys,
/// `age1…` for recipients and `AGE-SECRET-KEY-1…` for identities.
enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 { check ^= generator[bit] }
        }
        return check
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// Regroups bits: 8 to 5 when encoding, 5 to 8 (refusing leftover bits) when decoding.
    private static func convert(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0, bits = 0
        var out: [UInt8] = []
        let mask = (1 << to) - 1
        for value in data {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((accumulator >> bits) & mask))
            }
        }
        if pad {
            if bits > 0 { out.append(UInt8((accumulator << (to - bits)) & mask)) }
        } else if bits >= from || (accumulator << (to - bits)) & mask != 0 {
            return nil
        }
        return out
    }

    /// `hrp` and `data` as lowercase bech32.
    static func encode(hrp: String, _ data: [UInt8]) -> String {
        let hrpBytes = Array(hrp.lowercased().utf8)
        let values = convert(data, from: 8, to: 5, pad: true)!
        let checksum = polymod(expand(hrpBytes) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        let check = (0..<6).map { UInt8((checksum >> (5 * (5 - $0))) & 31) }
        return String(decoding: hrpBytes + [UInt8(ascii: "1")] + (values + check).map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// The human-readable part (lowercased) and the data; throws for mixed case, bad characters or a bad checksum.
    static func decode(_ text: String) throws -> (hrp: String, data: [UInt8]) {
        guard text == text.lowercased() || text == text.uppercased() else { throw AgeError.malformedKey("mixed case") }
        let lower = Array(text.lowercased().utf8)
        guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator > 0, lower.count - separator > 6 else {
            throw AgeError.malformedKey("no bech32 separator")
        }
        let hrp = Array(lower[..<separator])
        var values: [UInt8] = []
        for character in lower[(separator + 1)...] {
            guard let value = alphabet.firstIndex(of: character) else { throw AgeError.malformedKey("bad bech32 character") }
            values.append(UInt8(value))
        }
        guard polymod(expand(hrp) + values) == 1 else { throw AgeError.malformedKey("bad bech32 checksum") }
        guard let data = convert(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else {
            throw AgeError.malformedKey("bad bech32 padding")
        }
        return (String(decoding: hrp, as: UTF8.self), data)
    }
}
