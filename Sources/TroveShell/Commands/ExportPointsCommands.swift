import ArgumentParser
import Foundation
import TroveIndex
import TroveInterchange
import TroveKit
import TroveSchema
import TroveStore

/// `trove export geojson|gpx FILE`: business records for map tools and GPS devices.
enum ExportPoints {
    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("Only this dog's records (default: every dog's).", valueName: "name"),
                completion: DataCompletion.names(of: [RecordType.dog]))
        var dog: String?
        @OptionGroup var storeOptions: StoreOptions

        /// Every business record (of the dog), oldest first, with notes and dogs' names.
        func records(_ env: CommandEnvironment) throws -> [ExportedBusiness] {
            let store = try storeOptions.open(env)
            let dogs = try DogBook(store: store).all()
            let only = try dog.map { try DogBook(store: store).dog(named: $0).id }
            let names = Dictionary(dogs.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            return try store.records(ofType: RecordType.business).compactMap(Business.init)
                .filter { only == nil || $0.dogID == only }
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }
                .map { business in
                    ExportedBusiness(id: business.id, kind: business.kind.rawValue,
                                     time: Date(timeIntervalSince1970: Double(Timestamp.milliseconds(business.at) ?? 0) / 1000),
                                     latitude: business.latitude, longitude: business.longitude, dogID: business.dogID,
                                     dogName: names[business.dogID] ?? nil, note: business.note)
                }
        }

        func write(_ bytes: [UInt8], to path: String, count: Int, _ env: CommandEnvironment) throws {
            if path == "-" { return env.out.write(bytes) }
            try MapLayout.write(bytes, to: path)
            env.error("wrote \(count) record\(count == 1 ? "" : "s") to \(path)")
        }
    }

    struct GeoJSON: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "geojson", abstract: "Write the business records as a GeoJSON FeatureCollection.",
            discussion: "Example: trove export geojson walks.geojson --dog Pixel     (- writes to standard output)")
        @Argument(help: "The file to write (- for standard output).", completion: .file()) var path: String
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws {
            let records = try options.records(env)
            try options.write(GeoJSONWriter.write(records), to: path, count: records.count, env)
        }
    }

    struct GPX: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "gpx", abstract: "Write the business records as GPX waypoints.",
            discussion: "Example: trove export gpx walks.gpx     (- writes to standard output)")
        @Argument(help: "The file to write (- for standard output).", completion: .file()) var path: String
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws {
            let records = try options.records(env)
            try options.write(GPXWriter.write(records), to: path, count: records.count, env)
        }
    }
}
