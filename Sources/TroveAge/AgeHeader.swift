import Crypto
import Foundation

/// One recipient stanza: `-> TYPE ARGS…` and a base64 body wrapped at 64 columns.
struct AgeStanza: Equatable {
    /// The arguments, the first being the stanza's type (`X25519`, `scrypt`).
    var arguments: [String]
    var body: [UInt8]

    var type: String { arguments.first ?? "" }

    var encoded: String {
        var text = "-> " + arguments.joined(separator: " ") + "\n"
        let body = AgeBase64.encode(self.body)
        var start = body.startIndex
        // Full lines of 64, then one shorter line, which is empty when the body fills its last line.
        while body.distance(from: start, to: body.endIndex) >= 64 {
            let end = body.index(start, offsetBy: 64)
            text += body[start..<end] + "\n"
            start = end
        }
        return text + body[start...] + "\n"
    }
}

/// The textual header of an age v1 file: the version line, the stanzas wrapping the file key, and their MAC.
struct AgeHeader {
    static let versionLine = "age-encryption.org/v1\n"
    var stanzas: [AgeStanza]

    /// The header up to and including `---`: what the MAC covers.
    var macInput: [UInt8] { Array((Self.versionLine + stanzas.map(\.encoded).joined() + "---").utf8) }

    /// HMAC-SHA-256 of the header under HKDF(file key, info "header").
    static func mac(of input: [UInt8], fileKey: [UInt8]) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: fileKey), salt: [UInt8](),
                                         info: Array("header".utf8), outputByteCount: 32)
        return Array(HMAC<SHA256>.authenticationCode(for: input, using: key))
    }

    /// The whole header, MAC line included.
    func encoded(fileKey: [UInt8]) -> [UInt8] {
        let input = macInput
        return input + Array((" " + AgeBase64.encode(Self.mac(of: input, fileKey: fileKey)) + "\n").utf8)
    }

    /// Parses the header at the start of `bytes`; returns it with the MAC, what the MAC covers, and where the payload starts.
    static func parse(_ bytes: [UInt8]) throws -> (header: AgeHeader, mac: [UInt8], macInput: ArraySlice<UInt8>, payloadStart: Int) {
        var position = 0
        func line() throws -> Substring {
            guard let end = bytes[position...].firstIndex(of: 0x0A) else { throw AgeError.malformedHeader("the header never ends") }
            defer { position = end + 1 }
            guard let text = String(bytes: bytes[position..<end], encoding: .utf8) else { throw AgeError.malformedHeader("not text") }
            return Substring(text)
        }
        guard try line() + "\n" == versionLine else { throw AgeError.malformedHeader("no age-encryption.org/v1 line") }
        var stanzas: [AgeStanza] = []
        while true {
            let start = position
            let text = try line()
            if text.hasPrefix("---") {
                guard text.hasPrefix("--- "), let mac = AgeBase64.decode(text.dropFirst(4)), mac.count == 32 else {
                    throw AgeError.malformedHeader("a bad MAC line")
                }
                guard !stanzas.isEmpty else { throw AgeError.malformedHeader("no recipient stanza") }
                return (AgeHeader(stanzas: stanzas), mac, bytes[..<(start + 3)], position)
            }
            guard text.hasPrefix("-> ") else { throw AgeError.malformedHeader("a line that is neither a stanza nor the MAC") }
            let arguments = text.dropFirst(3).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F } }) else {
                throw AgeError.malformedHeader("a stanza with an empty or non-printable argument")
            }
            var body = ""
            while true {
                let bodyLine = try line()
                guard bodyLine.count <= 64 else { throw AgeError.malformedHeader("a stanza line longer than 64 columns") }
                body += bodyLine
                if bodyLine.count < 64 { break }
            }
            guard let decoded = AgeBase64.decode(Substring(body)) else { throw AgeError.malformedHeader("a stanza body that is not canonical base64") }
            stanzas.append(AgeStanza(arguments: arguments, body: decoded))
        }
    }
}
