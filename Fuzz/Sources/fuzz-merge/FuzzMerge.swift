import FuzzSupport
import TroveJSON
import TroveMerge
import TroveSchema

/// The three-way merge, held to what `RecordMerge.merge` promises.
///
/// Input: one byte choosing the strategy (the plain ones, then each bundled format's), then base,
/// ours and theirs as JSON separated by NUL bytes; a base that is empty or not JSON is no base
/// (add/add). Properties: total (no crash, a document that parses back to the same canonical bytes),
/// symmetric (ours and theirs swapped give the same bytes, conflicts and corruption notes) and
/// idempotent (`merge(b, x, x)` is `x`).
let strategies: [MergeStrategy] = {
    let catalog = FormatCatalog.bundled
    return [.lww, .set, .list, .text, .immutable] + catalog.types.compactMap { catalog.format(for: $0)?.mergeStrategy }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let selector = bytes.first else { return 0 }
    let parts = nulSeparated(Array(bytes.dropFirst()), count: 3)
    guard parts.count == 3, let ours = try? JSONValue(parsing: parts[1]), let theirs = try? JSONValue(parsing: parts[2]) else {
        return 0
    }
    let base = try? JSONValue(parsing: parts[0])
    let strategy = strategies[Int(selector) % strategies.count]

    let forward = RecordMerge.merge(base: base, ours: ours, theirs: theirs, strategy: strategy)
    let backward = RecordMerge.merge(base: base, ours: theirs, theirs: ours, strategy: strategy)
    let merged = CanonicalJSON.encode(forward.value)
    require(merged == CanonicalJSON.encode(backward.value), "not symmetric (\(strategy.name)):\n\(text(merged))\n\(CanonicalJSON.string(backward.value))")
    require(forward.conflicts == backward.conflicts, "conflicts differ when swapped (\(strategy.name))")
    require(forward.corruption == backward.corruption, "corruption notes differ when swapped (\(strategy.name))")
    require((try? JSONValue(parsing: merged)).map(CanonicalJSON.encode) == merged, "the merge is not valid JSON: \(text(merged))")

    let same = RecordMerge.merge(base: base, ours: ours, theirs: ours, strategy: strategy)
    require(CanonicalJSON.encode(same.value) == CanonicalJSON.encode(ours), "merge(b, x, x) is not x (\(strategy.name)): \(CanonicalJSON.string(same.value))")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzMerge) } }
