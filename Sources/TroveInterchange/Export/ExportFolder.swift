import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder an export writes into: atomic writes, each file once, and the report.
struct ExportFolder {
    let root: URL
    private(set) var report = ExportReport()
    private var written: Set<String> = []
    /// Media already looked up: its file name, or nil when it could not be copied.
    private var mediaOutcome: [String: String?] = [:]
    private let media: ExportMediaSource

    init(root: URL, media: @escaping ExportMediaSource) throws {
        self.root = root.standardizedFileURL
        self.media = media
        try Self.makeDirectory(self.root)
    }

    mutating func warn(_ warning: ExportWarning) {
        if !report.warnings.contains(warning) { report.warnings.append(warning) }
    }

    /// Writes `text` as UTF-8 at `relativePath`, replacing what was there.
    mutating func write(_ text: String, to relativePath: String) throws {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Writes `bytes` at `relativePath` through a temporary file renamed over the target,
    /// so a killed export leaves either the old file or the new one, never half of one.
    mutating func write(_ bytes: [UInt8], to relativePath: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try Self.makeDirectory(url.deletingLastPathComponent())
        let dir = url.deletingLastPathComponent().path
        let temp = "\(dir)/.\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw Self.failure(relativePath) }
        var ok = true
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { ok = false; return }
                offset += n
            }
        }
        let errorNumber = errno
        // fsync so the renamed file has its bytes even after a crash of the machine.
        if ok, fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(temp, url.path) == 0 else {
            let failure = Self.failure(relativePath, errorNumber: ok ? errno : errorNumber)
            unlink(temp)
            throw failure
        }
        written.insert(relativePath)
        report.filesWritten.append(relativePath)
    }

    /// Copies `item` to `<folder>/<sha256>.<ext>` once per export; returns the file name,
    /// or nil (with a warning) when the name is unsafe or the bytes are missing.
    mutating func copyMedia(_ item: ExportedMedia, into folder: String, entryID: String?) throws -> String? {
        guard let name = ExportSlug.mediaFileName(item) else {
            warn(.invalidMediaName(sha256: item.sha256, fileExtension: item.fileExtension, entryID: entryID))
            return nil
        }
        let path = folder.isEmpty ? name : "\(folder)/\(name)"
        if let known = mediaOutcome[path] { return known }
        let bytes: [UInt8]?
        do { bytes = try media(item) } catch {
            throw ExportError.mediaUnreadable(sha256: item.sha256, reason: "\(error)")
        }
        guard let bytes else {
            warn(.missingMedia(sha256: item.sha256, entryID: entryID))
            mediaOutcome[path] = .some(nil)
            return nil
        }
        try write(bytes, to: path)
        report.mediaCopied += 1
        mediaOutcome[path] = name
        return name
    }

    /// Deletes files in `dir` that `isGenerated` claims and this export did not write:
    /// pages of entries no longer published must not outlive a re-export.
    mutating func removeStale(in dir: String, isGenerated: (String) -> Bool) {
        let url = root.appendingPathComponent(dir)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names.sorted() where isGenerated(name) && !written.contains("\(dir)/\(name)") {
            if unlink(url.appendingPathComponent(name).path) == 0 { report.filesRemoved.append("\(dir)/\(name)") }
        }
    }

    /// Whether this export wrote `relativePath`.
    func wrote(_ relativePath: String) -> Bool { written.contains(relativePath) }

    private static func makeDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw ExportError.writeFailed(path: url.path, reason: "\(error.localizedDescription)")
        }
    }

    private static func failure(_ path: String, errorNumber: Int32 = errno) -> ExportError {
        .writeFailed(path: path, reason: String(cString: strerror(errorNumber)))
    }
}

/// `write(2)`; named apart because `ExportFolder.write` hides the C function inside the type.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
