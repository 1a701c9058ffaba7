import Foundation
import TroveJSON
import TroveStore

/// Writes to standard output and standard error.
enum Output {
    /// Lines held back for the pager while `paged` runs.
    nonisolated(unsafe) private static var held: [String]?

    static func line(_ text: String = "") {
        if held != nil {
            held?.append(text)
        } else {
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
    }

    /// Runs `body`, sending what it prints through the pager when it is long and standard output is a terminal.
    static func paged(_ body: () throws -> Void) rethrows {
        guard Pager.wanted, held == nil else { return try body() }
        held = []
        defer {
            let lines = held ?? []
            held = nil
            Pager.show(lines)
        }
        try body()
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("trove: " + text + "\n").utf8))
    }

    /// Prints a JSON document canonically (it already ends in a newline).
    static func json(_ value: JSONValue) {
        let bytes = CanonicalJSON.encode(value)
        if held != nil {
            String(decoding: bytes.dropLast(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .forEach { line(String($0)) }
            return
        }
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// What a command that commits did: its summary, or `{"commit", "summary"}` with `--json`.
    static func commitResult(_ result: CommitResult, json: Bool) {
        if json {
            Output.json(["commit": result.commit.map { .string($0.hex) } ?? .null, "summary": .string(result.summary)])
        } else {
            line(result.summary)
        }
    }

    /// Rows in aligned columns, without a header. On a terminal the table fits its width (the last
    /// column is shortened with "…"), measured afresh for each command, so a resized window gets
    /// a table that fits it; a pipe gets every character, in one write (a listing of thousands of
    /// lines made a system call for each).
    static func table(_ rows: [[String]]) {
        guard let count = rows.map(\.count).max() else { return }
        let columns = (0..<count).map { Table.Column("", flexible: $0 == count - 1) }
        let table = Table(columns: columns, rows: rows, showsHeader: false)
        if held != nil {
            held?.append(contentsOf: table.render(width: tableWidth, color: false))
        } else {
            text(table.text(width: tableWidth, color: false))
        }
    }

    /// The width `table` fits its rows to: the terminal's, or no limit for a pipe.
    static var tableWidth: Int { Terminal.isInteractive(STDOUT_FILENO) ? Terminal.width() : Int.max / 4 }

    /// Prints lines already laid out as bytes, each ended by a newline.
    static func text(_ bytes: [UInt8]) {
        guard held == nil else {
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().forEach { line(String(decoding: $0, as: UTF8.self)) }
            return
        }
        // Straight from the buffer: copying it into `Data` first cost a long listing its size again in fresh memory.
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
        }
    }

    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// A record's UTC timestamp as local `YYYY-MM-DD HH:MM` (or its day alone); other text, such as an
    /// all-day date, as it is.
    static func local(_ timestamp: String?, dayOnly: Bool = false) -> String {
        guard let timestamp else { return "—" }
        guard let milliseconds = Timestamp.milliseconds(timestamp) else { return String(timestamp.prefix(dayOnly ? 10 : 16)) }
        let text = date(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        return dayOnly ? String(text.prefix(10)) : text
    }
}
