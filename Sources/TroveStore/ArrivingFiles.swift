import Foundation
import TroveGit
import TroveJSON

/// One file of an arriving commit that a store's tree may not hold.
public struct ArrivingFileProblem: Sendable, Equatable, CustomStringConvertible {
    /// The commit that adds or changes the file.
    public var commit: String
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// What a store's tree may hold, judged on everything that arrives (a sync, a clone) before any of it is written.
///
/// Anyone who can write to a hub (a USB stick, a shared folder, an ssh account) can push any tree.
/// Every file of an arriving commit must be one of the store's own shapes, named so that it cannot
/// leave its place, a plain file, and within limits; a media file must be what its name says.
/// The shapes are narrow on purpose: `collection/xx/<uuid>.json`, `media/xx/<sha256>.<ext>`,
/// `logs/<collection>/<key>/<yyyy-mm>.jsonl`, `trove.json` and `.gitattributes`.
public enum ArrivingFileRule {
    /// The largest record file that may arrive. The largest record written here is a long journal entry, far below this.
    public static let maximumRecordBytes = 8 << 20
    /// The largest tracker log file (one key's month) that may arrive.
    public static let maximumLogBytes = 1 << 30

    /// Why a log's key folder name is not acceptable, or `nil`: ids of devices, in a narrow alphabet.
    static func isLogKey(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 128 else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }
    }

    /// Whether `name` is a month log's file name, `yyyy-mm.jsonl`.
    static func isMonthFile(_ name: Substring) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 13, bytes[4] == UInt8(ascii: "-"), name.hasSuffix(".jsonl") else { return false }
        return (bytes[0..<4] + bytes[5..<7]).allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    static func isLowerHex(_ text: Substring, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

extension Store {
    /// Why the file that `delta` adds or changes may not be in this store's tree, or `nil` if it may.
    ///
    /// Deletions are judged elsewhere (the merge and the review); here only what would be written.
    func arrivingProblem(_ delta: TreeDelta) throws -> String? {
        guard let blob = delta.newID else { return nil }
        if let problem = SafePath.problem(delta.path) { return problem }
        switch delta.mode {
        case .file: break
        case .symbolicLink: return "is a symbolic link; a store holds only plain files"
        case .gitlink: return "is a submodule (a link to another repository); a store holds only plain files"
        case .executable: return "is marked executable; a store holds only plain files"
        case .other(let mode): return "has the file mode \(String(mode, radix: 8)); a store holds only plain files"
        }
        switch classify(delta.path) {
        case .storeFile:
            let bytes = try repository.blob(blob)
            if delta.path == StoreLayout.attributesFile {
                return bytes == Array(StoreLayout.attributes.utf8) ? nil : "differs from the attributes every store has"
            }
            guard let value = try? JSONValue(parsing: bytes), value["format"]?.intValue != nil else {
                return "is not readable store metadata"
            }
            return nil
        case .media:
            let parts = delta.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, ArrivingFileRule.isLowerHex(parts[1], count: 2) else {
                return "is not where media files go (media/xx/<sha256>.<extension>)"
            }
            return MediaCheck.problem(path: delta.path, bytes: try repository.blob(blob))
        case .log:
            let parts = delta.path.split(separator: "/", omittingEmptySubsequences: false)
            guard ArrivingFileRule.isLogKey(parts[2]), ArrivingFileRule.isMonthFile(parts[3]) else {
                return "is not where logs go (logs/<collection>/<key>/<yyyy-mm>.jsonl)"
            }
            let size = try repository.blobSize(blob)
            return size > ArrivingFileRule.maximumLogBytes ? "is \(size) bytes, more than a log may hold" : nil
        case .record:
            let size = try repository.blobSize(blob)
            return size > ArrivingFileRule.maximumRecordBytes
                ? "is \(size) bytes, more than a record may hold (\(ArrivingFileRule.maximumRecordBytes))" : nil
        case .foreign:
            return "is not a file of the store's format"
        }
    }

    /// The files of a commit's own change (against its first parent, or the whole tree of a root)
    /// that this store's tree may not hold, the first few of them.
    func arrivingProblems(of commit: ObjectID, limit: Int = 8) throws -> [ArrivingFileProblem] {
        let parent = try repository.commit(commit).parentIDs.first
        let deltas = try repository.diff(from: parent.map { try repository.tree(ofCommit: $0) }, to: repository.tree(ofCommit: commit))
        var problems: [ArrivingFileProblem] = []
        for delta in deltas {
            guard let reason = try arrivingProblem(delta) else { continue }
            problems.append(ArrivingFileProblem(commit: commit.description, path: delta.path, reason: reason))
            if problems.count == limit { break }
        }
        return problems
    }

    /// Every arriving commit (reachable from `theirs`, not from `head`) whose own change holds a file
    /// this store may not hold, with its first problems.
    func arrivingProblems(theirs: ObjectID, head: ObjectID?) throws -> [ArrivingFileProblem] {
        try repository.commitIDs(from: theirs, notIn: head).flatMap { try arrivingProblems(of: $0) }
    }
}
