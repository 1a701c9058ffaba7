import Foundation
import TroveJSON
import TroveStore

/// Standard output or standard error of a command: a file descriptor (the process's), or memory (a test's).
///
/// While `paged` runs, lines are held here, by this writer, and shown through the pager at the end.
public final class OutputWriter: @unchecked Sendable {
    private enum Destination {
        case descriptor(FileHandle)
        case memory
    }

    private let destination: Destination
    /// The terminal the writer's output goes to, for table widths and the pager.
    let terminal: TerminalTraits
    private let lock = NSLock()
    /// Lines held back for the pager while `paged` runs.
    private var held: [String]?
    /// What a memory writer was given.
    private var written: [UInt8] = []
    /// What a memory writer sent through its pager: one list of lines for each `paged` that paged.
    private var pagedRuns: [[String]] = []

    /// Writes to a file descriptor of this process.
    init(descriptor: Int32, terminal: TerminalTraits) {
        destination = .descriptor(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false))
        self.terminal = terminal
    }

    /// Keeps what is written in memory (`text`), for tests.
    public init(terminal: TerminalTraits = .none) {
        destination = .memory
        self.terminal = terminal
    }

    /// What a memory writer was given (not what it paged), as text.
    public var text: String { lock.withLock { String(decoding: written, as: UTF8.self) } }

    /// The lines a memory writer sent through the pager, one list for each time it paged.
    public var paged: [[String]] { lock.withLock { pagedRuns } }

    /// Bytes as they are.
    public func write(_ bytes: some Collection<UInt8>) {
        switch destination {
        case .descriptor(let handle):
            let wroteInPlace: Void? = bytes.withContiguousStorageIfAvailable { buffer in
                // Straight from the buffer: copying it into `Data` first cost a long listing its size again in fresh memory.
                guard let base = buffer.baseAddress else { return }
                handle.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
            }
            if wroteInPlace == nil { handle.write(Data(bytes)) }
        case .memory:
            lock.withLock { written.append(contentsOf: bytes) }
        }
    }

    /// Text as it is (no newline added).
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// One line.
    public func line(_ text: String = "") {
        if lock.withLock({ held?.append(text) }) != nil { return }
        write(text + "\n")
    }

    /// Runs `body`, sending what it prints through the pager when it is long and the output is a terminal.
    public func paged(_ body: () throws -> Void) rethrows {
        guard terminal.pages, lock.withLock({ held == nil }) else { return try body() }
        lock.withLock { held = [] }
        defer {
            let lines = lock.withLock {
                defer { held = nil }
                return held ?? []
            }
            show(lines)
        }
        try body()
    }

    /// Held lines: through the pager on the process's terminal; kept in `paged` in memory.
    private func show(_ lines: [String]) {
        switch destination {
        case .descriptor:
            Pager.show(lines, height: terminal.height, on: self)
        case .memory:
            lock.withLock { pagedRuns.append(lines) }
        }
    }

    /// Prints a JSON document canonically (it already ends in a newline).
    public func json(_ value: JSONValue) {
        let bytes = CanonicalJSON.encode(value)
        if lock.withLock({ held != nil }) {
            String(decoding: bytes.dropLast(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .forEach { line(String($0)) }
            return
        }
        write(bytes)
    }

    /// What a command that commits did: its summary, or `{"commit", "summary"}` with `--json`.
    func commitResult(_ result: CommitResult, json: Bool) {
        if json {
            self.json(["commit": result.commit.map { .string($0.hex) } ?? .null, "summary": .string(result.summary)])
        } else {
            line(result.summary)
        }
    }

    /// Rows in aligned columns, without a header. On a terminal the table fits its width (the last
    /// column is shortened with "…"), measured afresh for each command, so a resized window gets
    /// a table that fits it; a pipe gets every character, in one write (a listing of thousands of
    /// lines made a system call for each).
    func table(_ rows: [[String]]) {
        guard let count = rows.map(\.count).max() else { return }
        let columns = (0..<count).map { Table.Column("", flexible: $0 == count - 1) }
        let table = Table(columns: columns, rows: rows, showsHeader: false)
        if lock.withLock({ held != nil }) {
            table.render(width: tableWidth, color: false).forEach { line($0) }
        } else {
            text(table.text(width: tableWidth, color: false))
        }
    }

    /// The width `table` fits its rows to: the terminal's, or no limit for a pipe.
    var tableWidth: Int { terminal.outputIsInteractive ? terminal.width : Int.max / 4 }

    /// Prints lines already laid out as bytes, each ended by a newline.
    func text(_ bytes: [UInt8]) {
        guard lock.withLock({ held == nil }) else {
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().forEach { line(String(decoding: $0, as: UTF8.self)) }
            return
        }
        write(bytes)
    }
}
