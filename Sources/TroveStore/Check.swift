import Foundation
import TroveGit
import TroveJSON

/// One thing `trove check` found wrong, naming the file.
public struct CheckProblem: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

extension Store {
    /// Checks that every record parses and validates, every media hash matches, every media file a record
    /// refers to is there, uncommitted hand edits are valid, and every git object is intact.
    public func check() throws -> [CheckProblem] {
        var problems: [CheckProblem] = []
        for object in repository.corruptObjects() {
            problems.append(CheckProblem(path: ".git/objects", message: "object \(object) is corrupt or unreadable"))
        }
        var users = MediaUsers()
        if let tree = try headTree() {
            var present: Set<String> = []
            var firstFile: [String: String] = [:]
            // Every file of HEAD, links and submodules included: what plain git brought in is held to
            // the rule every arriving file meets, then its content is checked.
            for delta in try repository.diff(from: nil, to: tree) {
                let path = delta.path, blob = delta.newID!
                if delta.mode != .file || SafePath.problem(path) != nil {
                    problems.append(CheckProblem(path: path, message: (try? arrivingProblem(delta)) ?? "is not a plain file"))
                    continue
                }
                guard let bytes = try? repository.blob(blob) else {
                    problems.append(CheckProblem(path: path, message: "its git object \(blob.short) cannot be read"))
                    continue
                }
                switch classify(path) {
                case .media:
                    if let digest = MediaCheck.digest(inPath: path) { present.insert(digest) }
                case .record(let type, let id):
                    // Tree order is path order: the first file of an id is the one every reader takes.
                    if let first = firstFile[id] {
                        problems.append(CheckProblem(path: path, message: Self.sharedIDProblem(first)))
                    } else {
                        firstFile[id] = path
                    }
                    if let value = try? JSONValue(parsing: bytes) { users.note(formats.format(for: type)?.mediaReferences(in: value) ?? [], by: path) }
                default:
                    break
                }
                if let message = problem(path: path, bytes: bytes) { problems.append(CheckProblem(path: path, message: message)) }
            }
            if tree.entry(atPath: StoreLayout.attributesFile) == nil {
                problems.append(CheckProblem(path: StoreLayout.attributesFile, message: ArrivingFileRule.missingStoreFile))
            }
            for (digest, records) in users.byMedia.sorted(by: { $0.key < $1.key }) where !present.contains(digest) {
                problems.append(CheckProblem(path: MediaCheck.anyPath(digest), message: "is missing, but \(records.joined(separator: ", ")) "
                    + "\(records.count == 1 ? "refers" : "refer") to it"))
            }
        }
        if let merging = repository.mergeHeadID() {
            problems.append(CheckProblem(path: ".git/MERGE_HEAD", message: StoreError.unfinishedGitMerge(commit: merging.description).description))
        }
        for link in try repository.symbolicLinksInWorkTree().sorted() {
            problems.append(CheckProblem(path: link, message: "is a symbolic link; Trove neither writes nor reads through links (put the real folder or file back)"))
        }
        for edit in try handEdits() {
            if edit.change == .deleted {
                switch edit.kind {
                case .media:
                    guard let digest = MediaCheck.digest(inPath: edit.path), let records = users.byMedia[digest] else { continue }
                    problems.append(CheckProblem(path: edit.path, message: "deleted by hand, but \(records.joined(separator: ", ")) "
                        + "still \(records.count == 1 ? "refers" : "refer") to it; a commit of the store will refuse that"))
                case .storeFile:
                    problems.append(CheckProblem(path: edit.path, message: "deleted by hand; only Trove writes it"))
                default:
                    break
                }
                continue
            }
            switch edit.kind {
            case .record, .media, .log:
                guard let data = FileManager.default.contents(atPath: try repository.workdirPath(edit.path)) else { continue }
                if let message = problem(path: edit.path, bytes: Array(data), committed: false) {
                    problems.append(CheckProblem(path: edit.path, message: "uncommitted hand edit: \(message)"))
                }
            case .storeFile:
                problems.append(CheckProblem(path: edit.path, message: "changed by hand; only Trove writes it"))
            case .foreign:
                continue
            }
        }
        return problems
    }

