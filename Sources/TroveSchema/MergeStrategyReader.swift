import TroveJSON
import TroveMerge

/// Builds a record's `MergeStrategy` from the `x-merge` of each property of its schema.
///
/// A property marked `object` is recursed into, so `settings.notifications.enabled`
/// gets its own strategy; members a schema does not name merge as `lww`.
struct MergeStrategyReader {
    let graph: SchemaGraph

    /// The strategy of the object schema at `index`: one entry per declared property.
    func objectStrategy(at index: Int, file: String) throws(FormatCatalogError) -> MergeStrategy {
        let node = graph.resolved(index)
        var fields: [String: MergeStrategy] = [:]
        for (name, child) in node.properties {
            fields[name] = try strategy(of: child, file: file)
        }
        return .object(fields: fields, otherFields: .lww)
    }

    private func strategy(of index: Int, file: String) throws(FormatCatalogError) -> MergeStrategy {
        let pointer = String(graph[index].location.drop { $0 != "#" }.dropFirst())
        guard let declared = graph.extensionValue("x-merge", at: index) else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "property has no x-merge")
        }
        switch declared.stringValue {
        case "lww": return .lww
        case "set": return .set
        case "list": return .list
        case "text": return .text
        case "immutable": return .immutable
        case "object":
            guard !graph.resolved(index).properties.isEmpty else {
                throw FormatCatalogError(file: file, pointer: pointer, reason: "x-merge \"object\" needs a schema with properties")
            }
            return try objectStrategy(at: index, file: file)
        default:
            throw FormatCatalogError(file: file, pointer: pointer, reason: "unknown x-merge \(CanonicalJSON.compact(declared))")
        }
    }
}
