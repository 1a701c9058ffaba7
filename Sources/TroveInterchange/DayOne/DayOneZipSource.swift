import Foundation
import TroveJSON
import TroveSystem
import ZIPFoundation

/// How much a Day One ZIP may declare before it is refused unread.
///
/// A ZIP's directory states each member's uncompressed size; a hostile or broken archive can
/// claim terabytes ("zip bomb"). The checks run on the directory, before any member is read.
public struct DayOneZipLimits: Sendable, Hashable {
    /// The most uncompressed bytes one member may declare.
    public var maximumMemberSize: UInt64
    /// The most uncompressed bytes all members together may declare.
    public var maximumTotalSize: UInt64
    /// The most members the archive may have.
    public var maximumMemberCount: Int

    public init(maximumMemberSize: UInt64, maximumTotalSize: UInt64, maximumMemberCount: Int = 500_000) {
        self.maximumMemberSize = maximumMemberSize
        self.maximumTotalSize = maximumTotalSize
        self.maximumMemberCount = maximumMemberCount
    }

    /// 1 GiB a member, 64 GiB in all: a long video fits, a zip bomb does not.
    public static let standard = DayOneZipLimits(maximumMemberSize: 1 << 30, maximumTotalSize: 64 << 30)
}

/// A zipped export, read member by member on demand so that media never all sit in memory.
///
/// A class because ZIPFoundation's `Archive` keeps one open file whose read position moves
/// with every read; the lock lets one export be shared between tasks.
final class DayOneZipSource: DayOneFileSource, @unchecked Sendable {
    let relativePaths: [String]
    private let archivePath: String
    private let archive: Archive
    /// Relative path → member; the member's own path keeps any top-level folder.
    private let members: [String: Entry]
    private let lock = NSLock()

