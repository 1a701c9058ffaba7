import Foundation
import FuzzSupport
import TroveGit
import TroveJSON
@testable import TroveStore

/// The store's rule for files that arrive by sync or clone (`Store.arrivingProblem`, over `classify`).
///
/// Input: one byte choosing the blob (record, trove.json, .gitattributes, a PNG) and the file
/// mode, then the path. Property: a file the rule accepts is a plain file, safe for git (see
/// GitVerifyPath), and has one of the store's narrow shapes, checked here byte by byte:
/// `trove.json`, `.gitattributes`, `media/xx/<sha256>.<ext>`, `logs/<log collection>/<key>/<yyyy-mm>.jsonl`
/// or `<collection>/xx/<id>.json`. A path classified as a record is exactly that record's path.
struct World: @unchecked Sendable {
    let store: Store
    let blobs: [ObjectID]
    let collections: Set<String>
    let logCollections: Set<String>
    let modes: [TreeEntryMode] = [.file, .file, .file, .file, .executable, .symbolicLink, .gitlink, .other(0o100664)]

    init() {
        let folder = NSTemporaryDirectory() + "trove-fuzz-arriving-\(getpid())"
        worldFolder = folder
        atexit { try? FileManager.default.removeItem(atPath: worldFolder) }
        let store: Store
        do {
            store = try Store.create(at: folder)
            let record: JSONValue = ["id": "0b8d1e4c-5f7a-7c3e-9a1b-2c3d4e5f6a7b", "type": "entry"]
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("trove fuzz".utf8)
            blobs = try [CanonicalJSON.encode(record), CanonicalJSON.encode(["format": 1]), Array(StoreLayout.attributes.utf8), png]
                .map { try store.repository.writeBlob($0) }
        } catch {
            fatalError("cannot make the store the target needs: \(error)")
        }
        self.store = store
        let catalog = store.formats
        let formats = catalog.types.compactMap { catalog.format(for: $0) }
        collections = Set(formats.filter { !$0.isLog }.map(\.collection))
        logCollections = Set(formats.filter(\.isLog).map(\.collection))
    }
}

nonisolated(unsafe) var worldFolder = ""
let world = World()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArriving(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let selector = bytes.first else { return 0 }
    let path = text(bytes.dropFirst())
    let mode = world.modes[Int(selector / 4) % world.modes.count]
    let delta = TreeDelta(status: .added, path: path, oldID: nil, newID: world.blobs[Int(selector % 4)], mode: mode)

    // A path classified as a record names that record exactly (the index and the merge rely on it).
    if case .record(let type, let id) = world.store.classify(path), let format = world.store.formats.format(for: type) {
        let expected = StoreLayout.recordPath(collection: format.collection, id: id)
        require(expected.utf8.elementsEqual(path.utf8), "\"\(escaped(path))\" is classified as the record at \(expected)")
    }

    let problem: String?
    do { problem = try world.store.arrivingProblem(delta) } catch { return 0 }
    guard problem == nil else { return 0 }
    let shown = escaped(path)
    require(mode == .file, "\"\(shown)\" is accepted with the mode \(mode)")
    require(!GitVerifyPath.hasParentComponent(path) && !GitVerifyPath.refuses(path), "\"\(shown)\" is accepted; git refuses it")
    require(isStoreShape(path), "\"\(shown)\" is accepted, but is none of the store's shapes")
    return 0
}

/// The store's shapes, byte by byte, written from ArrivingFileRule's documentation rather than its code.
func isStoreShape(_ path: String) -> Bool {
    // Every shape is ASCII, which also keeps the comparisons below byte for byte.
    guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
    let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    func all(_ text: String, _ allowed: String) -> Bool { text.utf8.allSatisfy { allowed.utf8.contains($0) } }
    let hex = "0123456789abcdef", digits = "0123456789"
    switch parts.count {
    case 1:
        return parts[0] == "trove.json" || parts[0] == ".gitattributes"
    case 3 where parts[0] == "media":
        let name = parts[2].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return name.count == 2 && name[0].utf8.count == 64 && all(name[0], hex) && name[0].hasPrefix(parts[1])
            && parts[1].utf8.count == 2 && MediaKind.allCases.contains { $0.rawValue == name[1] }
    case 3:
        let id = parts[2].utf8.count > 5 && parts[2].hasSuffix(".json") ? String(decoding: parts[2].utf8.dropLast(5), as: UTF8.self) : ""
        return world.collections.contains(parts[0]) && parts[1].utf8.count == 2 && all(parts[1], hex)
            && id.utf8.count == 36 && all(id, hex + "-")
    case 4 where parts[0] == "logs":
        let key = parts[2], month = Array(parts[3].utf8)
        let keyAlphabet = digits + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.:"
        return world.logCollections.contains(parts[1]) && !key.isEmpty && !key.hasPrefix(".") && all(key, keyAlphabet)
            && month.count == 13 && all(String(decoding: month[0..<4] + month[5..<7], as: UTF8.self), digits)
            && month[4] == UInt8(ascii: "-") && parts[3].hasSuffix(".jsonl")
    default:
        return false
    }
}

@main enum Main { static func main() { runFuzzer(fuzzArriving) } }
