import Foundation
import TroveGit
import TroveJSON
import TroveParallel
import TroveSchema
import TroveSystem

/// A set of puts, deletes and media additions that become exactly one commit.
///
/// Reads inside a transaction see its own earlier writes. Nothing reaches
/// git until the transaction's body returns without throwing.
public struct Transaction {
    let store: Store
    let base: Tree?
    private(set) var changes: [String: PendingChange] = [:]
    /// The hash of the last component of every path in `changes` (`<id>.json` for a record): looking up an id
    /// this transaction has not touched, an import's common case, then skips building its path in every
    /// collection (that was 6 % of a 10,000-event import). A hash, not the name (8 bytes a record, not 48): a
    /// false match only costs the lookups it would have skipped.
    private var changedNames: Set<Int> = []
    private(set) var actions = ActionLog()
    /// The paths staged as bytes (`.write`) since the last spill, and how many bytes those are.
    private var heldPaths: [String] = []
    private var heldBytes = 0
    /// The pack the records were spilled to: finished before the commit names them, removed if the transaction
    /// is given up.
    private(set) var spillPack: PackStream?
    /// Spill packs already finished (readable by git): a pack's index of its objects is held in memory until it is
    /// finished, so a transaction of 1,000,000 records starts a new one every `objectsPerSpillPack` objects.
    private(set) var finishedSpillPacks: [PackStream] = []
    /// Which of `finishedSpillPacks` held the last blob `blob` read (a box: `blob` is not mutating).
    private let lastSpillPackRead = SpillPackHint()
    /// 131,072 objects: one pack up to an import of that many records, eight for 1,000,000 (tests make it small).
    public var objectsPerSpillPack = 1 << 17
    /// The changes spilled so far, on disk (`spillIfLarge`); `changes` holds only the later ones and the logs.
    private(set) var spilled: SpilledChanges?
    /// The commit message; when `nil`, one is written from what the transaction did.
    public var message: String?
    /// Paths whose checked-out file may differ from HEAD (a hand edit being committed).
    var adoptedPaths: Set<String> = []
    /// Whether every change went through the checks `check` applies (a put validates its record); raw writes
    /// (hand edits, undo) do not, and then the commit's tree is not taken for checked (`LocalState.checkedTree`).
    private(set) var onlyCheckedWrites = true
    /// The last id of each log file this transaction wrote, sorted and unique: appending later ids needs no re-read.
    var logTails: [String: String] = [:]
    private var clock: HybridClock
    /// The record collections with a folder at the base commit: only those can hold a record not yet touched here.
    private let baseCollections: [String]

    /// Bytes to write, a blob already written (large log files, kept out of memory), or a deletion.
    enum PendingChange { case write([UInt8]), stored(ObjectID), delete }

    /// What the transaction stages at a path, as its `observer` sees it.
    public enum StagedChange {
        /// The file's new bytes.
        case write([UInt8])
        /// A blob already in the object database (a hand edit being committed, a large log file).
        case stored
        case delete
    }

    /// Told of every path the transaction changes, as it changes it, in order; the commit is the base's tree with
    /// exactly these changes. An import's index feed (`IndexFeed`) follows it to index the records as they come.
    public var observer: ((_ path: String, _ change: StagedChange) -> Void)?

    /// From this many bytes held, a transaction writes what it holds as a pack of its own and keeps only the ids
    /// (`spillIfLarge`): an import's memory then stays the same whatever the size of its file. 16 MB is about
    /// 20,000 journal entries; a pack of that size is written in about 0.1 s.
    public static let defaultSpillBytes = 16 << 20
    /// Where log files are, which `spillIfLarge` leaves to their own rule.
    private static let logFolderPrefix = LogFile.folder + "/"

    /// The bytes this transaction holds before it writes them out (tests make it small).
    public var spillBytes = Transaction.defaultSpillBytes

    /// What a transaction did, for its commit message.
    struct Action {
        enum Kind: String { case add = "Add", update = "Update", delete = "Delete", media = "Add media" }
        var kind: Kind
        var type: String
        var id: String
        var label: String?
    }

