import Foundation

/// A finished `PackStream`'s index file, searched with `pread` where each lookup lands instead of mapped: its
/// pages stay in the kernel's page cache and out of the process's memory.
///
/// What is held is the fan-out table (1 KB) and the entries' offsets in pack order (8 bytes an entry), which say
/// where each entry ends. A lookup reads the ids that share the wanted one's first byte (about 10 KB in a pack of
/// 131,072) and then its offset.
final class PackIndexFile {
    private let descriptor: Int32
    private let path: String
    private let count: Int
    private let fanout: [UInt32]
    /// Every entry's offset, ascending.
    private let offsetsInPackOrder: [UInt64]

    /// Opens the index at `path` of a pack of `count` entries at `offsetsInPackOrder` (ascending), as just written.
    init(path: String, count: Int, offsetsInPackOrder: [UInt64]) throws {
        precondition(offsetsInPackOrder.count == count, "an offset for every entry")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GitError(operation: "open \(path)", code: -1, message: String(cString: strerror(errno)))
        }
        let table: [UInt8]
        do { table = try Self.read(descriptor, path, at: PackIndexLayout.fanout(0), count: 1024) } catch {
            close(descriptor)
            throw error
        }
        let fanout = (0..<256).map { UInt32(PackIndexLayout.bigEndian(table[$0 * 4..<$0 * 4 + 4])) }
        guard fanout[255] == count else {
            close(descriptor)
            throw GitError(operation: "read \(path)", code: -1, message: "the index counts \(fanout[255]) objects, not \(count)")
        }
        self.fanout = fanout
        self.descriptor = descriptor
        self.path = path
        self.count = count
        self.offsetsInPackOrder = offsetsInPackOrder
    }

    deinit { close(descriptor) }

    /// Where `id`'s entry starts in the pack and where it ends (the next entry's start, or `packEnd`), if the pack
    /// holds it.
    func span(of id: ObjectID, packEnd: UInt64) throws -> (start: UInt64, stop: UInt64)? {
        guard let bucket = PackIndexLayout.bucket(of: id, count: count, fanoutCount: { fanout[$0] }), !bucket.isEmpty
        else { return nil }
        let ids = try read(at: PackIndexLayout.ids + bucket.lowerBound * 20, count: bucket.count * 20)
        guard let position = PackIndexLayout.position(of: id, in: ids, positions: bucket) else { return nil }
        var offset = PackIndexLayout.bigEndian(try read(at: PackIndexLayout.smallOffset(count: count, position: position), count: 4))
        if offset & 0x8000_0000 != 0 {
            offset = PackIndexLayout.bigEndian(try read(at: PackIndexLayout.largeOffset(count: count, value: UInt32(offset)), count: 8))
        }
        // The file lies in the store's folder: an offset that is not one of the entries written is refused.
        var low = 0, high = offsetsInPackOrder.count
        while low < high {
            let middle = (low + high) / 2
            if offsetsInPackOrder[middle] < offset { low = middle + 1 } else { high = middle }
        }
        guard low < offsetsInPackOrder.count, offsetsInPackOrder[low] == offset else {
            throw GitError(operation: "find \(id.short) in \(path)", code: -1, message: "the index names an offset no entry has")
        }
        return (offset, low + 1 < offsetsInPackOrder.count ? offsetsInPackOrder[low + 1] : packEnd)
    }

    private func read(at offset: Int, count wanted: Int) throws -> [UInt8] {
        try Self.read(descriptor, path, at: offset, count: wanted)
    }

    private static func read(_ descriptor: Int32, _ path: String, at offset: Int, count wanted: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: wanted)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
        guard got == wanted else {
            throw GitError(operation: "read \(path)", code: -1, message: got < 0 ? String(cString: strerror(errno)) : "the file is too short")
        }
        return bytes
    }
}
