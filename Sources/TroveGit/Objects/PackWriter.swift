import CGit2
import CTroveZlib
import Crypto
import Foundation

/// Writes objects as one git pack file and its version-2 index, without deltas.
///
/// libgit2's packbuilder reads every object back, hashes it again with collision-detecting SHA-1 and
/// runs the result through its indexer, which inflates and hashes it all once more: two thirds of
/// a 50,000-record import's commit. A batch already knows each object's id and bytes, so it lays
/// the pack out directly (git's format: Documentation/gitformat-pack.txt) and writes the index
/// from what it laid out. Reads check every object's hash (strict verification is on), and the
/// tests run `git fsck` over packs written here.
struct PackWriter {
    /// One object to pack.
    struct Object {
        var id: ObjectID
        var type: git_object_t
        var data: UnsafeRawBufferPointer
    }

    private var pack: [UInt8] = []
    private var entries: [(id: ObjectID, offset: UInt64, crc: UInt32)] = []

    init(count: Int) {
        pack = Array("PACK".utf8) + Self.bigEndian(UInt32(2)) + Self.bigEndian(UInt32(count))
        entries.reserveCapacity(count)
    }

    /// Appends an object: its type-and-size header, then its bytes deflated as a zlib stream.
    mutating func append(_ object: Object) throws {
        append(object.id, try Self.entry(object))
    }

    /// Appends objects in order, deflating them on every core (`entries`).
    mutating func append(contentsOf objects: [Object]) throws {
        for (object, entry) in zip(objects, try Self.entries(objects)) { append(object.id, entry) }
    }

