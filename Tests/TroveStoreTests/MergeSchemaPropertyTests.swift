import Foundation
import Testing
import TroveJSON
import TroveMerge
import TroveSchema
import TroveTestSupport

/// The merge engine run with the real strategies from `Formats/`, on records that start from the real examples.
@Suite("merge properties on real record formats")
struct MergeSchemaPropertyTests {
    static let types = ["entry", "dog", "event", "task", "item", "journal", "contact"]

    static func example(_ type: String) throws -> JSONValue {
        try JSONValue(parsing: Array(Data(contentsOf: URL(fileURLWithPath: StoreAudit.packageRoot + "/Formats/examples/\(type).json"))))
    }

    /// A random edit of one valid field: a new string or number of the same kind, a tag added or removed, a field removed.
    static func edit(_ record: JSONValue, format: RecordFormat, clock: String, using random: inout SeededGenerator) -> (JSONValue, [String]) {
        var record = record
        var edited: [String] = []
        let optional = Set(format.fields).subtracting(format.requiredFields)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard let key = record.objectValue?.keys.filter({ !["id", "type", "v", "createdAt", "updatedAt", "clock", "conflicts"].contains($0) }).randomElement(using: &random) else { continue }
            switch record[key] {
            case .string(let text):
                // Keep the value valid: only free text fields get new text; others are left alone.
                if ["name", "title", "text", "notes", "description", "bio", "caption", "place"].contains(key) {
                    record[key] = .string(text + " edit \(Int.random(in: 0..<1000, using: &random))")
                    edited.append(key)
                }
            case .bool(let flag):
                record[key] = .bool(!flag)
                edited.append(key)
            case .array(let items) where key == "tags" || key == "categories":
                var items = items
                if !items.isEmpty && Bool.random(using: &random) { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
                else { items.append(.string("tag\(Int.random(in: 0..<50, using: &random))")) }
                record[key] = .array(Array(Set(items)).sorted { CanonicalJSON.compact($0) < CanonicalJSON.compact($1) })
                edited.append(key)
            default:
                if optional.contains(key), Int.random(in: 0..<4, using: &random) == 0 {
                    record[key] = nil
                    edited.append(key)
                }
            }
        }
        record["clock"] = .string(clock)
        record["updatedAt"] = .string(String(clock.prefix(24)))
        return (record, edited)
    }

    @Test("random concurrent edits of real records: symmetric, valid against the schema, and no edit dropped", arguments: types)
    func properties(type: String) throws {
        let format = try #require(FormatCatalog.bundled.format(for: type))
        let base = try Self.example(type)
        try #require(format.validate(base).isEmpty)
        var random = SeededGenerator(seed: UInt64(type.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for round in 0..<150 {
            let (ours, ourEdits) = Self.edit(base, format: format, clock: "2026-12-01T10:00:00.\(String(format: "%03d", round % 1000))Z/0001/peer-a", using: &random)
            let (theirs, theirEdits) = Self.edit(base, format: format, clock: "2026-12-01T10:00:00.\(String(format: "%03d", (round * 7) % 1000))Z/0002/peer-b", using: &random)
            let one = RecordMerge.merge(base: base, ours: ours, theirs: theirs, strategy: format.mergeStrategy)
            let other = RecordMerge.merge(base: base, ours: theirs, theirs: ours, strategy: format.mergeStrategy)
            #expect(CanonicalJSON.encode(one.value) == CanonicalJSON.encode(other.value), "not symmetric for \(type) round \(round)")
            #expect(format.validate(one.value).isEmpty, "invalid merge of \(type) round \(round): \(format.validate(one.value))")
            let notes = one.value["conflicts"]?.arrayValue ?? []
            for (side, edits) in [(ours, ourEdits), (theirs, theirEdits)] {
                for key in edits where side[key] != base[key] {
                    if key == "tags" || key == "categories" {
                        // A set: what a side added is in the result.
                        let added = Set(side[key]?.arrayValue ?? []).subtracting(base[key]?.arrayValue ?? [])
                        #expect(added.isSubset(of: Set(one.value[key]?.arrayValue ?? [])), "\(type).\(key) lost an addition in round \(round)")
                        continue
                    }
                    let kept = notes.contains { $0["field"]?.stringValue == key && $0["value"] == side[key] }
                    #expect(one.value[key] == side[key] || kept,
                            "\(type).\(key) = \(side[key].map(CanonicalJSON.compact) ?? "(removed)") lost in round \(round)")
                }
            }
        }
    }
}
