/// Decodes 8-bit RGB/RGBA PNGs (what Chromium writes) so tests can look at a screenshot's pixels.
struct TestPNGImage {
    var width: Int
    var height: Int
    /// RGBA, row by row.
    var rgba: [UInt8]

    struct DecodeError: Error, CustomStringConvertible {
        var description: String
    }

    /// Width and height from the IHDR chunk, after checking the signature.
    static func size(of png: [UInt8]) throws -> (width: Int, height: Int) {
        guard png.count > 24, png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              png[12..<16].elementsEqual(Array("IHDR".utf8))
        else { throw DecodeError(description: "not a PNG") }
        return (be32(png, 16), be32(png, 20))
    }

    init(png: [UInt8]) throws {
        (width, height) = try Self.size(of: png)
        let depth = png[24], colorType = png[25], interlace = png[28]
        guard depth == 8, colorType == 2 || colorType == 6, interlace == 0 else {
            throw DecodeError(description: "unsupported PNG: depth \(depth), colour type \(colorType), interlace \(interlace)")
        }
        var idat: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Self.be32(png, offset)
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { idat += png[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        var inflater = TestInflater(input: Array(idat.dropFirst(2))) // zlib header
        let raw = try inflater.inflate()
        let channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        guard raw.count >= (stride + 1) * height else { throw DecodeError(description: "short image data") }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let add: Int
                switch filter {
                case 0: add = 0
                case 1: add = a
                case 2: add = b
                case 3: add = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    add = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError(description: "bad filter \(filter)")
                }
                row[i] = UInt8((Int(row[i]) + add) & 0xFF)
            }
            for x in 0..<width {
                for ch in 0..<channels { pixels[(y * width + x) * 4 + ch] = row[x * channels + ch] }
            }
            previous = row
        }
        rgba = pixels
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
    }

    /// Whether the pixel is within `tolerance` of `hex` (like 0x0b2e59) in every channel.
    func matches(_ x: Int, _ y: Int, _ hex: Int, tolerance: Int) -> Bool {
        let p = pixel(x, y)
        return abs(p.r - (hex >> 16)) <= tolerance && abs(p.g - ((hex >> 8) & 0xFF)) <= tolerance
            && abs(p.b - (hex & 0xFF)) <= tolerance
    }

    /// The longest horizontal run of pixels matching `hex`, over all rows.
    func longestRun(of hex: Int, tolerance: Int) -> Int {
        var best = 0
        for y in 0..<height {
            var run = 0
            for x in 0..<width {
                if matches(x, y, hex, tolerance: tolerance) { run += 1; best = max(best, run) } else { run = 0 }
            }
        }
        return best
    }

    /// Bounding box and count of the pixels matching `hex`.
    func region(of hex: Int, tolerance: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)? {
        var box: (Int, Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width where matches(x, y, hex, tolerance: tolerance) {
                if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y), b.4 + 1) } else { box = (x, y, x, y, 1) }
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3, count: $0.4) }
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}

/// A small inflate (RFC 1951) after Mark Adler's puff: stored, fixed and dynamic Huffman blocks.
struct TestInflater {
    var input: [UInt8]
    private var pos = 0, bitBuffer = 0, bitCount = 0
    private var out: [UInt8] = []

    init(input: [UInt8]) { self.input = input }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]
        init(lengths: [Int]) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for l in lengths { counts[l] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for l in 1..<15 { offsets[l + 1] = offsets[l] + counts[l] }
            for (symbol, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = symbol
                offsets[l] += 1
            }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    mutating func inflate() throws -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1:
                let fixed = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                try codes(Huffman(lengths: fixed), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2: try dynamic()
            default: throw TestPNGImage.DecodeError(description: "bad block type")
            }
        }
        return out
    }

    private mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard pos < input.count else { throw TestPNGImage.DecodeError(description: "out of input") }
            bitBuffer |= Int(input[pos]) << bitCount
            pos += 1
            bitCount += 8
        }
        let v = bitBuffer & ((1 << n) - 1)
        bitBuffer >>= n
        bitCount -= n
        return v
    }

    private mutating func stored() throws {
        bitBuffer = 0
        bitCount = 0
        guard pos + 4 <= input.count else { throw TestPNGImage.DecodeError(description: "short stored block") }
        let len = Int(input[pos]) | Int(input[pos + 1]) << 8
        pos += 4
        guard pos + len <= input.count else { throw TestPNGImage.DecodeError(description: "short stored block") }
        out += input[pos..<pos + len]
        pos += len
    }

    private mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for len in 1...15 {
            code |= try bits(1)
            let count = h.counts[len]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw TestPNGImage.DecodeError(description: "bad Huffman code")
    }

    private mutating func codes(_ lengthCodes: Huffman, _ distCodes: Huffman) throws {
        while true {
            let symbol = try decode(lengthCodes)
            if symbol < 256 { out.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            let li = symbol - 257
            guard li < 29 else { throw TestPNGImage.DecodeError(description: "bad length") }
            let length = Self.lengthBase[li] + (try bits(Self.lengthExtra[li]))
            let di = try decode(distCodes)
            guard di < 30 else { throw TestPNGImage.DecodeError(description: "bad distance") }
            let distance = Self.distBase[di] + (try bits(Self.distExtra[di]))
            guard distance <= out.count else { throw TestPNGImage.DecodeError(description: "distance too far") }
            let start = out.count - distance
            for k in 0..<length { out.append(out[start + k]) }
        }
    }

    private mutating func dynamic() throws {
        let nlen = try bits(5) + 257, ndist = try bits(5) + 1, ncode = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<ncode { codeLengths[order[i]] = try bits(3) }
        let lencode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < nlen + ndist {
            let symbol = try decode(lencode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw TestPNGImage.DecodeError(description: "repeat with no length") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        try codes(Huffman(lengths: Array(lengths[0..<nlen])), Huffman(lengths: Array(lengths[nlen..<nlen + ndist])))
    }
}
