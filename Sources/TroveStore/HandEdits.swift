import Foundation
import TroveGit
import TroveJSON

/// A checked-out file that differs from HEAD because someone edited it by hand.
public struct HandEdit: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case record(type: String, id: String)
        case media
        /// An append-only log of `type` (one JSON object per line).
        case log(type: String)
        /// Not a file of the store format: `trove commit` leaves it alone.
        case foreign
        /// `trove.json` or `.gitattributes`: edited only by Trove.
        case storeFile
    }
    public var path: String
    public var change: FileStatus.Change
    public var kind: Kind
}

extension Store {
    /// The checked-out files that differ from HEAD.
    public func handEdits() throws -> [HandEdit] {
        try repository.status(cachingIn: local.statusCacheFile).map { status in
            HandEdit(path: status.path, change: status.change, kind: classify(status.path))
        }
    }

    /// Validates the hand edits and commits them as one commit; foreign files are left alone.
    ///
    /// Each edited record gets a new `updatedAt` and `clock`, is rewritten
    /// canonically, and must validate; one bad file refuses the whole commit.
    @discardableResult
    public func commitHandEdits(message: String) throws -> CommitResult {
        var putBack: [String] = []
        let (leftAlone, committed) = try transaction(message: message) { transaction -> [String] in
            var leftAlone: [String] = []
            for edit in try handEdits() {
                switch edit.kind {
                case .foreign:
                    leftAlone.append(edit.path)
                    continue
                case .storeFile:
                    throw StoreError.notARecord(path: edit.path, reason: "is written by Trove only; restore it with 'git checkout -- \(edit.path)'")
                case .media:
                    transaction.adoptedPaths.insert(edit.path)
                    guard edit.change != .deleted else { transaction.write(path: edit.path, bytes: nil); continue }
                    let bytes = try checkedOutBytes(edit.path)
                    guard let problem = MediaCheck.problem(path: edit.path, bytes: bytes) else {
                        transaction.write(path: edit.path, bytes: bytes)
                        continue
                    }
                    throw StoreError.notARecord(path: edit.path, reason: problem)
                case .log(let type):
                    transaction.adoptedPaths.insert(edit.path)
                    guard edit.change != .deleted else { transaction.write(path: edit.path, bytes: nil); continue }
                    transaction.write(path: edit.path, bytes: try LogFile.canonical(checkedOutBytes(edit.path), type: type, path: edit.path, formats: formats))
                case .record(let type, let id):
                    transaction.adoptedPaths.insert(edit.path)
                    guard edit.change != .deleted else { transaction.write(path: edit.path, bytes: nil); continue }
                    let value: JSONValue
                    do { value = try JSONValue(parsing: checkedOutBytes(edit.path)) } catch let error as JSONParseError {
                        throw StoreError.invalidJSON(source: edit.path, error: error)
                    }
                    guard value["id"]?.stringValue == id else {
                        throw StoreError.notARecord(path: edit.path, reason: "its \"id\" must be \(id), the id in its file name")
                    }
                    let put: Record
                    do { put = try transaction.put(value, type: type) } catch StoreError.invalidRecord(_, let violations) {
                        throw StoreError.invalidRecord(source: edit.path, violations: violations)
                    }
                    // The store manages when a record was made; a hand edit of it is put back, and said so.
                    if let edited = value["createdAt"], let kept = put.value["createdAt"], edited != kept {
                        putBack.append("\(edit.path): createdAt is kept as \(kept.stringValue ?? "\(kept)"), since Trove manages it")
                    }
                }
            }
            try refuseDeletingMediaInUse(transaction)
            return leftAlone
        }
        var result = committed
        result.leftAlone = leftAlone
        result.putBack = putBack
        return result
    }

    /// What kind of store file `path` is.
    func classify(_ path: String) -> HandEdit.Kind {
        if path == StoreLayout.metadataFile || path == StoreLayout.attributesFile { return .storeFile }
        if path.hasPrefix(StoreLayout.mediaFolder + "/") { return .media }
        if let type = LogFile.type(of: path, formats: formats) { return .log(type: type) }
        if let (collection, id) = StoreLayout.parseRecordPath(path), let format = formats.format(forCollection: collection),
           !format.isLog, RecordID.isValid(id), StoreLayout.fanout(id) == path.split(separator: "/")[1] {
            return .record(type: format.type, id: id)
        }
        return .foreign
    }

    /// Refuses a transaction that deletes a media file some record still refers to once it is committed.
    ///
    /// Records the transaction changes count as it leaves them, so a commit that drops the photo from its
    /// entry (or deletes the entry) may delete the file too.
    private func refuseDeletingMediaInUse(_ transaction: Transaction) throws {
        var deleted: [String: String] = [:]
        for (path, change) in transaction.changes {
            guard case .delete = change, case .media = classify(path), transaction.base?.entry(atPath: path) != nil,
                  let digest = MediaCheck.digest(inPath: path) else { continue }
            deleted[digest] = path
        }
        guard !deleted.isEmpty else { return }
        var users = MediaUsers()
        func note(_ path: String, _ bytes: [UInt8]) {
            guard case .record(let type, _) = classify(path), let value = try? JSONValue(parsing: bytes),
                  let references = formats.format(for: type)?.mediaReferences(in: value) else { return }
            users.note(references.filter { deleted[$0] != nil }, by: path)
        }
        if let base = transaction.base {
            for collection in recordCollections {
                try repository.walkFiles(in: base, under: collection) { path, blob in
                    if transaction.changes[path] == nil { note(path, try repository.blob(blob)) }
                }
            }
        }
        for (path, change) in transaction.changes {
            switch change {
            case .write(let bytes): note(path, bytes)
            case .stored(let blob): note(path, try transaction.blob(blob))
            case .delete: continue
            }
        }
        if let (digest, records) = users.byMedia.sorted(by: { $0.key < $1.key }).first {
            throw StoreError.mediaInUse(path: deleted[digest]!, records: records.sorted())
        }
    }

    private func checkedOutBytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: try repository.workdirPath(path)) else {
            throw StoreError.notARecord(path: path, reason: "cannot be read")
        }
        return Array(data)
    }
}
