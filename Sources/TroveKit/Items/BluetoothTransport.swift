import Foundation

/// Trackers over Bluetooth, through BlueZ's `bluetoothctl`.
///
/// The tracker id is its Bluetooth address, written `aa-bb-cc-dd-ee-ff`; pairing is
/// `bluetoothctl pair`, and activating is `bluetoothctl connect`, which starts a tag's
/// locating service.
public struct BluetoothTransport: TrackerTransport {
    public let name = "bluetooth"
    let program: ExternalProgram?

    public init(program: ExternalProgram? = ExternalProgram(named: "bluetoothctl")) {
        self.program = program
    }

    public func state() -> TransportState {
        guard let program else { return .absent("bluetoothctl is not installed (it comes with BlueZ: apt install bluez)") }
        guard let output = try? program.run(["show"], timeout: 10), !output.timedOut else {
            return .absent("bluetoothctl does not answer (is the bluetooth service running?)")
        }
        let text = output.text
        if text.contains("No default controller available") || text.contains("Waiting to connect to bluetoothd") {
            return .absent("no Bluetooth controller was found on this machine")
        }
        if text.contains("Powered: yes") { return .ready }
        if text.contains("Powered: no") { return .off }
        return .absent("bluetoothctl said: \(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))")
    }

    public func pair(_ trackerID: String) throws {
        try run("pair", trackerID, success: ["Pairing successful", "AlreadyExists"])
    }

    public func activate(_ trackerID: String) throws {
        try run("connect", trackerID, success: ["Connection successful"])
    }

    /// Runs `bluetoothctl ACTION ADDRESS` and looks for one of the `success` phrases in what it prints.
    private func run(_ action: String, _ trackerID: String, success: [String]) throws {
        if let error = TransportError.unusable(self) { throw error }
        guard let address = Self.address(trackerID), let program else {
            throw TransportError.failed(action: action, tracker: trackerID, reason: "its id is not a Bluetooth address (aa-bb-cc-dd-ee-ff)")
        }
        let output = try program.run(["--timeout", "20", action, address], timeout: 30)
        guard success.contains(where: output.text.contains) else {
            let said = output.text.split(separator: "\n").last { $0.contains("Failed") || $0.contains("not available") }
            throw TransportError.failed(action: action, tracker: trackerID,
                                        reason: output.timedOut ? "it did not answer (is it near and awake?)" : String(said ?? "bluetoothctl gave no answer"))
        }
    }

    /// `aa-bb-cc-dd-ee-ff` as BlueZ writes it, `AA:BB:CC:DD:EE:FF`; `nil` for any other id.
    static func address(_ trackerID: String) -> String? {
        let parts = trackerID.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else { return nil }
        return parts.joined(separator: ":").uppercased()
    }
}
