import Foundation
import TroveKit

/// Reads a file, or standard input for `-`, line by line in bounded memory.
public enum LineReader {
    /// Calls `body` with each line (without its newline) and its 1-based number, to the end of the input.
    public static func forEachLine(in path: String, _ body: (ArraySlice<UInt8>, Int) throws -> Void) throws {
        let handle: FileHandle
        if path == "-" {
            handle = .standardInput
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw LineReaderError.missing(path) }
            guard !isFolder.boolValue else { throw LineReaderError.folder(path) }
            guard let opened = FileHandle(forReadingAtPath: path) else { throw LineReaderError.unreadable(path) }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var pending: [UInt8] = []
        var number = 0
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw LineReaderError.unreadable(path) }
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                number += 1
                try body(pending[start..<newline], number)
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty {
            number += 1
            try body(pending[...], number)
        }
    }
}

/// Why an input file could not be read.
public enum LineReaderError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case folder(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .missing(let path): return "\(path) does not exist"
        case .folder(let path): return "\(path) is a folder, not a file"
        case .unreadable(let path): return "\(path) cannot be read (check its permissions)"
        }
    }
}

extension LineReaderError: UserFacingError {}
