import Foundation
import TroveJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder an export writes into: atomic writes, each file once, and the report.
///
/// The folder may hold the user's own files, so an export touches only what it wrote: `.trove-export.json`
/// lists the files each kind of export (`html`, `markdown`) wrote last time. A file that is there but not in
/// that list is refused (unless `force`, or its bytes are the ones about to be written); files listed for
/// this kind and not written again are removed.
struct ExportFolder {
    /// The manifest's name inside the folder.
    static let manifestName = ".trove-export.json"

    let root: URL
    private(set) var report = ExportReport()
    private var written: Set<String> = []
    /// Media already looked up: its file name, or nil when it could not be copied.
    private var mediaOutcome: [String: String?] = [:]
    private let media: ExportMediaSource
    /// This export's kind in the manifest, like `html`.
    private let kind: String
    /// Overwrite files that are not this export's own.
    private let force: Bool
    /// The manifest as found: kind → files that kind wrote.
    private var manifest: [String: [String]]
    /// Every file in the manifest, of any kind: the files an export may replace.
    private let ours: Set<String>

    /// Whether this is the dry pass that only checks every file `body` would write (`perform`'s first pass).
    private let planning: Bool

    /// Runs `body` on the folder, then removes what this kind wrote last time and not now, and records what it wrote.
    ///
    /// `body` runs twice: first without writing, to find a file in the way before anything is touched, then for
    /// real. Should the real pass still throw, the manifest records the files it wrote (they are this export's own).
    static func perform(
        root: URL, kind: String, force: Bool, media: @escaping ExportMediaSource, _ body: (inout ExportFolder) throws -> Void
    ) throws -> ExportReport {
        if !force {
            var plan = ExportFolder(root: root, kind: kind, force: force, media: media, planning: true)
            try body(&plan)
        }
        var folder = ExportFolder(root: root, kind: kind, force: force, media: media, planning: false)
        try Self.makeDirectory(folder.root)
        do {
            try body(&folder)
        } catch {
            try? folder.saveManifest(files: Set(folder.manifest[kind] ?? []).union(folder.written))
            throw error
        }
        folder.removeStale()
        try folder.saveManifest(files: folder.written)
        return folder.report
    }

    private init(root: URL, kind: String, force: Bool, media: @escaping ExportMediaSource, planning: Bool) {
        self.root = root.standardizedFileURL
        self.media = media
        self.kind = kind
        self.force = force
        self.planning = planning
        manifest = Self.readManifest(at: self.root.appendingPathComponent(Self.manifestName))
        ours = Set(manifest.values.joined()).union([Self.manifestName])
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
        try claim(relativePath, url: url) { bytes }
        if planning {
            written.insert(relativePath)
            return
        }
        try Self.makeDirectory(url.deletingLastPathComponent())
        let dir = url.deletingLastPathComponent().path
        let temp = "\(dir)/.\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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
        if planning {
            // Media can be large: its bytes are read only to compare with a file in the way.
            try claim(path, url: root.appendingPathComponent(path)) { try read(item) }
            mediaOutcome[path] = name
            return name
        }
        guard let bytes = try read(item) else {
            warn(.missingMedia(sha256: item.sha256, entryID: entryID))
            mediaOutcome[path] = .some(nil)
            return nil
        }
        try write(bytes, to: path)
        report.mediaCopied += 1
        mediaOutcome[path] = name
        return name
    }

    private func read(_ item: ExportedMedia) throws -> [UInt8]? {
        do { return try media(item) } catch {
            throw ExportError.mediaUnreadable(sha256: item.sha256, reason: "\(error)")
        }
    }

    /// Refuses to replace a file that is there and is no export's own, unless forced or already holding the bytes
    /// to be written (`nil`: nothing will be written after all, as for missing media).
    private func claim(_ relativePath: String, url: URL, bytes: () throws -> [UInt8]?) throws {
        var info = stat()
        guard !force, lstat(url.path, &info) == 0, !ours.contains(relativePath), let new = try bytes() else { return }
        // The same bytes lose nothing: an export made before manifests existed is taken over quietly where it can be.
        if (info.st_mode & S_IFMT) == S_IFREG, let there = FileManager.default.contents(atPath: url.path), [UInt8](there) == new {
            return
        }
        throw ExportError.notOurFile(path: url.path)
    }

    /// Deletes the files this kind of export wrote last time and did not write now (pages of entries no longer
    /// published, media no longer used); nothing else.
    private mutating func removeStale() {
        for path in (manifest[kind] ?? []).sorted() where !written.contains(path) {
            if unlink(root.appendingPathComponent(path).path) == 0 { report.filesRemoved.append(path) }
        }
    }

    /// Records `files` as this kind's, keeping the other kinds' lists; written like any file, atomically.
    private mutating func saveManifest(files: Set<String>) throws {
        manifest[kind] = files.sorted()
        var members: [String: JSONValue] = ["writtenBy": "trove export"]
        for (kind, list) in manifest where !list.isEmpty { members[kind] = .array(list.map { .string($0) }) }
        let saved = report
        let wasWritten = written
        try write(CanonicalJSON.encode(.object(members)), to: Self.manifestName)
        // The manifest is bookkeeping, not one of the export's files.
        (report, written) = (saved, wasWritten)
    }

    /// The manifest's lists, each path checked to stay inside the folder; an unreadable manifest lists nothing,
    /// which makes every file in the folder someone else's (the safe way to be wrong).
    private static func readManifest(at url: URL) -> [String: [String]] {
        guard let data = FileManager.default.contents(atPath: url.path),
              let members = (try? JSONValue(parsing: [UInt8](data)))?.objectValue else { return [:] }
        var lists: [String: [String]] = [:]
        for (kind, value) in members {
            guard let items = value.arrayValue else { continue }
            lists[kind] = items.compactMap(\.stringValue).filter { path in
                !path.isEmpty && !path.hasPrefix("/") && path != manifestName
                    && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
            }
        }
        return lists
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
