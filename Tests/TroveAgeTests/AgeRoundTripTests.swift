import Foundation
import Testing
@testable import TroveAge

@Suite("age v1 files")
struct AgeRoundTripTests {
    @Test("round trip for several recipients, at chunk boundaries")
    func roundTrip() throws {
        let one = AgeIdentity(), two = AgeIdentity()
        for size in [0, 1, 65_535, 65_536, 65_537, 3 * 65_536, 200_000] {
            let plain = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let file = try AgeFile.encrypt(plain, to: [.x25519(one.recipient), .x25519(two.recipient)])
            #expect(try AgeFile.decrypt(file, with: [.x25519(two)]) == plain, "size \(size)")
            #expect(try AgeFile.decrypt(file, with: [.x25519(one)]) == plain, "size \(size)")
            #expect(throws: AgeError.noMatchingIdentity) { try AgeFile.decrypt(file, with: [.x25519(AgeIdentity())]) }
        }
    }
}