    init(store: Store, base: Tree?, clock: HybridClock, message: String?) {
        self.store = store
        self.message = message
        self.base = base
        self.clock = clock
        let folders = Set(base?.entries.map(\.name) ?? [])
        baseCollections = store.recordCollections.filter(folders.contains)
    }

    /// The clock of the latest edit in this transaction.
    var lastClock: HybridClock { clock }

    /// Adds or replaces a record of `type`; returns it as stored.
    ///
    /// Without an `id` the record is new. With the id of an existing record it
    /// replaces that record, keeping `createdAt` and any kept merge `conflicts`.
    @discardableResult
    public mutating func put(_ fields: JSONValue, type: String) throws -> Record {
        try apply(Self.finish(prepare(fields, type: type)))
    }

    /// Puts many records, as a loop of `put`s would, with the same results and the same first error; returns
    /// them as stored, in order.
    ///
    /// Their canonical form, schema check and encoding (`finish`), which need nothing of each other, run on other
    /// threads while this one prepares the next records and stages the finished ones: they were a third of a
    /// 10,000-event import's time on one core. Records are taken in runs of distinct ids, so a record put twice
    /// sees its first version, as in a loop of `put`s.
    ///
    /// - Parameter invalid: given, in order, each item a record's check refuses (`StoreError.invalidRecord`), with
    ///   its position in `items`: the batch goes on unless it throws, as it does unless told otherwise. An import
    ///   that skips invalid entries names them here.
    @discardableResult
    public mutating func put(batch items: [(fields: JSONValue, type: String)],
                             invalid: (_ position: Int, _ error: StoreError) throws -> Void = { throw $1 }) throws -> [Record] {
        /// Hands a refusal to `invalid`; throws any other error.
        func refused(_ error: Error, at position: Int) throws {
            guard let error = error as? StoreError, case .invalidRecord = error else { throw error }
            try invalid(position, error)
        }
        guard items.count >= 2 * Self.sliceSize else {
            var records: [Record] = []
            for (position, item) in items.enumerated() {
                do { records.append(try put(item.fields, type: item.type)) } catch { try refused(error, at: position) }
            }
            return records
        }
        var records: [Record] = []
        records.reserveCapacity(items.count)
        let pipeline = PipelinedMap<Prepared, Finished>(Self.finish)
        var slice: [Prepared] = [], ids = Set<String>()
        func apply(_ transaction: inout Transaction, waiting: Bool) throws {
            if waiting {
                pipeline.submit(slice)
                slice.removeAll(keepingCapacity: true)
                ids.removeAll(keepingCapacity: true)
            }
            for finished in pipeline.take(waiting: waiting) {
                do { records.append(try transaction.apply(finished)) } catch { try refused(error, at: finished.prepared.position) }
            }
        }
        for (position, item) in items.enumerated() {
            // The first version of a record put twice is staged before the second is prepared.
            if let id = item.fields["id"]?.stringValue, ids.contains(id) { try apply(&self, waiting: true) }
            var prepared: Prepared
            do {
                prepared = try prepare(item.fields, type: item.type)
            } catch {
                // A record before this one may have failed its check: a loop of `put`s would have met that first.
                try apply(&self, waiting: true)
                try refused(error, at: position)
                continue
            }
            prepared.position = position
            ids.insert(prepared.id)
            slice.append(prepared)
            if slice.count == Self.sliceSize {
                pipeline.submit(slice)
                slice.removeAll(keepingCapacity: true)
                try apply(&self, waiting: false)
            }
        }
        try apply(&self, waiting: true)
        return records
    }

    /// How many records go to another thread at once: a 10,000-event import's 40 slices keep both cores busy.
    static let sliceSize = 256

    /// A record `put` is making, before its canonical form, check and encoding (`finish`).
    struct Prepared: Sendable {
        var id: String
        var type: String
        var format: RecordFormat
        var members: [String: JSONValue]
        var isNew: Bool
        /// Where the record is in the batch `put(batch:)` was given.
        var position = 0
    }

    /// A record `finish`ed: as stored, its bytes, and what its schema says against it.
    struct Finished: Sendable {
        var prepared: Prepared
        var record: Record
        var bytes: [UInt8]
        var violations: [SchemaViolation]
    }

