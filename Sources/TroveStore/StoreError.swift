import TroveJSON
import TroveSchema

/// Why the store refused or failed to do something, worded for the person at the keyboard.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAStore(path: String)
    /// A store whose git data cannot be read as it is: `problem` says what is wrong.
    case damaged(path: String, problem: String)
    case newerFormat(path: String, found: Int, supported: Int)
    case alreadyAStore(path: String)
    case folderNotEmpty(path: String)
    case unknownType(String, known: [String])
    case invalidJSON(source: String, error: JSONParseError)
    case invalidRecord(source: String, violations: [SchemaViolation])
    case recordNotFound(id: String)
    case notARecord(path: String, reason: String)
    case handEdited(path: String)
    case locked(seconds: Double)
    case notAnImage(source: String)
    case unsupportedMedia(source: String)
    case nothingToUndo
    case undoBlocked(path: String)
    case unknownCommit(String)
    case unknownRemote(String)
    case remoteExists(String)
    case syncGaveUp(remote: String, attempts: Int)
    case mergeLostRecord(path: String)
    case noConflict(id: String, field: String)
    /// A shared store synced without checking who signed what arrives.
    case unreviewedSharedStore(path: String)
    case reviewDidNotSettle(commit: String)
    /// Plain git stopped a merge (`git pull` met a delete-vs-edit) and left it for someone to finish.
    case unfinishedGitMerge(commit: String)
    /// A push refused before it started: the files it would carry that `check` does not accept, by commit.
    case pushRefused(remote: String, problems: [ArrivingFileProblem])
    /// A hand deletion of a media file that records still refer to.
    case mediaInUse(path: String, records: [String])

    public var description: String {
        switch self {
        case .pushRefused(let remote, let problems):
            return "nothing was pushed to \(remote): it would carry files that a check of the store refuses\n"
                + problems.map { "  commit \($0.commit.prefix(10)): \($0.path): \($0.reason)\n" }.joined()
                + "Fix each file and commit it, or take the commit back; then sync again"
        case .mediaInUse(let path, let records):
            return "\(path) is deleted, but \(records.joined(separator: ", ")) still \(records.count == 1 ? "refers" : "refer") to it; "
                + "nothing was committed: restore it with 'git checkout -- \(path)', or remove it from "
                + "\(records.count == 1 ? "that record" : "those records") in the same commit"
        case .unfinishedGitMerge(let commit):
            return "git stopped in the middle of merging \(commit.prefix(10)) and left the store half merged: "
                + "a commit finishes the merge by Trove's rules (an edit wins over a delete; both sides' values are kept)"
        case .notAStore(let path):
            return "\(path) is not a Trove store"
        case .damaged(_, let problem):
            return "the store's git data is damaged: \(problem); restore it from a copy or a peer"
        case .newerFormat(let path, let found, let supported):
            return "\(path) uses store format \(found), but this trove understands up to \(supported): upgrade trove"
        case .alreadyAStore(let path):
            return "\(path) is already a Trove store"
        case .folderNotEmpty(let path):
            return "\(path) is not empty and is not a Trove store: choose an empty or new folder"
        case .unknownType(let type, let known):
            return "unknown record type '\(type)' (known types: \(known.joined(separator: ", ")))"
        case .invalidJSON(let source, let error):
            return "\(source): \(error)"
        case .invalidRecord(let source, let violations):
            return "\(source) was not saved: " + violations.map(\.spoken).joined(separator: "; ")
        case .recordNotFound(let id):
            return "no record with id \(id)"
        case .notARecord(let path, let reason):
            return "\(path): \(reason)"
        case .handEdited(let path):
            return "\(path) has uncommitted hand edits: commit them, or restore the file as it was committed"
        case .locked(let seconds):
            return "another trove process is writing to this store (waited \(Int(seconds.rounded())) s); try again when it has finished"
        case .notAnImage(let source):
            return "\(source) is not an image Trove can store (JPEG, PNG, GIF, WebP or HEIC)"
        case .unsupportedMedia(let source):
            return "\(source) is not a file Trove can store (an image, MP4/MOV video, M4A/MP3/WAV sound or PDF)"
        case .nothingToUndo:
            return "nothing to undo"
        case .undoBlocked(let path):
            return "cannot undo: \(path) has changed since; edit it instead"
        case .unknownCommit(let revision):
            return "no commit '\(revision)' in this store"
        case .unknownRemote(let name):
            return "no remote named '\(name)'"
        case .remoteExists(let name):
            return "a remote named '\(name)' already exists"
        case .syncGaveUp(let remote, let attempts):
            return "\(remote) kept changing while we synced (\(attempts) tries); sync again"
        case .noConflict(let id, let field):
            return "record \(id) has no kept conflict on \(field)"
        case .mergeLostRecord(let path):
            return "the merge would have lost \(path); nothing was changed (please report this)"
        case .unreviewedSharedStore(let path):
            return "\(path) is a shared store: its members' signatures must be checked on sync, as a group's sync does"
        case .reviewDidNotSettle(let commit):
            return "checking the commits up to \(commit.prefix(10)) did not settle; nothing was merged (please report this)"
        }
    }
}