    /// What `check` can still find in a store too damaged to open: that damage, and every unreadable object.
    public static func checkUnopenable(at path: String, problem: String) -> [CheckProblem] {
        var problems = [CheckProblem(path: ".git", message: problem)]
        if let repository = try? Repository(openingAt: normalized(path)) {
            for object in repository.corruptObjects() {
                problems.append(CheckProblem(path: ".git/objects", message: "object \(object) is corrupt or unreadable"))
            }
        }
        return problems
    }

    /// What `check` says of the second file of an id whose first file is `first`.
    static func sharedIDProblem(_ first: String) -> String {
        "has the id of \(first), which is the record Trove reads; one id names one record (remove one of the two)"
    }

    /// What is wrong with one committed or checked-out file, or `nil` if it is fine.
    ///
    /// An uncommitted hand edit need not be canonical: `trove commit` rewrites it canonically.
    /// A push judges what it sends with the committed rules (`outgoingProblems`).
    func problem(path: String, bytes: [UInt8], committed: Bool = true) -> String? {
        switch classify(path) {
        case .storeFile:
            guard path == StoreLayout.metadataFile else {
                return bytes == Array(StoreLayout.attributes.utf8) ? nil : ArrivingFileRule.attributesDiffer
            }
            guard let value = try? JSONValue(parsing: bytes), value["format"]?.intValue != nil else {
                return "store metadata is unreadable"
            }
            return nil
        case .media:
            return MediaCheck.problem(path: path, bytes: bytes)
        case .log(let type):
            do { _ = try LogFile.canonical(bytes, type: type, path: path, formats: formats) } catch { return "\(error)" }
            return nil
        case .foreign:
            return foreignFileProblem(path)
        case .record(let type, let id):
            let value: JSONValue
            do { value = try JSONValue(parsing: bytes) } catch { return "\(error)" }
            if value["id"]?.stringValue != id { return "its \"id\" does not match its file name" }
            if value["type"]?.stringValue != type { return "its \"type\" is not \(type), the type of its folder" }
            let violations = formats.format(for: type)?.validate(value) ?? []
            if !violations.isEmpty { return violations.map(\.spoken).joined(separator: "; ") }
            if committed, let future = ArrivingFileRule.futureClockProblem(value) { return future }
            if committed, CanonicalJSON.encode(value) != bytes {
                return "not written canonically (Trove writes each record in one exact form: committing it rewrites it so)"
            }
            return nil
        }
    }
}

/// Which records refer to each media file, by SHA-256.
struct MediaUsers {
    private(set) var byMedia: [String: [String]] = [:]

    /// Notes that `record` refers to `digests`; a value that is no SHA-256 is the schema's to report, not a file to look for.
    mutating func note(_ digests: [String], by record: String) {
        for digest in digests where ArrivingFileRule.isLowerHex(Substring(digest), count: 64) {
            byMedia[digest, default: []].append(record)
        }
    }
}

/// Checks a media file against its content-addressed name.
enum MediaCheck {
    /// The SHA-256 a media path names (`media/xx/<sha256>.<ext>`), or `nil` for another shape.
    static func digest(inPath path: String) -> String? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.firstIndex(of: "."), ArrivingFileRule.isLowerHex(name[..<dot], count: 64) else { return nil }
        return String(name[..<dot])
    }

    /// A media file of any extension, named by its SHA-256, as a record refers to it.
    static func anyPath(_ digest: String) -> String {
        StoreLayout.mediaPath(sha256: digest, fileExtension: "*")
    }

    static func problem(path: String, bytes: [UInt8]) -> String? {
        let name = (path as NSString).lastPathComponent
        let parts = name.split(separator: ".")
        guard parts.count == 2, let kind = MediaKind(rawValue: String(parts[1])) else {
            return "media files are named <sha256>.<" + MediaKind.allCases.map(\.rawValue).joined(separator: "|") + ">"
        }
        guard MediaKind(magic: bytes) == kind else { return "its content is not a \(kind.rawValue) file" }
        let digest = MediaReference.digest(bytes)
        guard digest == parts[0], path == StoreLayout.mediaPath(sha256: digest, fileExtension: kind.rawValue) else {
            return "its content hash is \(digest), not the one in its name"
        }
        return nil
    }
}