    /// The lookups and the clock of a put, which depend on what the transaction holds and so run in order.
    private mutating func prepare(_ fields: JSONValue, type: String) throws -> Prepared {
        guard let format = store.formats.format(for: type), !format.isLog else {
            throw StoreError.unknownType(type, known: store.formats.recordTypes)
        }
        guard var members = fields.objectValue else {
            throw StoreError.invalidRecord(source: "the \(type)", violations: [SchemaViolation(path: "", message: "expected a JSON object, found \(fields.typeName)", found: "is " + SchemaViolation.noun(fields.typeName), limit: "it must be a group of fields")])
        }
        if let given = members["type"], given != .string(type) {
            throw StoreError.invalidRecord(source: "the \(type)", violations: [SchemaViolation(path: "/type", message: "is \(CanonicalJSON.compact(given)), but the record is put as \(type)")])
        }
        let givenID = members["id"]?.stringValue
        let id = givenID ?? RecordID.make()
        // A freshly made id cannot exist yet: skip the lookup (it dominates bulk imports).
        // A committed file that does not parse (written by hand, `check` names it) is replaced whole: that is its fix.
        let existing: Record?
        do { existing = try givenID.flatMap { try self.record(id: $0) } } catch is JSONParseError { existing = nil }
        if let existing, existing.type != type {
            throw StoreError.invalidRecord(source: "\(type) \(id)", violations: [SchemaViolation(path: "/id", message: "belongs to a \(existing.type) record")])
        }
        // Formats/README.md: the new time is the later of the wall clock and the record's own clock,
        // so an edit always sorts after what it replaces, even when that came from a peer whose clock runs ahead.
        // A record clock far ahead of ours is a wrong clock (refused on arrival since; a record may predate that):
        // observing it would stamp this edit, and every later one, with that far future.
        let now = HybridClock.nowMilliseconds()
        if let current = existing?.clock.flatMap(HybridClock.init), !current.isFarAhead(of: now) { clock = clock.observing(current) }
        clock = clock.tick(now: now)
        members["id"] = .string(id)
        members["type"] = .string(type)
        members["v"] = .integer(format.version)
        members["createdAt"] = existing?.value["createdAt"] ?? members["createdAt"] ?? .string(clock.timestamp)
        members["updatedAt"] = .string(clock.timestamp)
        members["clock"] = .string(clock.description)
        // Omitting `conflicts` keeps the notes (no loser is dropped by accident); `[]` clears them.
        if members["conflicts"] == nil, let kept = existing?.value["conflicts"] { members["conflicts"] = kept }
        if members["conflicts"] == .array([]) { members["conflicts"] = nil }
        return Prepared(id: id, type: type, format: format, members: members, isNew: existing == nil)
    }

    /// The canonical record, its schema check and its bytes: the same for the same input on any thread.
    @Sendable private static func finish(_ prepared: Prepared) -> Finished {
        let record = Record(JSONValue.object(prepared.members).canonicalized())
        let violations = prepared.format.validate(record.value)
        return Finished(prepared: prepared, record: record, bytes: violations.isEmpty ? record.canonicalBytes : [], violations: violations)
    }

    /// Stages a finished record, or throws what its schema says against it.
    private mutating func apply(_ finished: Finished) throws -> Record {
        let (prepared, record) = (finished.prepared, finished.record)
        guard finished.violations.isEmpty else {
            // A record not yet in the store is named as new: its id would mean nothing to the user.
            let name = record.label.map { "\(prepared.type) \"\($0)\"" } ?? (prepared.isNew ? "the new \(prepared.type)" : "\(prepared.type) \(prepared.id)")
            throw StoreError.invalidRecord(source: name, violations: finished.violations)
        }
        change(StoreLayout.recordPath(collection: prepared.format.collection, id: prepared.id), to: .write(finished.bytes))
        actions.append(Action(kind: prepared.isNew ? .add : .update, type: prepared.type, id: prepared.id, label: record.spokenName))
        try spillIfLarge()
        return record
    }

    /// Deletes the record `id`.
    public mutating func delete(id: String) throws {
        guard let found = try locate(id: id) else { throw StoreError.recordNotFound(id: id) }
        change(found.path, to: .delete)
        actions.append(Action(kind: .delete, type: found.record.type, id: id, label: found.record.spokenName))
    }

