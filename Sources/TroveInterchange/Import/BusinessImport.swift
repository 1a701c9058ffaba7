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

    /// Imports the points of `source`, read from `path` by the importer `system` (gpx, geojson, csv); a point that
    /// names no dog goes to `defaultDog`. A point without a time takes the file's own time, else `defaultTime` (`--time`).
    ///
    /// The source is read twice: once to check every point (nothing is written if one is bad, unless
    /// `--skip-invalid`), and once to write them; no more than one point is held at a time.
    public func run(_ source: some PointSource, system: String, path: String, defaultDog: Dog?, defaultTime: Date? = nil,
                    progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: "\(system.uppercased()) file \((path as NSString).lastPathComponent)")
        report.warnings += source.notes
        guard source.pointCount > 0 || !source.problems.isEmpty else { throw ImportError.noPoints(report.source, notes: source.notes) }
        let dogs = try DogBook(store: store).all()
        let fallbackTime = source.fileTime ?? defaultTime
        var problems = source.problems
        var ready = 0
        var untimed = 0
        try source.forEachPoint { point in
            if let problem = try Self.check(point, dogs: dogs, defaultDog: defaultDog, fallbackTime: fallbackTime).problem {
                problems.append(problem)
            } else {
                ready += 1
                if point.time == nil { untimed += 1 }
            }
        }
        if untimed > 0, let time = fallbackTime {
            report.warnings.append("\(untimed) point\(untimed == 1 ? "" : "s") without a time took \(source.fileTime != nil ? "the file's" : "the given") time, \(Timestamp.string(time))")
        }
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(problems)) { transaction, report in
            var number = 0
            try source.forEachPoint { point in
                guard let item = try Self.check(point, dogs: dogs, defaultDog: defaultDog, fallbackTime: fallbackTime).ready else { return }
                number += 1
                let id = point.recordID ?? RecordID.derived(from: "\(system):\(point.sourceKey)", at: item.time)
                if try transaction.contains(id: id, type: RecordType.business) {
                    report.unchanged += 1
                } else {
                    var fields: [String: JSONValue] = [
                        "id": .string(id), "dogId": .string(item.dog.id), "kind": .string(item.kind),
                        "at": .string(Timestamp.string(item.time)),
                        "location": ["lat": .double(point.latitude), "lon": .double(point.longitude)],
                        "origin": ["system": .string(system), "id": .string(String(point.sourceKey.prefix(500)))],
                    ]
                    if let note = point.note, !note.isEmpty { fields["note"] = .string(String(note.prefix(2000))) }
                    try transaction.put(.object(fields), type: RecordType.business)
                    report.added += 1
                }
                progress?(number, ready)
            }
        }
    }

    /// What a point needs to become a record, or why it cannot: a kind, a time, a dog.
    private static func check(_ point: BusinessPoint, dogs: [Dog], defaultDog: Dog?, fallbackTime: Date?) throws
        -> (ready: (dog: Dog, kind: String, time: Date)?, problem: String?) {
        guard let kind = point.kind else { return (nil, "\(point.position): does not say pee or poo") }
        guard let time = point.time ?? fallbackTime else {
            return (nil, "\(point.position): has no time, and neither has the file (give one with --time)")
        }
        guard let dog = try dog(point.dog, among: dogs, default: defaultDog) else {
            let known = dogs.isEmpty ? "" : " (dogs: \(dogs.map(\.displayName).joined(separator: ", ")))"
            return (nil, "\(point.position): no dog called '\(point.dog ?? "")'" + known)
        }
        return ((dog, kind, time), nil)
    }

    /// The dog a point belongs to: the one it names (by name or id), else the default; nil when it names none there is.
    private static func dog(_ name: String?, among dogs: [Dog], default defaultDog: Dog?) throws -> Dog? {
        guard let name, !name.isEmpty else {
            guard let defaultDog else { throw DogError.noDog }
            return defaultDog
        }
        return dogs.first { $0.id == name || $0.name?.lowercased() == name.lowercased() }
    }
}
