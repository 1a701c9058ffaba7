import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveSchema
import TroveStore

/// `trove import gpx|geojson|csv FILE`: pee and poo records from other tools.
enum ImportPoints {
    /// What the three point importers take.
    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("The dog for points that name none (default: the selected dog).", valueName: "name"),
                completion: DataCompletion.names(of: [RecordType.dog]))
        var dog: String?
        @Option(help: ArgumentHelp("The time of points that carry none (and whose file has none).", valueName: "time"))
        var time: String?
        @OptionGroup var importOptions: ImportCommand.Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        /// Reads the file, parses it, and imports its points under one progress bar; the store is unchanged on any error.
        ///
        /// - Parameter open: opens the file on disk in its format, to be read a point at a time (`StreamedPointFile`);
        ///   standard input is kept in a scratch file first.
        func run(_ path: String, system: String, _ env: CommandEnvironment, open: (String) throws -> any PointSource) throws {
            let store = try storeOptions.open(env)
            let file: any PointSource
            // Standard input, for a format read from disk, is kept in a scratch file that lives as long as the import.
            var spooled: SpooledInput?
            defer { withExtendedLifetime(spooled) {} }
            do {
                if path == "-" { spooled = try SpooledInput(env.input) }
                file = try open(spooled?.path ?? path)
            } catch let error as PointFileError {
                throw CommandFailure(message: "\(path): \(error.description); nothing was imported")
            }
            let book = DogBook(store: store)
            let defaultDog = try dog.map { try book.dog(named: $0) } ?? book.selected()
            let defaultTime = try time.map { try DateInput.parse($0) }
            try ImportCommand.run(importOptions, json: output.json, store: store, env) { settings, progress in
                do {
                    return try BusinessImport(store: store, options: settings).run(file, system: system, path: path, defaultDog: defaultDog,
                                                                                defaultTime: defaultTime, progress: progress)
                } catch let error as PointFileError {
                    throw CommandFailure(message: "\(path): \(error.description); nothing was imported")
                }
            }
        }
    }

    enum KindArgument: String, ExpressibleByArgument, CaseIterable {
        case pee, poo
    }

    struct GPX: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "gpx", abstract: "Import GPX waypoints whose type, symbol or name says pee or poo.",
            discussion: """
                Waypoints that say neither are refused and named, unless --as says what they all are. Tracks and
                routes are not business records: the report counts them and leaves them out.
                Examples:
                  trove import gpx walk.gpx
                  trove import gpx marks.gpx --as poo --dog Pixel
                """)
        @Argument(help: "The GPX file (- for standard input).", completion: .file(extensions: ["gpx"])) var path: String
        @Option(name: .customLong("as"), help: ArgumentHelp("Take waypoints that do not say as this kind.", valueName: "pee|poo"))
        var kind: KindArgument?
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws {
            try options.run(path, system: "gpx", env, open: { try GPXFile(path: $0, format: GPXReader(kindOverride: kind?.rawValue)) })
        }
    }

    struct GeoJSON: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "geojson", abstract: "Import GeoJSON Point features with properties.kind pee or poo.",
            discussion: """
                Coordinates are [longitude, latitude], as GeoJSON says. Optional properties: time (ISO 8601), dog, note.
                Example: trove import geojson walks.geojson
                """)
        @Argument(help: "The GeoJSON file (- for standard input).", completion: .file(extensions: ["geojson", "json"])) var path: String
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws {
            try options.run(path, system: "geojson", env, open: { try GeoJSONFile(path: $0) })
        }
    }

    struct CSV: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv", abstract: "Import a CSV file with the header time,lat,lon,kind,dog.",
            discussion: """
                The header names the columns, in any order: time (ISO 8601), lat, lon and kind (pee or poo) are
                needed; dog (a name or id; default the selected dog) and note are optional.
                Example:
                  time,lat,lon,kind,dog
                  2026-11-22T07:55:12Z,48.8725011,2.3651002,pee,Pixel
                """)
        @Argument(help: "The CSV file (- for standard input).", completion: .file(extensions: ["csv"])) var path: String
        @OptionGroup var options: Options

        func run(_ env: CommandEnvironment) throws {
            try options.run(path, system: "csv", env, open: { try BusinessCSVFile(path: $0) })
        }
    }
}