    /// Stores a media file once, by content hash; returns its SHA-256 hex digest and path.
    ///
    /// - Parameter families: the kinds of file the caller takes; anything else is refused.
    public mutating func addMedia(_ bytes: [UInt8], source: String,
                                  accepting families: Set<MediaKind.Family> = [.image]) throws -> MediaReference {
        guard let kind = MediaKind(magic: bytes), families.contains(kind.family) else {
            throw families == [.image] ? StoreError.notAnImage(source: source) : StoreError.unsupportedMedia(source: source)
        }
        let reference = MediaReference(bytes: bytes, kind: kind)
        if try pendingChange(at: reference.path) == nil, base?.entry(atPath: reference.path) == nil {
            change(reference.path, to: .write(bytes))
            actions.append(Action(kind: .media, type: kind.rawValue, id: reference.sha256, label: nil))
            try spillIfLarge()
        }
        return reference
    }

    /// The record `id` as this transaction sees it.
    public func record(id: String) throws -> Record? { try locate(id: id)?.record }

    /// Whether a record `id` of `type` exists as this transaction sees it, without reading it.
    public func contains(id: String, type: String) throws -> Bool {
        guard RecordID.isValid(id), let format = store.formats.format(for: type) else { return false }
        let path = StoreLayout.recordPath(collection: format.collection, id: id)
        // A spill run that cannot be read throws, as in record(id:): answering "not there" would let an import
        // write a second copy of a record it already holds.
        switch try pendingChange(at: path) {
        case .write?, .stored?: return true
        case .delete?: return false
        case nil: return base?.entry(atPath: path) != nil
        }
    }

    /// Writes raw bytes at a path (hand-edit commits and undo use this; it skips validation).
    ///
    /// - Parameter madeByTrove: the bytes are Trove's own (a new store's `trove.json`), not a copy of a file.
    mutating func write(path: String, bytes: [UInt8]?, madeByTrove: Bool = false) {
        change(path, to: bytes.map { .write($0) } ?? .delete)
        if !madeByTrove { onlyCheckedWrites = false }
    }

    /// Sets `path` to a blob already in the object database.
    mutating func write(path: String, blob: ObjectID) {
        change(path, to: .stored(blob))
        onlyCheckedWrites = false
    }

    private mutating func change(_ path: String, to change: PendingChange) {
        changes[path] = change
        if let observer {
            switch change {
            case .write(let bytes): observer(path, .write(bytes))
            case .stored: observer(path, .stored)
            case .delete: observer(path, .delete)
            }
        }
        changedNames.insert(Self.lastComponent(path).hashValue)
        // Log files are held and stored by their own rule (`storeIdleLogs`), which appends to them in place.
        if case .write(let bytes) = change, !path.hasPrefix(Self.logFolderPrefix) {
            heldPaths.append(path)
            heldBytes += bytes.count
        }
    }

    /// Writes the bytes held since the last spill to the transaction's pack once they reach `spillBytes`, keeping
    /// their ids.
    ///
    /// Reads of those records go to the pack from then on (`blob`); the commit finishes the pack, then names the
    /// blobs as it names any. A transaction given up removes it (`discardSpilledPack`).
    private mutating func spillIfLarge() throws {
        guard heldBytes >= spillBytes else { return }
        let pack = try spillBatch()
        // A full pack is finished once the batch's records and entries are let go (they are `spillBatch`'s own, and
        // die with it), not while the next batch is held: finishing builds its index file beside the index it
        // holds, and at the start of the next spill the two stood on top of a batch, raising a 1,000,000-entry
        // import's peak at each of its eight packs.
        if pack.count >= objectsPerSpillPack {
            try pack.finish()
            try pack.releaseIndex()
            finishedSpillPacks.append(pack)
            spillPack = try PackStream(in: store.repository)
        }
        // The batch just written is free again; glibc keeps freed pages of its heaps until told.
        FreedMemory.giveBack()
    }

