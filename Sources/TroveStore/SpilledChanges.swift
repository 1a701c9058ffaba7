import Foundation
import TroveGit
import TroveSystem

/// The changes a large transaction has spilled: sorted runs in unnamed files, not a dictionary in memory.
///
/// An import of 1,000,000 records held each one's path and blob id in `Transaction.changes`, about 110 bytes a
/// record with the dictionary's slack (issue 25). Each spill now writes the changes it took as one run in path
/// order; a lookup reads a few KB of one run, found through every 64th path kept in memory, and only when a
/// fixed-size filter of the names says the path may be there. The commit reads the runs back merged
/// (`merged(with:)`), the newest change of a path winning.
final class SpilledChanges {
    /// One spill's changes, in byte order of their paths.
    private struct Run {
        let descriptor: Int32
        let length: Int
        /// Every `stride`th path and its offset: where a lookup starts reading.
        let marks: [(path: [UInt8], offset: Int)]
    }

    private var runs: [Run] = []
    /// A filter of the last components (`<id>.json`) of every spilled path: 32 Mbit, three probes.
    /// At 1,000,000 names a path never spilled is taken for spilled once in about 1,600 lookups.
    private var filter = HashFilter(bitsLog2: 25)
    private let folder: String
    private static let stride = 64

    init(folder: String) { self.folder = folder }

    deinit { for run in runs { close(run.descriptor) } }

    /// Whether any run may hold a path ending in `name`.
    func mayHold(name: Substring) -> Bool {
        filter.mayContain(Self.hash(name))
    }

