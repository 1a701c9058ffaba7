import Foundation
import TroveKit

/// Reads a file, or standard input for `-`, line by line in bounded memory: a megabyte at a time and its longest line.
public enum LineReader {
    /// Calls `body` with each line (without its newline) and its 1-based number, to the end of the input. A last line
    /// without a line feed is a line; the nothing after a last line feed is not.
    public static func forEachLine(in path: String, _ body: (ArraySlice<UInt8>, Int) throws -> Void) throws {
        var number = 0
        try forEachSegment(in: path) { segment, terminated in
            if !terminated && segment.isEmpty { return }
            number += 1
            try body(segment, number)
        }
    }

    /// Calls `body` with each run of bytes between line feeds (without the line feed), and whether a line feed ended
    /// it: every one does but the last, which may be empty. A reader that must tell a file ending in a line feed from
    /// one that does not (vCard's soft line breaks) reads these.
    public static func forEachSegment(in path: String, _ body: (ArraySlice<UInt8>, _ terminated: Bool) throws -> Void) throws {
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
        var segments = LineSegments()
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw LineReaderError.unreadable(path) }
            if chunk.isEmpty { break }
            try segments.take(chunk, body)
        }
        try segments.finish(body)
    }

    /// `forEachSegment` of bytes held in memory.
    public static func forEachSegment(of bytes: some Collection<UInt8>, _ body: (ArraySlice<UInt8>, _ terminated: Bool) throws -> Void) rethrows {
        var segments = LineSegments()
        try segments.take(bytes, body)
        try segments.finish(body)
    }
}

/// Bytes cut at their line feeds as they arrive, a piece at a time: the one place a text is split into lines.
struct LineSegments {
    private var pending: [UInt8] = []
    /// Bytes of `pending` already searched for a line feed: a line longer than a piece is searched once, not once a
    /// piece.
    private var searched = 0

    /// Hands over the segments that `piece` ends.
    mutating func take(_ piece: some Collection<UInt8>, _ body: (ArraySlice<UInt8>, Bool) throws -> Void) rethrows {
        pending.append(contentsOf: piece)
        var start = 0
        while let newline = pending[(start + searched)...].firstIndex(of: 0x0A) {
            try body(pending[start..<newline], true)
            start = newline + 1
            searched = 0
        }
        searched = pending.count - start
        pending.removeFirst(start)
    }

    /// Hands over what is left after the last line feed (perhaps nothing).
    mutating func finish(_ body: (ArraySlice<UInt8>, Bool) throws -> Void) rethrows {
        try body(pending[...], false)
        pending.removeAll()
        searched = 0
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