    /// Writes the held records to the spill pack and their changes to a run on disk; returns the pack.
    private mutating func spillBatch() throws -> PackStream {
        var paths: [String] = [], blobs: [[UInt8]] = [], taken = Set<String>()
        for path in heldPaths where taken.insert(path).inserted {
            // One written and then deleted is not bytes any more.
            guard case .write(let bytes)? = changes[path] else { continue }
            paths.append(path)
            blobs.append(bytes)
        }
        let pack = try spillPack ?? PackStream(in: store.repository)
        spillPack = pack
        for (path, id) in zip(paths, try pack.append(blobs)) { changes[path] = .stored(id) }
        heldPaths.removeAll(keepingCapacity: true)
        heldBytes = 0
        // What is stored leaves memory for a run on disk; log files keep their own rule (`storeIdleLogs`).
        let spilling = changes.filter { path, change in
            if case .write = change { return false }
            return !path.hasPrefix(Self.logFolderPrefix)
        }
        let runs = spilled ?? SpilledChanges(folder: store.repository.gitDirectory)
        spilled = runs
        try runs.spill(spilling.map { ($0.key, $0.value) })
        for path in spilling.keys { changes[path] = nil }
        changedNames = Set(changes.keys.map { Self.lastComponent($0).hashValue })
        return pack
    }

    private static func lastComponent(_ path: String) -> Substring {
        path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path)
    }

    /// The change this transaction holds for `path`, in memory or spilled.
    func pendingChange(at path: String) throws -> PendingChange? {
        if let change = changes[path] { return change }
        guard let spilled, spilled.mayHold(name: Self.lastComponent(path)) else { return nil }
        return try spilled.change(at: path)
    }

    /// Removes the pack this transaction spilled to, when it commits nothing: no commit names its objects.
    func discardSpilledPack() {
        spillPack?.discard()
        for pack in finishedSpillPacks { pack.discard() }
    }

    /// The bytes of a blob a change names: from the spill packs if they hold it (read directly, before and after
    /// they are finished, never mapped), else from git.
    ///
    /// The pack that held the last blob asked for is asked first: the commit asks in path order, which is mostly
    /// the order records were put, and so the order they were spilled.
    func blob(_ id: ObjectID) throws -> [UInt8] {
        if let bytes = try spillPack?.read(id) { return bytes }
        if finishedSpillPacks.indices.contains(lastSpillPackRead.value),
           let bytes = try finishedSpillPacks[lastSpillPackRead.value].read(id) {
            return bytes
        }
        for (number, pack) in finishedSpillPacks.enumerated() where number != lastSpillPackRead.value {
            if let bytes = try pack.read(id) {
                lastSpillPackRead.value = number
                return bytes
            }
        }
        return try store.repository.blob(id)
    }

    private func locate(id: String) throws -> (path: String, record: Record)? {
        guard RecordID.isValid(id) else { return nil }
        let name = Substring(id + ".json")
        let touched = changedNames.contains(name.hashValue) || spilled?.mayHold(name: name) == true
        guard touched || !baseCollections.isEmpty else { return nil }
        let shard = StoreLayout.fanout(id)
        for collection in store.recordCollections where touched {
            let path = StoreLayout.recordPath(collection: collection, shard: shard, id: id)
            switch try pendingChange(at: path) {
            case .write(let bytes): return (path, Record(try JSONValue(parsing: bytes)))
            case .stored(let blob): return (path, Record(try JSONValue(parsing: self.blob(blob))))
            case .delete: return nil
            case nil: continue
            }
        }
        for collection in baseCollections {
            let path = StoreLayout.recordPath(collection: collection, shard: shard, id: id)
            if try pendingChange(at: path) == nil, let entry = base?.entry(atPath: path) {
                return (path, Record(try JSONValue(parsing: store.repository.blob(entry.id))))
            }
        }
        return nil
    }
}

extension FormatCatalog {
    /// The formats stored as one file per record (not logs), by what their schemas' roots say.
    var recordFormats: [FormatSummary] { formatSummaries.filter { !$0.isLog } }
    /// The names of those formats.
    var recordTypes: [String] { recordFormats.map(\.type) }
}

/// Which finished spill pack held the last blob a transaction read: only a hint, so copies of a transaction may share it.
private final class SpillPackHint {
    var value = 0
}