    /// Writes `changes` (stored blobs and deletions) as a new run.
    func spill(_ changes: [(path: String, change: Transaction.PendingChange)]) throws {
        let sorted = changes.map { (path: Array($0.path.utf8), change: $0.change) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
        var bytes: [UInt8] = []
        var marks: [(path: [UInt8], offset: Int)] = []
        for (position, item) in sorted.enumerated() {
            if position % Self.stride == 0 { marks.append((item.path, bytes.count)) }
            Self.encode(item.path, item.change, into: &bytes)
            let name = item.path.split(separator: UInt8(ascii: "/")).last ?? []
            filter.insert(Self.hash(Substring(decoding: name, as: UTF8.self)))
        }
        guard let descriptor = ScratchFile.make(in: folder, named: "trove-spill") else { throw Self.failure("make a spill file in \(folder)") }
        if let failure = ScratchFile.write(bytes, to: descriptor, at: 0) {
            close(descriptor)
            errno = failure
            throw Self.failure("write a spill file in \(folder)")
        }
        runs.append(Run(descriptor: descriptor, length: bytes.count, marks: marks))
    }

    /// The newest spilled change of `path`, or `nil` when no run has it.
    func change(at path: String) throws -> Transaction.PendingChange? {
        let key = Array(path.utf8)
        for run in runs.reversed() {
            // The last mark at or before the path: the path, if there, lies in its stretch.
            var low = 0, high = run.marks.count
            while low < high {
                let middle = (low + high) / 2
                if key.lexicographicallyPrecedes(run.marks[middle].path) { high = middle } else { low = middle + 1 }
            }
            guard low > 0 else { continue }
            let start = run.marks[low - 1].offset
            let end = low < run.marks.count ? run.marks[low].offset : run.length
            var reader = try RunReader(descriptor: run.descriptor, from: start, to: end)
            while let (found, change) = try reader.next() {
                if found == key { return change }
                if key.lexicographicallyPrecedes(found) { break }
            }
        }
        return nil
    }

    /// Every spilled change and `held` (the transaction's, which are newer than any run), merged in byte order of
    /// their paths, one per path, the newest winning; read from the runs as it goes.
    func merged(with held: [(path: String, change: Transaction.PendingChange)]) throws -> [MergedChanges.Source] {
        // Every run is read at once, 64 KB at a time: with a MB each, 50 runs (1,000,000 records) held 100 MB.
        var sources = try runs.map {
            MergedChanges.Source.run(try RunReader(descriptor: $0.descriptor, from: 0, to: $0.length, pieceSize: 1 << 16))
        }
        sources.append(.held(held.map { (Array($0.path.utf8), $0.change) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }[...]))
        return sources
    }

    private static func encode(_ path: [UInt8], _ change: Transaction.PendingChange, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt16(path.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes += path
        switch change {
        case .stored(let id):
            bytes.append(1)
            bytes += id.bytes
        case .delete: bytes.append(0)
        case .write: preconditionFailure("held bytes are stored before they spill")
        }
    }

    /// A name's hash for the filter: the process's own (`Hasher`), as nothing outlives the process.
    private static func hash(_ name: Substring) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(name)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    fileprivate static func failure(_ doing: String) -> SpillError {
        SpillError(description: doing + ": " + String(cString: strerror(errno)))
    }

    /// Reads a stretch of a run back, in order.
    struct RunReader {
        private var file: FileStretchReader

        init(descriptor: Int32, from start: Int, to end: Int, pieceSize: Int = FileStretchReader.defaultPieceSize) throws {
            file = FileStretchReader(descriptor: descriptor, from: start, to: end, pieceSize: pieceSize)
        }

        mutating func next() throws -> ([UInt8], Transaction.PendingChange)? {
            guard let head = try file.read(2) else { return nil }
            let length = Int(head[head.startIndex]) | Int(head[head.startIndex + 1]) << 8
            guard let body = try file.read(length + 1) else { throw SpilledChanges.failure("read a spill file back") }
            let path = Array(body.prefix(length))
            guard body.last == 1 else { return (path, .delete) }
            guard let id = try file.read(20) else { throw SpilledChanges.failure("read a spill file back") }
            return (path, .stored(ObjectID(bytes: Array(id))))
        }
    }
}

/// A spill file could not be written or read back (a full disk): the transaction fails and nothing is committed.
struct SpillError: Error, CustomStringConvertible {
    var description: String
}

/// The merged changes of a spilled transaction, in byte order of their paths, one per path: a sequence read once.
/// A failure to read a run ends it early and is kept in `failure`, which the reader must check.
final class MergedChanges: Sequence, IteratorProtocol {
    enum Source {
        case run(SpilledChanges.RunReader)
        case held(ArraySlice<([UInt8], Transaction.PendingChange)>)

        mutating func next() throws -> ([UInt8], Transaction.PendingChange)? {
            switch self {
            case .run(var reader):
                let next = try reader.next()
                self = .run(reader)
                return next
            case .held(var rest):
                let next = rest.popFirst()
                self = .held(rest)
                return next
            }
        }
    }

    /// Later sources are newer.
    private var sources: [Source]
    private var heads: [([UInt8], Transaction.PendingChange)?]
    /// A failure reading a run, kept for `check` (a sequence's iterator cannot throw).
    private(set) var failure: Error?

    init(_ sources: [Source]) throws {
        self.sources = sources
        heads = []
        for index in self.sources.indices { heads.append(try self.sources[index].next()) }
    }

    /// Throws the failure that ended the sequence early, if one did.
    func check() throws { if let failure { throw failure } }

    func next() -> (key: String, value: Transaction.PendingChange)? {
        guard failure == nil else { return nil }
        var smallest: [UInt8]?
        for head in heads { if let head, smallest.map({ head.0.lexicographicallyPrecedes($0) }) ?? true { smallest = head.0 } }
        guard let smallest else { return nil }
        var newest: Transaction.PendingChange?
        do {
            for index in heads.indices where heads[index]?.0 == smallest {
                newest = heads[index]!.1
                heads[index] = try sources[index].next()
            }
        } catch {
            failure = error
            return nil
        }
        return (String(decoding: smallest, as: UTF8.self), newest!)
    }
}
