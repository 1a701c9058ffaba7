/// Why a set of schema files cannot be used: a file, a place in it, and the problem.
public struct FormatCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The schema file, e.g. `entry.schema.json`.
    public let file: String
    /// The JSON Pointer of the offending schema inside the file, `""` for its root.
    public let pointer: String
    /// What is wrong.
    public let reason: String

    public init(file: String, pointer: String, reason: String) {
        self.file = file
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "\(file)#\(pointer): \(reason)" }
}
