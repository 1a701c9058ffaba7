import Crypto
import Foundation

extension Repository {
    /// A blob's id: SHA-1 of `blob <size>\0` and its bytes, with BoringSSL's SHA-1 (libgit2's collision-detecting
    /// one cost a bulk import a twentieth of its time).
    static func blobID(_ bytes: [UInt8]) -> ObjectID { objectID(bytes, kind: "blob") }

    /// An object's id: SHA-1 of `<kind> <size>\0` and its bytes.
    static func objectID(_ bytes: [UInt8], kind: String) -> ObjectID {
        var hash = Insecure.SHA1()
        hash.update(data: Array("\(kind) \(bytes.count)\u{0}".utf8))
        hash.update(data: bytes)
        return ObjectID(bytes: Array(hash.finalize()))
    }

    /// The ids of many blobs, in order, hashed on every core.
    static func blobIDs(_ blobs: [[UInt8]]) -> [ObjectID] {
        guard blobs.count >= 64 else { return blobs.map(blobID) }
        var ids = [ObjectID?](repeating: nil, count: blobs.count)
        let parts = min(blobs.count, 8)
        ids.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for index in stride(from: part, to: blobs.count, by: parts) { slots[index] = blobID(blobs[index]) }
            }
        }
        return ids.map { $0! }
    }
}
