import Foundation
import TroveSystem

/// The git index changes of a large checkout, kept in path order in an unnamed file instead of in memory.
///
/// An import of 1,000,000 records stages 1,000,000 entries: held as `GitIndexFile.Entry`s with their paths they
/// were about 100 bytes each (issue 25). Here each is written as it is staged and read back once, in the same
/// order, by `GitIndexFile.writeMerging`.
final class StagedChangeRun {
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var written: Int = 0
    private var lastPath: [UInt8]?
    /// How many changes the run holds.
    private(set) var count = 0

    /// An unnamed file in `folder` (the git directory), gone when this is released or the process ends.
    init(in folder: String) throws {
        guard let made = ScratchFile.make(in: folder, named: "trove-staging") else { throw Self.failure("make a staging file in \(folder)") }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Adds the change of `path`: staged as `entry`, or unstaged (`nil`). Paths must come in byte order, each once.
    func append(path: String, entry: GitIndexFile.Entry?) throws {
        let bytes = Array(path.utf8)
        precondition(lastPath.map { $0.lexicographicallyPrecedes(bytes) } ?? true, "staged changes come in path order")
        lastPath = bytes
        buffer.append(entry == nil ? 0 : 1)
        withUnsafeBytes(of: UInt16(bytes.count).littleEndian) { buffer.append(contentsOf: $0) }
        buffer += bytes
        if let entry {
            buffer += entry.blob.bytes
            let data = entry.statData
            for value in [data.ctimeSeconds, data.ctimeNanoseconds, data.mtimeSeconds, data.mtimeNanoseconds,
                          data.device, data.inode, data.user, data.group, data.size] {
                withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
            }
        }
        count += 1
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws {
        if let failure = ScratchFile.write(buffer, to: descriptor, at: written) {
            errno = failure
            throw Self.failure("write a staging file")
        }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Reads the changes back in order, a MB at a time.
    func reader() throws -> Reader {
        try flush()
        return Reader(descriptor: descriptor, end: written)
    }

    struct Reader {
        private var file: FileStretchReader

        init(descriptor: Int32, end: Int) {
            file = FileStretchReader(descriptor: descriptor, from: 0, to: end)
        }

        /// The next change: its path and its entry, or `nil` for an unstaged path.
        mutating func next() throws -> (path: [UInt8], entry: GitIndexFile.Entry?)? {
            guard let head = try file.read(3) else { return nil }
            let staged = head[head.startIndex] == 1
            let length = Int(head[head.startIndex + 1]) | Int(head[head.startIndex + 2]) << 8
            guard let path = try file.read(length).map(Array.init) else { throw FileStretchError(reason: "it ends inside a record") }
            guard staged else { return (path, nil) }
            guard let rest = try file.read(56) else { throw FileStretchError(reason: "it ends inside a record") }
            let blob = ObjectID(bytes: Array(rest.prefix(20)))
            let values = (0..<9).map { index in
                let at = rest.startIndex + 20 + 4 * index
                return UInt32(rest[at]) | UInt32(rest[at + 1]) << 8 | UInt32(rest[at + 2]) << 16 | UInt32(rest[at + 3]) << 24
            }
            let data = GitIndexFile.StatData(ctimeSeconds: values[0], ctimeNanoseconds: values[1], mtimeSeconds: values[2],
                                             mtimeNanoseconds: values[3], device: values[4], inode: values[5], user: values[6],
                                             group: values[7], size: values[8])
            return (path, GitIndexFile.Entry(path: "", blob: blob, statData: data))
        }
    }

    fileprivate static func failure(_ doing: String) -> GitError {
        GitError(operation: doing, code: -1, message: String(cString: strerror(errno)))
    }
}
