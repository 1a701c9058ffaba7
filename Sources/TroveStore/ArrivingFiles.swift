import Foundation
import TroveGit
import TroveJSON
import TroveParallel

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

    /// What is said of a `.gitattributes` other than the one every store has.
    static let attributesDiffer = "differs from the attributes every store has (without them git merges records line by line)"
    /// What is said of a `trove.json` or `.gitattributes` that is gone.
    static let missingStoreFile = "is missing; every store has it (without it git merges records line by line)"

    /// Why a record's `clock` or `updatedAt` may not be kept: more than a day ahead of `now`, such a clock would
    /// win every last-writer-wins merge until that time; `nil` when both are fine or absent.
    static func futureClockProblem(_ value: JSONValue, now: Int64 = HybridClock.nowMilliseconds()) -> String? {
        if let text = value["clock"]?.stringValue, let clock = HybridClock(text), clock.isFarAhead(of: now) {
            return "its clock \(text) is more than a day ahead of this machine's time (it would win every merge)"
        }
        if let text = value["updatedAt"]?.stringValue, let milliseconds = Timestamp.milliseconds(text),
           milliseconds > now + HybridClock.maximumLead {
            return "its updatedAt \(text) is more than a day ahead of this machine's time"
        }
        return nil
    }
}

extension Store {
    /// Why the file that `delta` adds or changes may not be in this store's tree, or `nil` if it may.
    ///
    /// Deletions are judged elsewhere (the merge and the review); here only what would be written.
    func arrivingProblem(_ delta: TreeDelta) throws -> String? {
        switch try arrivingVerdict(delta) {
        case .problem(let reason): return reason
        case .fine: return nil
        case .recordToParse(let blob): return Self.recordProblem(try repository.blob(blob))
        }
    }

    /// What `arrivingProblem` finds without parsing a record, or the record's blob still to parse.
    enum ArrivingVerdict { case problem(String), fine, recordToParse(ObjectID) }

    /// A record that does not parse arrives as it is (merges keep it, `check` names it); one that does may not
    /// carry a clock from the far future.
    private static func recordProblem(_ bytes: [UInt8], now: Int64 = HybridClock.nowMilliseconds()) -> String? {
        guard let value = try? JSONValue(parsing: bytes) else { return nil }
        return ArrivingFileRule.futureClockProblem(value, now: now)
    }

    func arrivingVerdict(_ delta: TreeDelta) throws -> ArrivingVerdict {
        func verdict(_ reason: String?) -> ArrivingVerdict { reason.map { .problem($0) } ?? .fine }
        guard let blob = delta.newID else { return .fine }
        if let problem = SafePath.problem(delta.path) { return .problem(problem) }
        switch delta.mode {
        case .file: break
        case .symbolicLink: return .problem("is a symbolic link; a store holds only plain files")
        case .gitlink: return .problem("is a submodule (a link to another repository); a store holds only plain files")
        case .executable: return .problem("is marked executable; a store holds only plain files")
        case .other(let mode): return .problem("has the file mode \(String(mode, radix: 8)); a store holds only plain files")
        }
        if case .record = classify(delta.path) {
            let size = try repository.blobSize(blob)
            if size > ArrivingFileRule.maximumRecordBytes {
                return .problem("is \(size) bytes, more than a record may hold (\(ArrivingFileRule.maximumRecordBytes))")
            }
            return .recordToParse(blob)
        }
        return verdict(try nonRecordProblem(delta.path, blob: blob))
    }

    /// What `arrivingProblem` says of a file that is not a record.
    private func nonRecordProblem(_ path: String, blob: ObjectID) throws -> String? {
        switch classify(path) {
        case .storeFile:
            let bytes = try repository.blob(blob)
            if path == StoreLayout.attributesFile {
                return bytes == Array(StoreLayout.attributes.utf8) ? nil : "differs from the attributes every store has"
            }
            guard let value = try? JSONValue(parsing: bytes), value["format"]?.intValue != nil else {
                return "is not readable store metadata"
            }
            return nil
        case .media:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, ArrivingFileRule.isLowerHex(parts[1], count: 2) else {
                return "is not where media files go (media/xx/<sha256>.<extension>)"
            }
            return MediaCheck.problem(path: path, bytes: try repository.blob(blob))
        case .log:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard ArrivingFileRule.isLogKey(parts[2]), ArrivingFileRule.isMonthFile(parts[3]) else {
                return "is not where logs go (logs/<collection>/<key>/<yyyy-mm>.jsonl)"
            }
            let size = try repository.blobSize(blob)
            return size > ArrivingFileRule.maximumLogBytes ? "is \(size) bytes, more than a log may hold" : nil
        case .record:
            return nil  // judged by `arrivingVerdict`
        case .foreign:
            return foreignFileProblem(path)
        }
    }