    /// The pack entries of `objects`, in order, deflated on every core: compressing 20,000 objects one by one
    /// was most of a 10,000-record import's pack.
    static func entries(_ objects: [Object]) throws -> [(bytes: [UInt8], crc: UInt32)] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard objects.count >= 512, cores > 1 else { return try objects.map(entry) }
        let chunks = min(cores * 4, objects.count / 256)
        let size = (objects.count + chunks - 1) / chunks
        let results = EntryChunks(chunks)
        objects.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let objects = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (chunk * size)..<min(objects.count, (chunk + 1) * size)
                results.set(chunk, Result { try range.map { try Self.entry(objects[$0]) } })
            }
        }
        return try results.chunks.flatMap { try $0.get() }
    }

    /// An object's entry in the pack: its type-and-size header and its bytes deflated, and their CRC-32.
    static func entry(_ object: Object) throws -> (bytes: [UInt8], crc: UInt32) {
        var bytes = entryHeader(type: Int(object.type.rawValue), size: object.data.count)
        // Trees are stored, not compressed: a catch-up or a rebuild inflates hundreds of 25 KB fan-out
        // folders, which took most of its time, and their ids and names compress poorly anyway.
        bytes += try deflate(object.data, level: object.type == GIT_OBJECT_TREE ? 0 : 1)
        let crc = bytes.withUnsafeBufferPointer { crc32(crc32(0, nil, 0), $0.baseAddress, uInt($0.count)) }
        return (bytes, UInt32(crc))
    }

    private mutating func append(_ id: ObjectID, _ entry: (bytes: [UInt8], crc: UInt32)) {
        entries.append((id, UInt64(pack.count), entry.crc))
        pack += entry.bytes
    }

    /// Reads the header `entryHeader` writes at the start of `bytes`: the type, the size, and the header's length;
    /// `nil` when it runs past `bytes` or its size past 64 bits (a damaged or tampered file).
    static func readEntryHeader<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (type: Int, size: Int, length: Int)? where Bytes.Index == Int {
        var position = bytes.startIndex
        guard position < bytes.endIndex else { return nil }
        var byte = Int(bytes[position])
        var size = byte & 0x0F, shift = 4
        while byte & 0x80 != 0 {
            position += 1
            guard position < bytes.endIndex, shift < 57 else { return nil }
            byte = Int(bytes[position])
            size |= (byte & 0x7F) << shift
            shift += 7
        }
        return ((Int(bytes[bytes.startIndex]) >> 4) & 7, size, position + 1 - bytes.startIndex)
    }

    /// An entry's header: the type in bits 4-6 of the first byte, the size 4 bits then 7 bits a byte, low bits first.
    static func entryHeader(type: Int, size: Int) -> [UInt8] {
        var size = size
        var header: [UInt8] = [UInt8(truncatingIfNeeded: (type << 4) | (size & 0x0F))]
        size >>= 4
        while size > 0 {
            header[header.count - 1] |= 0x80
            header.append(UInt8(size & 0x7F))
            size >>= 7
        }
        return header
    }

    /// Writes `pack-<checksum>.pack` and then its `.idx` into `folder` (each whole and synced, through
    /// a temporary file and a rename), and returns the pack's checksum.
    func write(into folder: String) throws -> [UInt8] {
        var pack = self.pack
        let checksum = Array(Insecure.SHA1.hash(data: pack))
        pack += checksum
        let name = folder + "/pack-" + checksum.map { String(format: "%02x", $0) }.joined()
        // The pack first: git finds a pack by its index, so an index never names a missing pack.
        try Self.writeFile(pack, to: name + ".pack")
        try Self.writeFile(Self.index(of: entries, packChecksum: checksum), to: name + ".idx")
        return checksum
    }

    /// The version-2 index of `entries`: a fan-out table, the sorted ids, their CRC-32s and offsets, and checksums.
    ///
    /// Written into one buffer of the index's exact size: grown by appending (and a small array for each number), a
    /// spill pack's index of 131,072 objects passed through twice its 3.7 MB, at the moment a large import finishes
    /// the pack, with a batch of records held beside it (issue 25).
    static func index(of entries: [(id: ObjectID, offset: UInt64, crc: UInt32)], packChecksum: [UInt8]) -> [UInt8] {
        let sorted = entries.sorted { $0.id.bytes.lexicographicallyPrecedes($1.id.bytes) }
        let largeCount = sorted.reduce(0) { $0 + ($1.offset < 0x8000_0000 ? 0 : 1) }
        let size = 8 + 256 * 4 + sorted.count * (20 + 4 + 4) + largeCount * 8 + 20 + 20
        var index = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var at = 0
            func put<T: FixedWidthInteger>(_ value: T) {
                withUnsafeBytes(of: value.bigEndian) { bytes in
                    for byte in bytes { buffer[at] = byte; at += 1 }
                }
            }
            func put(_ bytes: [UInt8]) {
                for byte in bytes { buffer[at] = byte; at += 1 }
            }
            put([0xFF, 0x74, 0x4F, 0x63])
            put(UInt32(2))
            var fanout = [UInt32](repeating: 0, count: 256)
            for entry in sorted { fanout[Int(entry.id.bytes[0])] += 1 }
            var running: UInt32 = 0
            for byte in 0..<256 {
                running += fanout[byte]
                put(running)
            }
            for entry in sorted { put(entry.id.bytes) }
            for entry in sorted { put(entry.crc) }
            var large = 0
            for entry in sorted {
                if entry.offset < 0x8000_0000 {
                    put(UInt32(entry.offset))
                } else {
                    put(0x8000_0000 | UInt32(large))
                    large += 1
                }
            }
            for entry in sorted where entry.offset >= 0x8000_0000 { put(entry.offset) }
            put(packChecksum)
            initialized = at
        }
        precondition(index.count == size - 20, "a pack index of the size it was counted at")
        index += Array(Insecure.SHA1.hash(data: index))
        return index
    }

    /// `data` as one zlib stream at `level`: 1, the fastest, for records (small: zlib gains little more at
    /// higher levels), or 0, stored blocks that inflate at the speed of a copy.
    static func deflate(_ data: UnsafeRawBufferPointer, level: Int32) throws -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        // An empty blob has no base address; zlib still needs a pointer.
        var empty: Bytef = 0
        let source = data.baseAddress?.assumingMemoryBound(to: Bytef.self)
        let result = output.withUnsafeMutableBufferPointer { buffer in
            withUnsafePointer(to: &empty) { compress2(buffer.baseAddress, &length, source ?? $0, uLong(data.count), level) }
        }
        guard result == Z_OK else { throw GitError(operation: "compress an object for a pack", code: result, message: "zlib error \(result)") }
        output.removeLast(output.count - Int(length))
        return output
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o444)
        guard descriptor >= 0 else { throw GitError(operation: "write \(path)", code: -1, message: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let step = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { break }
            written += step
        }
        // On disk before it takes its name: a power cut must not leave an index naming a pack of garbage.
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw GitError(operation: "write \(path)", code: -1, message: String(cString: strerror(errno)))
        }
    }

    /// Each chunk's entries (or its error), written once by the thread that made them.
    private final class EntryChunks: @unchecked Sendable {
        private(set) var chunks: [Result<[(bytes: [UInt8], crc: UInt32)], Error>]
        private let lock = NSLock()
        init(_ count: Int) { chunks = Array(repeating: .success([]), count: count) }
        func set(_ chunk: Int, _ result: Result<[(bytes: [UInt8], crc: UInt32)], Error>) {
            lock.lock()
            chunks[chunk] = result
            lock.unlock()
        }
    }

    static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
