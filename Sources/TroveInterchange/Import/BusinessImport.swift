import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// Brings pee and poo points (from GPX, GeoJSON or CSV) in as business records, as one commit.
///
/// A point's id is its Trove id when the file is a Trove export, else derived from what it says
/// (place, time, kind), so importing a file again adds nothing. A record already in the store is
/// left as it is: an import never overwrites an edit made since.
public struct BusinessImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// Imports `file`, read from `path` by the importer `system` (gpx, geojson, csv); a point that
    /// names no dog goes to `defaultDog`.
    /// A point without a time takes the file's own time, else `defaultTime` (`--time`).
    public func run(_ file: PointFile, system: String, path: String, defaultDog: Dog?, defaultTime: Date? = nil,
                    progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: "\(system.uppercased()) file \((path as NSString).lastPathComponent)")
        report.warnings += file.notes
        guard !file.points.isEmpty || !file.problems.isEmpty else { throw ImportError.noPoints(report.source, notes: file.notes) }
        let dogs = try DogBook(store: store).all()
        var problems = file.problems
        var ready: [(point: BusinessPoint, dog: Dog, kind: String, time: Date)] = []
        var untimed = 0
        for point in file.points {
            guard let kind = point.kind else { problems.append("\(point.position): does not say pee or poo"); continue }
            guard let time = point.time ?? file.fileTime ?? defaultTime else {
                problems.append("\(point.position): has no time, and neither has the file (give one with --time)")
                continue
            }
            if point.time == nil { untimed += 1 }
            guard let dog = try Self.dog(point.dog, among: dogs, default: defaultDog, position: point.position, problems: &problems) else { continue }
            ready.append((point, dog, kind, time))
        }
        if untimed > 0, let time = file.fileTime ?? defaultTime {
            report.warnings.append("\(untimed) point\(untimed == 1 ? "" : "s") without a time took \(file.fileTime != nil ? "the file's" : "the given") time, \(Timestamp.string(time))")
        }
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(problems)) { transaction, report in
            for (number, item) in ready.enumerated() {
                let id = item.point.recordID ?? RecordID.derived(from: "\(system):\(item.point.sourceKey)", at: item.time)
                if try transaction.contains(id: id, type: RecordType.business) {
                    report.unchanged += 1
                } else {
                    var fields: [String: JSONValue] = [
                        "id": .string(id), "dogId": .string(item.dog.id), "kind": .string(item.kind),
                        "at": .string(Timestamp.string(item.time)),
                        "location": ["lat": .double(item.point.latitude), "lon": .double(item.point.longitude)],
                        "origin": ["system": .string(system), "id": .string(String(item.point.sourceKey.prefix(500)))],
                    ]
                    if let note = item.point.note, !note.isEmpty { fields["note"] = .string(String(note.prefix(2000))) }
                    try transaction.put(.object(fields), type: RecordType.business)
                    report.added += 1
                }
                progress?(number + 1, ready.count)
            }
        }
    }

    /// The dog a point belongs to: the one it names (by name or id), else the default.
    private static func dog(_ name: String?, among dogs: [Dog], default defaultDog: Dog?, position: String,
                            problems: inout [String]) throws -> Dog? {
        guard let name, !name.isEmpty else {
            guard let defaultDog else { throw DogError.noDog }
            return defaultDog
        }
        if let found = dogs.first(where: { $0.id == name || $0.name?.lowercased() == name.lowercased() }) { return found }
        problems.append("\(position): no dog called '\(name)'" + (dogs.isEmpty ? "" : " (dogs: \(dogs.map(\.displayName).joined(separator: ", ")))"))
        return nil
    }
}
