import Crypto
import Foundation

/// age's payload: a 16-byte nonce, then the plaintext in 64 KiB chunks, each sealed with ChaCha20-Poly1305
/// under HKDF(file key, nonce, "payload"), the 12-byte chunk nonce being an 11-byte big-endian counter and a
/// last byte that is 1 for the final chunk (the STREAM construction: chunks cannot be dropped, reordered or cut).
enum AgeStream {
    static let chunkSize = 64 * 1024
    static let tagSize = 16

    private static func payloadKey(fileKey: [UInt8], nonce: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce, info: Array("payload".utf8),
                               outputByteCount: 32)
    }

    private static func chunkNonce(_ counter: Int, final: Bool) throws -> ChaChaPoly.Nonce {
        var bytes = [UInt8](repeating: 0, count: 12)
        var value = UInt64(counter)
        for index in stride(from: 10, through: 3, by: -1) {
            bytes[index] = UInt8(value & 0xFF)
            value >>= 8
        }
        bytes[11] = final ? 1 : 0
        return try ChaChaPoly.Nonce(data: bytes)
    }

    static func seal(_ plaintext: [UInt8], fileKey: [UInt8]) throws -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in nonce.indices { nonce[index] = generator.next() }
        let key = payloadKey(fileKey: fileKey, nonce: nonce)
        var out = nonce
        out.reserveCapacity(16 + plaintext.count + (plaintext.count / chunkSize + 1) * tagSize)
        // An empty payload is one empty final chunk; otherwise the final chunk is never empty.
        let count = max(1, (plaintext.count + chunkSize - 1) / chunkSize)
        for counter in 0..<count {
            let start = counter * chunkSize
            let end = min(start + chunkSize, plaintext.count)
            let box = try ChaChaPoly.seal(plaintext[start..<end], using: key, nonce: chunkNonce(counter, final: counter == count - 1))
            out += box.ciphertext
            out += box.tag
        }
        return out
    }

    static func open(_ payload: ArraySlice<UInt8>, fileKey: [UInt8]) throws -> [UInt8] {
        guard payload.count >= 16 + tagSize else { throw AgeError.payloadTruncated }
        let nonce = Array(payload.prefix(16))
        let key = payloadKey(fileKey: fileKey, nonce: nonce)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count)
        var start = payload.startIndex + 16
        var counter = 0
        while start < payload.endIndex {
            let end = min(start + chunkSize + tagSize, payload.endIndex)
            let last = end == payload.endIndex
            let chunk = payload[start..<end]
            guard chunk.count >= tagSize, !(chunk.count == tagSize && (counter > 0 || !last)) else { throw AgeError.payloadDamaged(chunk: counter) }
            let ciphertext = chunk.dropLast(tagSize), tag = chunk.suffix(tagSize)
            func open(final: Bool) -> [UInt8]? {
                guard let box = try? ChaChaPoly.SealedBox(nonce: chunkNonce(counter, final: final), ciphertext: ciphertext, tag: tag) else { return nil }
                return (try? ChaChaPoly.open(box, using: key)).map { Array($0) }
            }
            if let plain = open(final: last) {
                out += plain
            } else if last, open(final: false) != nil {
                // A whole chunk that is not the final one, then nothing: the rest was cut off.
                throw AgeError.payloadTruncated
            } else {
                // A short last chunk that opens neither way was changed or cut inside; the caller, which
                // knows the file's size, tells the two apart.
                throw AgeError.payloadDamaged(chunk: counter)
            }
            start = end
            counter += 1
        }
        return out
    }
}
