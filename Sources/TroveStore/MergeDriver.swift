import Foundation
import TroveJSON
import TroveMerge
import TroveSchema

/// The merge that plain git runs through `trove merge-driver %O %A %B %P`: the same engine as `trove sync`.
public enum MergeDriver {
    /// Merges the files at `base`, `ours` and `theirs` for the store path `path`, writing the result to `ours`.
    ///
    /// Returns false (git then reports a conflict) only for a file that is not a record and differs on both sides.
    public static func run(base: String, ours: String, theirs: String, path: String, formats: FormatCatalog = .bundled) throws -> Bool {
        func read(_ file: String) -> [UInt8]? { FileManager.default.contents(atPath: file).map(Array.init) }
        guard let ourBytes = read(ours), let theirBytes = read(theirs) else { return false }
        guard let (collection, _) = StoreLayout.parseRecordPath(path), let format = formats.format(forCollection: collection),
              !format.isLog,
              let ourValue = try? JSONValue(parsing: ourBytes), let theirValue = try? JSONValue(parsing: theirBytes)
        else { return ourBytes == theirBytes }
        let baseValue = read(base).flatMap { try? JSONValue(parsing: $0) }
        let result = format.merge(base: baseValue, ours: ourValue, theirs: theirValue)
        try Data(CanonicalJSON.encode(result.value)).write(to: URL(fileURLWithPath: ours))
        return true
    }
}
