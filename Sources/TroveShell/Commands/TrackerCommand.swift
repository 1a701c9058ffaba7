import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove tracker register|activate|list|ingest`: the trackers bound to items and their reports.
struct TrackerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracker", abstract: "Register trackers to items, activate them, and ingest their location reports.",
        subcommands: [List.self, Register.self, Activate.self, TrackerIngestCommand.self], defaultSubcommand: List.self)

    /// `--transport NAME`: how trackers are reached.
    struct TransportOption: ParsableArguments {
        @Option(help: ArgumentHelp("bluetooth (default, through bluetoothctl) or loopback (simulated, for testing).", valueName: "name"))
        var transport: String?

        func transport(for store: Store) throws -> TrackerTransport {
            try TrackerTransports.named(transport, localFolder: LocalFile.path("", ofStoreAt: store.path))
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List trackers, their items and state.", discussion: "Example: trove tracker list")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let trackers = try TrackerBook(store: store).all()
            let names = Dictionary(try ItemBook(store: store).all().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            if output.json {
                return env.out.json(.array(trackers.map {
                    ["trackerId": .string($0.trackerID), "item": .string(names[$0.itemID] ?? $0.itemID), "paired": .bool($0.paired), "active": .bool($0.active)]
                }))
            }
            if trackers.isEmpty { return env.out.line("No trackers yet: register one with 'trove tracker register ITEM TRACKER_ID'.") }
            env.out.table(trackers.map { [$0.trackerID, names[$0.itemID] ?? $0.itemID, $0.state] })
        }
    }

    struct Register: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "register", abstract: "Bind a tracker to an item and pair with it.",
            discussion: """
                The tracker id is unique: a tracker belongs to one item. With Bluetooth off or absent the binding is
                kept unpaired, and 'trove tracker activate' pairs it later.
                Example: trove tracker register Keys C4:7F:51:0A:9E:22
                """)
        @Argument(help: "The item.", completion: DataCompletion.names(of: ["item"])) var item: String
        @Argument(help: "The tracker's id, e.g. its Bluetooth address.") var trackerID: String
        @OptionGroup var transport: TransportOption
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let found = try ItemBook(store: store).item(named: item)
            let registration = try TrackerBook(store: store).register(trackerID, to: found, through: transport.transport(for: store))
            let tracker = registration.tracker
            if output.json {
                return env.out.json(["trackerId": .string(tracker.trackerID), "item": .string(found.name), "paired": .bool(tracker.paired),
                                    "problem": registration.pairingProblem.map { .string($0.description) } ?? .null])
            }
            if !registration.isNew && registration.pairingProblem == nil && tracker.paired {
                return env.out.line("Tracker \(tracker.trackerID) is already registered to \(found.name) and paired.")
            }
            if let problem = registration.pairingProblem {
                env.error(problem.description)
                env.out.line("Registered tracker \(tracker.trackerID) to \(found.name), not paired yet: 'trove tracker activate \(PastableWord.quoted(found.name))' pairs it.")
            } else {
                env.out.line("Registered tracker \(tracker.trackerID) to \(found.name) and paired it.")
            }
        }
    }

    struct Activate: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "activate", abstract: "Start an item's tracker locating (pairing it first if needed).",
            discussion: "Example: trove tracker activate Keys")
        @Argument(help: "The item (or a tracker id).", completion: DataCompletion.names(of: ["item"])) var item: String
        @OptionGroup var transport: TransportOption
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let book = TrackerBook(store: store)
            let trackers: [Tracker]
            let name: String
            if let byID = try? book.tracker(id: item) {
                trackers = [byID]
                name = try store.record(id: byID.itemID).flatMap(Item.init)?.name ?? byID.itemID
            } else {
                let found = try ItemBook(store: store).item(named: item)
                trackers = try book.trackers(of: found)
                name = found.name
                guard !trackers.isEmpty else { throw ItemError.noTracker(item: found.name) }
            }
            let chosen = try transport.transport(for: store)
            for tracker in trackers {
                let active = try book.activate(tracker, through: chosen)
                if output.json {
                    env.out.json(["trackerId": .string(active.trackerID), "active": true, "activatedAt": active.activatedAt.map { .string($0) } ?? .null])
                } else {
                    env.out.line("Activated tracker \(active.trackerID) of \(name): its reports can now be ingested.")
                }
            }
        }
    }
}
