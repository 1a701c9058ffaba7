import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove here`: shows or sets the current location, by hand or from a GPS.
struct HereCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "here", abstract: "Show or set the current location (kept on this machine, never synced).",
        discussion: """
            With --follow or --gpsd it keeps the location up to date until the stream ends or Ctrl-C.
            The stream may be NMEA sentences (GGA, RMC), gpsd JSON (TPV) or OwnTracks JSON lines.
            Examples:
              trove here 48.8725,2.3651
              trove here
              trove here --follow /dev/ttyACM0
              gpspipe -w | trove here --follow -
              trove here --gpsd
              trove here --gpsd-address 192.168.1.20:2947
            """)
    @Argument(help: ArgumentHelp("The new location.", valueName: "lat,lon")) var position: String?
    @Option(help: ArgumentHelp("Follow positions from a file, FIFO, serial device or - (standard input).", valueName: "file"),
            completion: .file())
    var follow: String?
    @Flag(help: "Follow positions from gpsd.") var gpsd = false
    @Option(name: .customLong("gpsd-address"), help: ArgumentHelp("Where gpsd listens (default 127.0.0.1:2947); implies --gpsd.", valueName: "host:port"))
    var gpsdAddress: String?
    @Flag(help: "Forget the current location.") var clear = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        let sources = [position != nil, follow != nil, gpsd || gpsdAddress != nil, clear].filter { $0 }.count
        if sources > 1 { throw ValidationError("give one of LAT,LON, --follow, --gpsd or --clear") }
    }

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        if clear {
            try CurrentLocation.clear(storePath: store.path)
            return env.out.line("Forgot the current location.")
        }
        if let position {
            let location = CurrentLocation(coordinates: try Coordinates(parsing: position))
            try location.save(storePath: store.path)
            return env.out.line("You are at \(BusinessRecordOptions.format(location.coordinates)).")
        }
        if let follow { return try self.follow(.file(follow), store: store, env) }
        if gpsd || gpsdAddress != nil { return try self.follow(try Self.gpsdSource(gpsdAddress), store: store, env) }
        show(CurrentLocation.read(storePath: store.path), env)
    }

    private func show(_ location: CurrentLocation?, _ env: CommandEnvironment) {
        guard let location else {
            if output.json { return env.out.json(.null) }
            return env.out.line("No current location: set it with 'trove here LAT,LON' or follow a GPS with 'trove here --follow FILE'.")
        }
        if output.json {
            return env.out.json(["lat": .double(location.coordinates.latitude), "lon": .double(location.coordinates.longitude),
                                "at": .string(location.at), "source": .string(location.source)])
        }
        let when = LocalTime.text(location.at)
        let how = location.source == "manual" ? "set by hand" : "from \(location.source)"
        env.out.line("You are at \(BusinessRecordOptions.format(location.coordinates)) (\(how), \(when)).")
    }

    /// Saves each fix as it comes; on a terminal one status line is redrawn, otherwise a line per fix.
    private func follow(_ source: PositionFollower.Source, store: Store, _ env: CommandEnvironment) throws {
        let live = env.terminal.outputIsInteractive
        var count = 0
        if live { env.err.write("Following positions; Ctrl-C stops.\n") }
        try PositionFollower(source: source).run { fix in
            let coordinates = try Coordinates(latitude: fix.latitude, longitude: fix.longitude)
            try CurrentLocation(coordinates: coordinates, at: fix.time ?? Date(), source: fix.source).save(storePath: store.path)
            count += 1
            let text = "You are at \(BusinessRecordOptions.format(coordinates)) (\(fix.source))"
            if live {
                env.out.write("\r\u{1B}[K" + text)
            } else {
                env.out.line(text)
            }
        }
        if live { env.out.write("\n") }
        env.error(count == 0 ? "the stream ended without a position fix" : "the stream ended after \(count) fix\(count == 1 ? "" : "es")")
        if count == 0 { throw ExitCode.failure }
    }

    /// `host:port`, `host` or nothing (127.0.0.1:2947).
    static func gpsdSource(_ address: String?) throws -> PositionFollower.Source {
        guard let address, !address.isEmpty else { return .gpsd(host: "127.0.0.1", port: 2947) }
        let parts = address.split(separator: ":", maxSplits: 1).map(String.init)
        guard let port = parts.count == 2 ? UInt16(parts[1]) : 2947 else {
            throw CommandFailure(message: "'\(address)' is not a gpsd address: give HOST or HOST:PORT")
        }
        return .gpsd(host: parts[0], port: port)
    }
}
