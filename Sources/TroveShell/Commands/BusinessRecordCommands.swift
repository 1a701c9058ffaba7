import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `trove pee`: records a pee of the selected dog here and now.
struct PeeCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "pee", abstract: "Record a pee of the selected dog at the current location.",
        discussion: "Examples:\n  trove pee\n  trove pee --dog Pixel --at 48.8725,2.3651 --time \"2026-11-22 07:55\"")
    @OptionGroup var options: BusinessRecordOptions

    func run(_ env: CommandEnvironment) throws { try options.record(.pee, env) }
}

/// `trove poo`: records a poo of the selected dog here and now.
struct PooCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "poo", abstract: "Record a poo of the selected dog at the current location.",
        discussion: "Examples:\n  trove poo\n  trove poo --dog Pixel --at 48.8725,2.3651 --note \"by the bench\"")
    @OptionGroup var options: BusinessRecordOptions

    func run(_ env: CommandEnvironment) throws { try options.record(.poo, env) }
}

/// What `pee` and `poo` take.
struct BusinessRecordOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The dog (default: the selected dog).", valueName: "name"), completion: DataCompletion.names(of: ["dog"]))
    var dog: String?
    @OptionGroup var place: PlaceOption
    @Option(help: ArgumentHelp("When (default: now): YYYY-MM-DD HH:MM or ISO 8601.", valueName: "time")) var time: String?
    @Option(help: ArgumentHelp("A note.", valueName: "text")) var note: String?
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func record(_ kind: BusinessKind, _ env: CommandEnvironment) throws {
        let now = Date()
        let when = try time.map { try DateInput.parse($0, now: now) } ?? now
        // A minute of slack for clocks; a record from the future is a typo.
        guard when.timeIntervalSince(now) < 60 else { throw CommandFailure(message: "the time \(LocalTime.minutes(when)) is in the future") }
        let store = try storeOptions.open(env)
        // The place first: with none, nothing is asked or written.
        let coordinates = try place.place(in: store)
        let chosen = try FirstDog.ensure(DogBook(store: store), named: dog, env)
        let (business, result) = try BusinessBook(store: store).record(kind, of: chosen, at: coordinates, time: when, note: note)
        if output.json {
            return env.out.json(["id": .string(business.id), "commit": result.commit.map { .string($0.hex) } ?? .null])
        }
        env.out.line("Recorded a \(kind.rawValue) of \(chosen.displayName) at \(Self.format(coordinates)), \(LocalTime.minutes(when)).")
        env.out.line("Please clean up!")
    }

    static func format(_ coordinates: Coordinates) -> String {
        String(format: "%.5f, %.5f", coordinates.latitude, coordinates.longitude)
    }
}
