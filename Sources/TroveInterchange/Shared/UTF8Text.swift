/// Where bytes stop being UTF-8, so that a refusal can say where to look.
enum UTF8Text {
    /// The first byte that is not part of a valid UTF-8 character.
    struct BadByte: Sendable, Equatable {
        /// 0-based offset from the start of the bytes given.
        var offset: Int
        /// 1-based line it is on.
        var line: Int
        var value: UInt8
    }

    /// The first invalid byte of `bytes`, or `nil` when they are all UTF-8.
    static func firstInvalid(_ bytes: ArraySlice<UInt8>) -> BadByte? {
        // Most files are valid: one fast check, and the scalar walk only to place the bad byte.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0x0A { line += 1 }
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return BadByte(offset: offset, line: line, value: bytes[bytes.startIndex + offset])
            }
        }
    }
}