    /// Why `path`, a file `classify` does not take as a store file, may not be in the store.
    func foreignFileProblem(_ path: String) -> String {
        if let (collection, id) = StoreLayout.parseRecordPath(path), let format = formats.format(forCollection: collection),
           !format.isLog, RecordID.isValid(id) {
            return "is in the wrong fan-out folder: the record \(id) belongs at \(StoreLayout.recordPath(collection: collection, id: id))"
        }
        return "is not a file of the store's format"
    }

    /// The files of a commit's own change (against its first parent, or the whole tree of a root)
    /// that this store's tree may not hold, the first few of them.
    func arrivingProblems(of commit: ObjectID, limit: Int = 8) throws -> [ArrivingFileProblem] {
        let parent = try repository.commit(commit).parentIDs.first
        let deltas = try repository.diff(from: parent.map { try repository.tree(ofCommit: $0) }, to: repository.tree(ofCommit: commit))
        var problems: [ArrivingFileProblem] = []
        // Blobs are read on this thread (libgit2's handle is not shared), records parsed on every core: a clone
        // of 100,000 records parses each once here.
        let now = HybridClock.nowMilliseconds()
        for start in stride(from: 0, to: deltas.count, by: 8192) {
            let batch = deltas[start..<min(deltas.count, start + 8192)]
            var reasons = [String?](repeating: nil, count: batch.count)
            var toParse: [(position: Int, bytes: [UInt8])] = []
            for (position, delta) in batch.enumerated() {
                switch try arrivingVerdict(delta) {
                case .problem(let reason): reasons[position] = reason
                case .fine: break
                case .recordToParse(let blob): toParse.append((position, try repository.blob(blob)))
                }
            }
            let parsed = toParse.map(\.bytes).concurrentMap { Self.recordProblem($0, now: now) }
            for (entry, reason) in zip(toParse, parsed) { reasons[entry.position] = reason }
            for (delta, reason) in zip(batch, reasons) {
                guard let reason else { continue }
                problems.append(ArrivingFileProblem(commit: commit.description, path: delta.path, reason: reason))
                if problems.count == limit { return problems }
            }
        }
        return problems
    }

    /// Every arriving commit (reachable from `theirs`, not from `head`) whose own change holds a file
    /// this store may not hold, with its first problems.
    func arrivingProblems(theirs: ObjectID, head: ObjectID?) throws -> [ArrivingFileProblem] {
        try repository.commitIDs(from: theirs, notIn: head).flatMap { try arrivingProblems(of: $0) }
    }
}