    init(path: String, limits: DayOneZipLimits) throws(DayOneError) {
        archivePath = path
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw .notAZipArchive(path: path, reason: Self.explain(error))
        }
        var files: [String: Entry] = [:]
        var count = 0
        var totalSize: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.maximumMemberCount else {
                throw .tooManyMembers(archive: path, limit: limits.maximumMemberCount)
            }
            guard !Self.escapesExport(entry.path) else { throw .unsafeMemberPath(archive: path, member: entry.path) }
            let size = entry.uncompressedSize
            guard size <= limits.maximumMemberSize else {
                throw .memberTooLarge(archive: path, member: entry.path, size: size, limit: limits.maximumMemberSize)
            }
            totalSize += size
            guard totalSize <= limits.maximumTotalSize else {
                throw .archiveTooLarge(archive: path, totalSize: totalSize, limit: limits.maximumTotalSize)
            }
            let memberPath = entry.path.replacingOccurrences(of: "\\", with: "/")
            guard entry.type == .file, !DayOneExportLayout.isMacOSMetadata(memberPath) else { continue }
            files[memberPath] = files[memberPath] ?? entry
        }
        // ZIPFoundation stops quietly at a damaged directory record; a short count reveals it.
        if let declared = Self.declaredMemberCount(ofArchiveAt: path), declared != count {
            throw .notAZipArchive(path: path, reason: "its directory lists \(declared) members but only \(count) could be read")
        }
        let prefix = Self.exportPrefix(of: Array(files.keys))
        var relative: [String: Entry] = [:]
        for (memberPath, entry) in files where memberPath.hasPrefix(prefix) {
            relative[String(memberPath.dropFirst(prefix.count))] = entry
        }
        members = relative
        relativePaths = relative.keys.sorted()
    }

    func displayPath(of relativePath: String) -> String {
        "\(archivePath) (member \(members[relativePath]?.path ?? relativePath))"
    }

    func contents(of relativePath: String) throws(DayOneError) -> [UInt8]? {
        guard let entry = members[relativePath] else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(clamping: entry.uncompressedSize))
        try extract(entry) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A journal member unpacked into an unnamed scratch file (removed when the stream closes it), read from there a
    /// part at a time: a 100,000-entry journal is never held whole.
    func jsonStream(of relativePath: String) throws(DayOneError) -> JSONObjectStream? {
        guard let entry = members[relativePath] else { return nil }
        guard let descriptor = ScratchFile.make(in: NSTemporaryDirectory(), named: "trove-dayone") else {
            throw .unreadableMember(archive: archivePath, member: entry.path,
                                    reason: "no scratch file to unpack it into: \(String(cString: strerror(errno)))")
        }
        do {
            try extract(entry) { chunk in
                if let failure = chunk.withUnsafeBytes({ ScratchFile.write($0, to: descriptor, at: nil) }) {
                    throw ScratchWriteFailed(reason: String(cString: strerror(failure)))
                }
            }
        } catch {
            close(descriptor)
            throw error
        }
        return JSONObjectStream(descriptor: descriptor)
    }

    /// Hands `entry`'s bytes to `consumer` as they are unpacked, checked against the size and checksum it declares.
    private func extract(_ entry: Entry, _ consumer: (Data) throws -> Void) throws(DayOneError) {
        lock.lock()
        defer { lock.unlock() }
        let declared = entry.uncompressedSize
        var count: UInt64 = 0
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                // The directory's size was checked against the limits; hold the data to it.
                guard count + UInt64(chunk.count) <= declared else { throw LongerThanDeclared() }
                count += UInt64(chunk.count)
                try consumer(chunk)
            }
        } catch is LongerThanDeclared {
            throw .unreadableMember(archive: archivePath, member: entry.path,
                                    reason: "it holds more than the \(declared) bytes it declares")
        } catch let failure as ScratchWriteFailed {
            throw .unreadableMember(archive: archivePath, member: entry.path, reason: "it could not be unpacked: \(failure.reason)")
        } catch {
            throw .unreadableMember(archive: archivePath, member: entry.path, reason: Self.explain(error))
        }
        guard count == declared else {
            throw .unreadableMember(archive: archivePath, member: entry.path,
                                    reason: "it holds \(count) bytes, not the \(declared) it declares")
        }
        // Extracting through a closure hands back the CRC-32 of what was read but does not compare it with
        // the member's own (only extracting to a file does): a damaged member would be imported as it is.
        guard checksum == entry.checksum else {
            throw .unreadableMember(archive: archivePath, member: entry.path,
                                    reason: "its checksum (CRC-32) does not match its data, so the archive is damaged")
        }
    }

    private struct ScratchWriteFailed: Error { var reason: String }
    private struct LongerThanDeclared: Error {}

    /// Whether unpacking the member would write outside the export: an absolute path, a
    /// Windows drive, or a `..` component ("zip slip").
    static func escapesExport(_ memberPath: String) -> Bool {
        let path = memberPath.replacingOccurrences(of: "\\", with: "/")
        if path.hasPrefix("/") { return true }
        if path.count >= 2, path.dropFirst().first == ":" { return true }
        return path.split(separator: "/").contains("..")
    }

    /// `""` when journal files sit at the top, or `"Folder/"` when the export is zipped
    /// inside one top-level folder, as zipping a folder by hand does.
    static func exportPrefix(of paths: [String]) -> String {
        if paths.contains(where: { !$0.contains("/") && DayOneExportLayout.isJournalFileName($0) }) { return "" }
        let tops = Set(paths.compactMap { path in path.firstIndex(of: "/").map { String(path[..<$0]) } })
        guard tops.count == 1, let top = tops.first, !DayOneExportLayout.mediaFolders.contains(top) else { return "" }
        return top + "/"
    }

    /// The member count in the end-of-central-directory record, or `nil` when it cannot be
    /// read or is a ZIP64 placeholder.
    static func declaredMemberCount(ofArchiveAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
        guard let size = try? handle.seekToEnd() else { return nil }
        let tailLength = min(size, 22 + 65_535)
        guard (try? handle.seek(toOffset: size - tailLength)) != nil,
              let tail = try? handle.readToEnd().map(Array.init), tail.count >= 22 else { return nil }
        var index = tail.count - 22
        while index >= 0 {
            if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05, tail[index + 3] == 0x06 {
                let count = Int(tail[index + 10]) | Int(tail[index + 11]) << 8
                return count == 0xFFFF ? nil : count
            }
            index -= 1
        }
        return nil
    }

    private static func explain(_ error: any Error) -> String {
        switch error {
        case Archive.ArchiveError.missingEndOfCentralDirectoryRecord:
            return "its end-of-archive record is missing, so it is truncated or not a ZIP at all"
        case Archive.ArchiveError.unreadableArchive:
            return "it is damaged or cannot be read"
        case Archive.ArchiveError.invalidCRC32:
            return "its checksum does not match, so the data is damaged"
        case Archive.ArchiveError.invalidCompressionMethod:
            return "it uses a compression method other than deflate"
        default:
            return "\(error)"
        }
    }
}
