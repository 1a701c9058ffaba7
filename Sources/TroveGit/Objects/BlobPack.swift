import CGit2
import Crypto
import Foundation

extension Repository {
    /// Writes `blobs` as a pack of their own (synced, deflated on every core) and returns their ids, in order, and
    /// the pack's path without its extension.
    ///
    /// A transaction too large to hold hands its records over this way as it goes (`Transaction`'s spill): a
    /// 100,000-entry import had held every record's bytes, then a copy in libgit2's in-memory store, then the pack.
    /// The objects are readable here at once: libgit2 looks for new packs when an id is not found.
    public func writeBlobPack(_ blobs: [[UInt8]]) throws -> (ids: [ObjectID], pack: String) {
        var ids = [ObjectID?](repeating: nil, count: blobs.count)
        ids.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: min(blobs.count, 8)) { part in
                for index in stride(from: part, to: blobs.count, by: min(blobs.count, 8)) {
                    slots[index] = Self.blobID(blobs[index])
                }
            }
        }
        let found = ids.map { $0! }
        var seen = Set<ObjectID>()
        var writer = PackWriter(count: found.reduce(0) { count, id in seen.insert(id).inserted ? count + 1 : count })
        seen.removeAll(keepingCapacity: true)
        // Each array's storage stays where it is while `blobs` lives unchanged, so its address outlives the closure.
        try withExtendedLifetime(blobs) {
            var objects: [PackWriter.Object] = []
            for (blob, id) in zip(blobs, found) where seen.insert(id).inserted {
                objects.append(.init(id: id, type: GIT_OBJECT_BLOB, data: blob.withUnsafeBytes { $0 }))
            }
            try writer.append(contentsOf: objects)
        }
        let checksum = try writer.write(into: gitDirectory + "objects/pack")
        return (found, gitDirectory + "objects/pack/pack-" + checksum.map { String(format: "%02x", $0) }.joined())
    }

    /// Removes a pack `writeBlobPack` wrote that nothing came to name (a transaction given up): its index first, so
    /// that no index names a missing pack.
    public func removeBlobPack(_ pack: String) {
        unlink(pack + ".idx")
        unlink(pack + ".pack")
    }

    /// A blob's id: SHA-1 of `blob <size>\0` and its bytes (BoringSSL's, as `writeBlobToBatch`).
    static func blobID(_ bytes: [UInt8]) -> ObjectID {
        var hash = Insecure.SHA1()
        hash.update(data: Array("blob \(bytes.count)\u{0}".utf8))
        hash.update(data: bytes)
        return ObjectID(bytes: Array(hash.finalize()))
    }
}
