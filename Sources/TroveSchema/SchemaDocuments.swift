import Foundation
import TroveJSON

/// Schema files by name, each parsed the first time it is read.
///
/// A command uses three or four of the 23 bundled schemas (and `common.schema.json` for their `$ref`s); parsing
/// all of them took 0.7 ms of every command's start (issue 25). Shared by a catalog's copies, under a lock.
final class SchemaDocuments: @unchecked Sendable {
    private let files: [String: [UInt8]]
    private var parsed: [String: JSONValue] = [:]
    private let lock = NSLock()

    init(files: [String: [UInt8]]) { self.files = files }

    /// Every file's name, sorted.
    var names: [String] { files.keys.sorted() }

    /// Whether a file is named `name`.
    func contains(_ name: String) -> Bool { files[name] != nil }

    /// The file `name` parsed; `nil` when there is no such file.
    func document(_ name: String) throws(FormatCatalogError) -> JSONValue? {
        guard let bytes = files[name] else { return nil }
        // Held while parsing (tens of microseconds), so each file is parsed once however many threads ask.
        lock.lock()
        defer { lock.unlock() }
        if let document = parsed[name] { return document }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw FormatCatalogError(file: name, pointer: "", reason: error.description)
        }
        parsed[name] = document
        return document
    }

    /// The members named in `names` of the object file `name` holds, the rest not built (see `JSONValue.members`).
    func rootMembers(_ names: Set<String>, of name: String) throws(FormatCatalogError) -> [String: JSONValue] {
        do {
            return try JSONValue.members(names, ofObject: files[name] ?? [])
        } catch {
            throw FormatCatalogError(file: name, pointer: "", reason: error.description)
        }
    }
}
