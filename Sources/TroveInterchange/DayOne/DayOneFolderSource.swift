import Foundation
import TroveJSON

/// The files of an export, named by paths relative to its top: a folder on disk or a ZIP.
protocol DayOneFileSource: Sendable {
    /// Paths like `Dev Journal.json` and `photos/<md5>.jpeg`, with `/` between folders.
    var relativePaths: [String] { get }
    /// How messages name the file at `relativePath`, like its full path on disk.
    func displayPath(of relativePath: String) -> String
    /// The file's bytes, or `nil` when the export has no such file.
    func contents(of relativePath: String) throws(DayOneError) -> [UInt8]?
    /// The file as a stream of JSON read a part at a time (a journal file), or `nil` when the export has no such file.
    func jsonStream(of relativePath: String) throws(DayOneError) -> JSONObjectStream?
}

extension DayOneFileSource {
    /// The journal files: `.json` files at the top, skipping hidden and macOS `._` files.
    var journalFiles: [String] {
        relativePaths.filter { !$0.contains("/") && DayOneExportLayout.isJournalFileName($0) }.sorted()
    }
}

/// Rules for which files of an export count, shared by folders and ZIPs.
enum DayOneExportLayout {
    static let mediaFolders = Set(DayOneMedia.Kind.allCases.map(\.folder))

    static func isJournalFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.lowercased().hasSuffix(".json") && name.count > 5
    }

    /// Files macOS adds when it zips a folder; they are not part of the export.
    static func isMacOSMetadata(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || path.split(separator: "/").last?.hasPrefix("._") == true
            || path.hasSuffix(".DS_Store")
    }
}

/// An unzipped export: journal files at the top of a folder, media in its media folders.
struct DayOneFolderSource: DayOneFileSource {
    /// The folder that holds the journal files.
    let root: String
    let relativePaths: [String]

    /// Lists the top of `folder` and its media folders (never deeper, in case the user
    /// points at a large folder by mistake).
    init(folder: String) throws(DayOneError) {
        root = folder
        var paths: [String] = []
        for name in try Self.names(in: folder) where !DayOneExportLayout.mediaFolders.contains(name) {
            // Only journal files are read from the top, so only they need a check for being files.
            if DayOneExportLayout.isJournalFileName(name), Self.isFolder(folder + "/" + name) { continue }
            paths.append(name)
        }
        for mediaFolder in DayOneExportLayout.mediaFolders.sorted() {
            let path = folder + "/" + mediaFolder
            guard Self.isFolder(path) else { continue }
            for name in try Self.names(in: path) { paths.append(mediaFolder + "/" + name) }
        }
        relativePaths = paths
    }

    /// The folder holding the journal files: `folder` itself, or its only subfolder when the
    /// export was unzipped into a folder of its own.
    static func exportRoot(of folder: String) throws(DayOneError) -> String {
        let names = try self.names(in: folder)
        if names.contains(where: { DayOneExportLayout.isJournalFileName($0) && !isFolder(folder + "/" + $0) }) {
            return folder
        }
        let subfolders = names.filter {
            !$0.hasPrefix(".") && $0 != "__MACOSX" && !DayOneExportLayout.mediaFolders.contains($0)
                && isFolder(folder + "/" + $0)
        }
        guard subfolders.count == 1 else { return folder }
        return folder + "/" + subfolders[0]
    }

    func displayPath(of relativePath: String) -> String { root + "/" + relativePath }

    func contents(of relativePath: String) throws(DayOneError) -> [UInt8]? {
        let path = displayPath(of: relativePath)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
    }

    func jsonStream(of relativePath: String) throws(DayOneError) -> JSONObjectStream? {
        let path = displayPath(of: relativePath)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try JSONObjectStream(path: path) } catch {
            if case .unreadable(let reason) = error { throw .unreadableFile(path: path, reason: reason) }
            throw .unreadableFile(path: path, reason: "\(error)")
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func names(in folder: String) throws(DayOneError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .unreadableFile(path: folder, reason: error.localizedDescription)
        }
    }
}
