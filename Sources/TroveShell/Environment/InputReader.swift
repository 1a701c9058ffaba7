import Foundation

/// Standard input for a command: the process's, or bytes in memory (a test's).
public final class InputReader: @unchecked Sendable {
    private enum Source {
        case standardInput
        case memory([UInt8])
    }

    private let source: Source
    private let lock = NSLock()
    /// How far a memory input has been read.
    private var offset = 0
    /// Every line, read once and kept: `login` and `passwd` read a password and a new one from two lines.
    private var keptLines: [String]?

    private init(source: Source) { self.source = source }

    /// Bytes in memory, read as standard input would be.
    public convenience init(bytes: [UInt8]) { self.init(source: .memory(bytes)) }

    /// The process's standard input.
    public static let standardInput = InputReader(source: .standardInput)

    /// Everything left, to the end.
    public func readAll() -> [UInt8] {
        switch source {
        case .standardInput:
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        case .memory(let bytes):
            return lock.withLock {
                defer { offset = bytes.count }
                return Array(bytes[offset...])
            }
        }
    }

    /// Hands everything left to `body`, a part at a time, to the end.
    public func forEachPart(_ body: ([UInt8]) throws -> Void) throws {
        switch source {
        case .standardInput:
            while let data = try FileHandle.standardInput.read(upToCount: 1 << 20), !data.isEmpty { try body(Array(data)) }
        case .memory:
            try body(readAll())
        }
    }

    /// The next line without its newline, or `nil` at the end.
    public func readLine() -> String? {
        switch source {
        case .standardInput:
            return Swift.readLine(strippingNewline: true)
        case .memory(let bytes):
            return lock.withLock {
                guard offset < bytes.count else { return nil }
                let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
                defer { offset = min(end + 1, bytes.count) }
                var line = bytes[offset..<end]
                if line.last == 0x0D { line = line.dropLast() }
                return String(decoding: line, as: UTF8.self)
            }
        }
    }

    /// Line `number` (0-based) of the whole input, which is read once and kept; `nil` when it has fewer lines.
    func line(_ number: Int) -> String? {
        if lock.withLock({ keptLines }) == nil {
            let text = String(decoding: readAll(), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
            }
            lock.withLock { keptLines = lines }
        }
        let lines = lock.withLock { keptLines ?? [] }
        return number < lines.count && !(number == lines.count - 1 && lines[number].isEmpty) ? lines[number] : nil
    }
}
