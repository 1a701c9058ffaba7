import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `trove item locate ITEM`: where an item was last seen.
struct ItemLocateCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate", abstract: "Show an item's last known location and how old it is.",
        discussion: "Example: trove item locate Keys")
    @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        let found = try ItemBook(store: store).item(named: item)
        let location = try ItemNavigateCommand.location(of: found, in: store)
        let report = location.report
        if output.json {
            return env.out.json([
                "item": .string(found.name), "tracker": .string(report.trackerID), "at": .string(Timestamp.string(report.at)),
                "lat": .double(report.latitude), "lon": .double(report.longitude),
                "accuracy": report.accuracy.map { .double($0) } ?? .null,
            ])
        }
        env.out.line("\(found.name) was at \(ItemSummary.place(report))\(report.accuracy.map { " (±\(Int($0.rounded())) m)" } ?? "") "
                    + "\(location.age()), \(LocalTime.minutes(report.at)), by tracker \(report.trackerID).")
    }
}

/// `trove item navigate ITEM`: directions links to where an item was last seen.
struct ItemNavigateCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate", abstract: "Directions to an item: walking when near, transit when far.",
        discussion: """
            It starts from --from, else from your current location ('trove here'). The mode is walking up to
            --walk-within (default 2 km, as the crow flies) and transit beyond. --open hands the Google Maps link
            to your browser (xdg-open).
            Examples:
              trove item navigate Keys
              trove item navigate Keys --from 48.8566,2.3522 --walk-within 1km --open
            """)
    @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
    @Option(help: ArgumentHelp("Where you start: LAT,LON.", valueName: "lat,lon")) var from: String?
    @Option(help: ArgumentHelp("The farthest you would walk: 800m, 2km, 1.5km.", valueName: "distance"))
    var walkWithin: String?
    @Flag(help: "Open the directions in the browser.") var open = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        let limit = try walkWithin.map(Self.metres) ?? Directions.defaultWalkingLimit
        let found = try ItemBook(store: store).item(named: item)
        let location = try Self.location(of: found, in: store)
        let start: Coordinates
        if let from { start = try Coordinates(parsing: from) } else if let here = CurrentLocation.read(storePath: store.path) {
            start = here.coordinates
        } else {
            throw ItemError.noStart
        }
        let target = try Coordinates(latitude: location.report.latitude, longitude: location.report.longitude)
        let directions = Directions(from: start, to: target, walkingLimit: limit)
        if output.json {
            return env.out.json([
                "mode": .string(directions.mode.rawValue), "distance": .double(directions.distance.rounded()),
                "google": .string(directions.googleMaps), "apple": .string(directions.appleMaps), "openstreetmap": .string(directions.openStreetMap),
            ])
        }
        env.out.line("\(found.name) is \(directions.distanceText) away (seen \(location.age())): \(directions.mode.rawValue).")
        env.out.line("Google Maps:   \(directions.googleMaps)")
        env.out.line("Apple Maps:    \(directions.appleMaps)")
        env.out.line("OpenStreetMap: \(directions.openStreetMap)" + (directions.mode == .transit ? " (no transit there: by car)" : ""))
        if open { try Browser.open(directions.googleMaps, env) }
    }

    /// The last known location of `item`, or the error that says why there is none.
    static func location(of item: Item, in store: Store) throws -> ItemLocation {
        let trackers = try TrackerBook(store: store).trackers(of: item)
        if trackers.isEmpty { throw ItemError.noTracker(item: item.name) }
        guard let location = try ItemLocation.last(of: item, trackers: trackers, in: store) else { throw ItemError.noLocation(item: item.name) }
        return location
    }

    /// `800m`, `2km`, `1.5 km` or a bare number of metres.
    static func metres(_ text: String) throws -> Double {
        let compact = text.lowercased().replacingOccurrences(of: " ", with: "")
        let (number, scale): (Substring, Double) = compact.hasSuffix("km") ? (compact.dropLast(2), 1_000)
            : compact.hasSuffix("m") ? (compact.dropLast(1), 1) : (Substring(compact), 1)
        guard let value = Double(number), value.isFinite, value >= 0 else {
            throw CommandFailure(message: "'\(text)' is not a distance: write it like 800m or 2km")
        }
        return value * scale
    }
}

/// Opening a link in the user's browser or map application.
enum Browser {
    /// Hands `url` to `xdg-open`; without one, says so and leaves the printed link to be copied.
    static func open(_ url: String, _ env: CommandEnvironment) throws {
        guard let program = ExternalProgram(named: "xdg-open") else {
            return env.error("xdg-open is not installed: open the link above in your browser")
        }
        let result = try program.run([url], timeout: 15)
        if result.status != 0 { env.error("xdg-open could not open the link (\(result.text.trimmingCharacters(in: .whitespacesAndNewlines))): open it in your browser") }
    }
}
