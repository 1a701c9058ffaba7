import ArgumentParser
import Foundation
import TroveJSON
import TroveStore

/// `trove device list|add|remove`: the machines that can read an encrypted hub.
struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device", abstract: "Manage the machines that can read an encrypted hub.",
        discussion: """
            Each machine has its own key. A new machine asks to join by 'trove clone URL', which shows its code;
            approve it here with 'trove device add CODE'. A removed machine reads nothing pushed after its removal
            (what it already fetched, it keeps).
            """,
        subcommands: [List.self, Add.self, Remove.self])

    struct HubOption: ParsableArguments {
        @Option(help: ArgumentHelp("The encrypted remote (needed only when the store has several).", valueName: "name"),
                completion: DataCompletion.remoteNames)
        var remote: String?
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the enrolled machines and those waiting for approval.", discussion: "Example: trove device list")
        @OptionGroup var hub: HubOption
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let (enrolled, waiting) = try storeOptions.open(env, requiringSignIn: false).hubDevices(remote: hub.remote, security: transfer.security(env))
            if output.json {
                let row = { (device: HubDeviceInfo, state: String) -> JSONValue in
                    ["code": .string(device.code), "name": .string(device.name), "state": .string(state), "thisDevice": .bool(device.isThisDevice)]
                }
                env.out.json(.array(enrolled.map { row($0, "enrolled") } + waiting.map { row($0, "waiting") }))
                return
            }
            env.out.table(enrolled.map { [$0.code, $0.name, $0.isThisDevice ? "enrolled (this machine)" : "enrolled"] }
                + waiting.map { [$0.code, $0.name, "waiting: trove device add \($0.code)"] })
        }
    }

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Approve a machine that asked to join, by the code it shows.",
            discussion: "Example: trove device add ABCD-EFGH-JKLM-NPQR")
        @Argument(help: "The code the new machine shows.") var code: String
        @OptionGroup var hub: HubOption
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let device = try storeOptions.open(env).approveDevice(code: code, remote: hub.remote, security: transfer.security(env))
            env.out.line("Approved \(device.code)" + (device.name.isEmpty ? "" : " (\(device.name))")
                + ": it can now finish its clone or sync")
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a machine: it reads nothing pushed from now on.",
            discussion: "Example: trove device remove ABCD-EFGH-JKLM-NPQR")
        @Argument(help: "The machine's code (see 'trove device list').") var code: String
        @OptionGroup var hub: HubOption
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let device = try storeOptions.open(env).removeDevice(code: code, remote: hub.remote, security: transfer.security(env))
            env.out.line("Removed \(device.code)" + (device.name.isEmpty ? "" : " (\(device.name))")
                + ": what it fetched before, it keeps; nothing pushed from now on opens with its key")
        }
    }
}
