import ArgumentParser
import Foundation
import TroveIndex
import TroveKit
import TroveSchema
import TroveStore

/// `trove business at|list|show|rm`: the records behind the map's markers.
struct BusinessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "business", abstract: "Statistics and lists of pee and poo records; show or delete one.",
        subcommands: [At.self, List.self, Show.self, Remove.self], defaultSubcommand: List.self)

    /// The records a grid square holds: `--zoom`, else the map's last zoom.
    struct ClusterOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The zoom whose markers to use (default: the map's).", valueName: "z")) var zoom: Int?
        @OptionGroup var dogs: DogChoice

        func validate() throws {
            if let zoom, !WebMercator.zooms.contains(zoom) { throw ValidationError("--zoom must be from 0 to 22") }
        }

        func cluster(at point: Coordinates, index: RecordIndex, _ env: CommandEnvironment) throws -> (cluster: BusinessCluster?, zoom: Int, dog: String?) {
            let zoom = self.zoom ?? SavedMapView.read(storePath: index.store.path).zoom
            let dog = try dogs.dogID(in: index.store, env)
            return (try BusinessMap(index: index).cluster(at: point, zoom: zoom, dog: dog), zoom, dog)
        }
    }

    struct At: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "at", abstract: "Statistics of the marker at a point: pee and poo as a bar chart, count, first and last.",
            discussion: "Example: trove business at 48.8725,2.3651 --zoom 16   (no point: the current location)")
        @Argument(help: ArgumentHelp("The point (default: the current location).", valueName: "lat,lon")) var point: String?
        @OptionGroup var cluster: ClusterOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let place = try CurrentLocation.resolve(point, storePath: index.store.path)
            let (found, zoom, dog) = try cluster.cluster(at: place, index: index, env)
            guard let found else {
                if output.json { return env.out.json(.null) }
                return try BusinessCommand.nothing(at: place, zoom: zoom, dog: dog, index: index, env)
            }
            let statistics = found.statistics
            if output.json {
                return env.out.json([
                    "count": .integer(statistics.count), "pees": .integer(statistics.pees), "poos": .integer(statistics.poos),
                    "peePercent": .integer(statistics.percentages.pee), "pooPercent": .integer(statistics.percentages.poo),
                    "first": statistics.first.map { .string($0) } ?? .null, "last": statistics.last.map { .string($0) } ?? .null,
                    "latest": .string(found.latest.id), "zoom": .integer(zoom),
                ])
            }
            let count = statistics.count
            env.out.line("\(count) record\(count == 1 ? "" : "s") at this marker (zoom \(zoom)):")
            let percentages = statistics.percentages
            var chart = BarChart(items: [.init("pee", Double(percentages.pee)), .init("poo", Double(percentages.poo))]) {
                "\(Int($0))%"
            }
            chart.scaleMaximum = 100
            chart.render(width: min(60, env.terminal.width), color: env.terminal.color).forEach { env.out.line($0) }
            env.out.line("\(statistics.pees) pee, \(statistics.poos) poo · first \(LocalTime.text(statistics.first)) · last \(LocalTime.text(statistics.last))")
            env.out.line("List them: trove business list --at \(String(format: "%.6f,%.6f", place.latitude, place.longitude)) --zoom \(zoom)"
                        + (dog == nil ? " --all-dogs" : ""))
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the records of the marker at a point, or --all of them (newest first).",
            discussion: """
                Examples:
                  trove business list --at 48.8725,2.3651
                  trove business list --all --dog Pixel --from 2026-11-01
                  trove business list --all --all-dogs --kind poo
                """)
        @OptionGroup var place: PlaceOption
        @Flag(help: "Every record (of the dog, or with --all-dogs of every dog), not only a marker's.") var all = false
        @Option(help: ArgumentHelp("Only records on or after this day (with --all).", valueName: "date")) var from: String?
        @Option(help: ArgumentHelp("Only records on or before this day (with --all).", valueName: "date")) var to: String?
        @Option(help: ArgumentHelp("Only pee or only poo.", valueName: "kind")) var kind: KindArgument?
        @OptionGroup var cluster: ClusterOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if all && place.at != nil { throw ValidationError("give --at or --all, not both") }
            if !all && (from != nil || to != nil) { throw ValidationError("--from and --to go with --all") }
        }

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            var records: [MappedBusiness]
            if all {
                var query = RecordQuery(type: RecordType.business, parent: try cluster.dogs.dogID(in: index.store, env))
                query.from = try from.map { Timestamp.string(try DateInput.dayStart($0)) }
                query.before = try to.map { Timestamp.string(try DateInput.dayStart($0).addingTimeInterval(86_400)) }
                records = try index.records(matching: query, sort: .start, descending: true, page: .init(limit: Int(Int32.max))).compactMap { row in
                    guard let latitude = row.latitude, let longitude = row.longitude, let dog = row.parent, let at = row.start,
                          let kind = row.label.flatMap(BusinessKind.init(rawValue:)) else { return nil }
                    return MappedBusiness(id: row.id, dogID: dog, kind: kind, at: at, latitude: latitude, longitude: longitude)
                }
            } else {
                let point = try place.place(in: index.store)
                let (found, zoom, dog) = try cluster.cluster(at: point, index: index, env)
                guard let found else {
                    if output.json { return env.out.json(.array([])) }
                    return try BusinessCommand.nothing(at: point, zoom: zoom, dog: dog, index: index, env)
                }
                records = found.records
            }
            if let kind { records = records.filter { $0.kind.rawValue == kind.rawValue } }
            try BusinessCommand.list(records, store: index.store, json: output.json, env)
        }
    }

    enum KindArgument: String, ExpressibleByArgument, CaseIterable {
        case pee, poo
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a record and centre the map on it.",
            discussion: "Example: trove business show 01a20240")
        @Argument(help: "The record's id (or its first or last 4+ characters).", completion: DataCompletion.recordIDs) var id: String
        @Option(help: ArgumentHelp("The map's size in terminal cells.", valueName: "columns x rows")) var size: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let business = try BusinessBook(store: index.store).business(id: BusinessCommand.lookup(id, in: index))
            let dog = try? DogBook(store: index.store).dog(named: business.dogID)
            let place = try Coordinates(latitude: business.latitude, longitude: business.longitude)
            var saved = SavedMapView.read(storePath: index.store.path)
            saved = SavedMapView(center: place, zoom: saved.zoom)
            try saved.save(storePath: index.store.path)
            if output.json {
                return env.out.json(["id": .string(business.id), "kind": .string(business.kind.rawValue), "at": .string(business.at),
                                    "lat": .double(business.latitude), "lon": .double(business.longitude), "dogId": .string(business.dogID),
                                    "note": business.note.map { .string($0) } ?? .null])
            }
            env.out.line("\(business.kind.rawValue) of \(dog?.displayName ?? business.dogID) · \(LocalTime.text(business.at)) · "
                        + "\(BusinessRecordOptions.format(place))" + (business.note.map { " · \($0)" } ?? "") + " · \(business.id)")
            let (columns, rows) = try MapLayout.size(size, env)
            let here = CurrentLocation.read(storePath: index.store.path)?.coordinates
            let view = try BusinessMap(index: index).view(center: place, zoom: saved.zoom, width: columns * 2, height: max(1, rows - 1) * 4,
                                                          dog: business.dogID, footprint: BusinessMapCanvas.footprint, here: here)
            let shown = MappedBusiness(id: business.id, dogID: business.dogID, kind: business.kind, at: business.at,
                                       latitude: business.latitude, longitude: business.longitude)
            MapLayout.print(view, here: here, highlighted: shown, title: try MapLayout.title(view: view, dog: dog), env)
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a record, after asking (undo brings it back).",
            discussion: "A script must pass --yes. Example: trove business rm 01a20240")
        @Argument(help: "The record's id (or its first or last 4+ characters).", completion: DataCompletion.recordIDs) var id: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let book = BusinessBook(store: index.store)
            let business = try book.business(id: BusinessCommand.lookup(id, in: index))
            if !yes {
                env.err.write("\(business.kind.rawValue) at \(LocalTime.text(business.at)), "
                    + "\(String(format: "%.5f, %.5f", business.latitude, business.longitude))\n")
            }
            guard Prompts.confirm(env, "Delete this record?", assumeYes: yes) else { throw ExitCode.failure }
            env.out.commitResult(try book.remove(id: business.id), json: output.json)
        }
    }

    /// A record's full id from what the user typed.
    static func lookup(_ given: String, in index: RecordIndex) throws -> String {
        try RecordLookup.id(given, type: RecordType.business, in: index, unknown: DogError.unknownRecord(given)) {
            DogError.ambiguousRecord(given, matches: $0)
        }
    }

    /// Says there is nothing at a point, and where the nearest record is when one is close.
    static func nothing(at point: Coordinates, zoom: Int, dog: String?, index: RecordIndex, _ env: CommandEnvironment) throws {
        env.out.line("No records at \(BusinessRecordOptions.format(point)) at zoom \(zoom).")
        if let near = try BusinessMap(index: index).nearest(to: point, within: 500, dog: dog) {
            env.out.line("The nearest is a \(near.kind.rawValue) at \(String(format: "%.6f,%.6f", near.latitude, near.longitude)).")
        }
    }

    /// Prints records as a table (newest first), or as JSON.
    static func list(_ records: [MappedBusiness], store: Store, json: Bool, _ env: CommandEnvironment) throws {
        let names = Dictionary(try DogBook(store: store).all().map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        if json {
            return env.out.json(.array(records.map { record in
                ["id": .string(record.id), "kind": .string(record.kind.rawValue), "at": .string(record.at),
                 "lat": .double(record.latitude), "lon": .double(record.longitude), "dogId": .string(record.dogID)]
            }))
        }
        guard !records.isEmpty else { return env.out.line("No records.") }
        env.out.paged {
            env.out.table(records.map { record in
                [String(record.id.prefix(13)), record.kind.rawValue, LocalTime.text(record.at), names[record.dogID] ?? "?",
                 String(format: "%.6f,%.6f", record.latitude, record.longitude)]
            })
        }
        env.error("\(records.count) record\(records.count == 1 ? "" : "s"); 'trove business show ID' centres the map on one.")
    }
}