extension Store {
    /// What a push to a hub whose branch is at `remoteHead` would carry that `check` does not accept, the first few,
    /// each named by the outgoing commit that made the file what it is.
    ///
    /// The files are those that differ between the hub's tree and HEAD's: what the hub would hold once the push lands.
    /// Each is judged by the rule for arriving files (the one every peer applies on receiving it) and, for records,
    /// by `check`'s (parses, validates, matches its name, canonical) and one id in one collection. Judging the
    /// result rather than each commit lets a fix on top (an edit committed with `trove commit`, or `trove undo`)
    /// clear the way: history is never rewritten, so a bad commit stays in it. A deleted `trove.json` or
    /// `.gitattributes`, or media a record still refers to, count too.
    func outgoingProblems(head: ObjectID, remoteHead: ObjectID?, limit: Int = 8) throws -> [ArrivingFileProblem] {
        let headTree = try repository.tree(ofCommit: head)
        let remoteTree = try remoteHead.map { try repository.tree(ofCommit: $0) }
        var found: [(delta: TreeDelta, reason: String)] = []
        var users: MediaUsers?
        for delta in try outgoingDeltas(from: remoteTree, to: headTree) {
            let reason: String?
            if delta.newID == nil {
                switch classify(delta.path) {
                case .storeFile:
                    reason = ArrivingFileRule.missingStoreFile
                case .media:
                    if users == nil { users = try mediaUsers(in: headTree) }
                    reason = MediaCheck.digest(inPath: delta.path).flatMap { users?.byMedia[$0] }
                        .map { "is deleted, but \($0.joined(separator: ", ")) still \($0.count == 1 ? "refers" : "refer") to it" }
                default:
                    reason = nil
                }
            } else {
                reason = try arrivingProblem(delta) ?? committedProblem(delta, in: headTree)
            }
            guard let reason else { continue }
            found.append((delta, reason))
            if found.count == limit { break }
        }
        guard !found.isEmpty else {
            local.saveCheckedTree(headTree.id)
            return []
        }
        let outgoing = try repository.commitIDs(from: head, notIn: remoteHead).reversed()
        return try found.map { delta, reason in
            let commit = try introducingCommit(of: delta, among: outgoing) ?? head
            return ArrivingFileProblem(commit: commit.description, path: delta.path, reason: reason)
        }
    }

    /// The files a push would change on the hub, less those unchanged since a tree already checked
    /// (`LocalState.checkedTree`): deletions all count, whatever was checked.
    private func outgoingDeltas(from remoteTree: Tree?, to headTree: Tree) throws -> [TreeDelta] {
        guard let checkedID = local.checkedTree(), repository.contains(checkedID), let checked = try? repository.tree(checkedID) else {
            return try repository.diff(from: remoteTree, to: headTree)
        }
        let sinceChecked = try repository.diff(from: checked, to: headTree)
        // An empty hub gets the whole tree: what differs from the checked one is all there is to judge.
        guard let remoteTree else { return sinceChecked }
        let changedSinceChecked = Set(sinceChecked.map(\.path))
        return try repository.diff(from: remoteTree, to: headTree).filter { $0.newID == nil || changedSinceChecked.contains($0.path) }
    }

    /// What `check` says of a record or log that `delta` adds or changes, or of a record whose id another
    /// collection of `tree` holds too.
    private func committedProblem(_ delta: TreeDelta, in tree: Tree) throws -> String? {
        guard let blob = delta.newID else { return nil }
        switch classify(delta.path) {
        case .record(_, let id):
            if let problem = problem(path: delta.path, bytes: try repository.blob(blob)) { return problem }
            let shard = StoreLayout.fanout(id)
            for collection in recordCollections where !delta.path.hasPrefix(collection + "/") {
                let other = StoreLayout.recordPath(collection: collection, shard: shard, id: id)
                if tree.entry(atPath: other) != nil { return "has the id of \(other) as well; one id names one record" }
            }
            return nil
        case .log:
            return problem(path: delta.path, bytes: try repository.blob(blob))
        default:
            return nil
        }
    }

    /// The newest of `commits` (newest first) that made `delta.path` what it is at the end of `delta`: its file
    /// there (or its absence) matches, and none of its parents' does.
    private func introducingCommit(of delta: TreeDelta, among commits: ReversedCollection<[ObjectID]>) throws -> ObjectID? {
        func state(_ commit: ObjectID) throws -> ObjectID? { try repository.tree(ofCommit: commit).entry(atPath: delta.path)?.id }
        for commit in commits {
            guard try state(commit) == delta.newID else { continue }
            if try repository.commit(commit).parentIDs.allSatisfy({ try state($0) != delta.newID }) { return commit }
        }
        return nil
    }

    /// Which records of `tree` refer to each media file.
    func mediaUsers(in tree: Tree) throws -> MediaUsers {
        var users = MediaUsers()
        for collection in recordCollections {
            guard let format = formats.format(forCollection: collection) else { continue }
            try repository.walkFiles(in: tree, under: collection) { path, blob in
                guard let value = try? JSONValue(parsing: repository.blob(blob)) else { return }
                users.note(format.mediaReferences(in: value), by: path)
            }
        }
        return users
    }
}
