import Foundation

/// A simulated radio kept in a folder, for tests and demonstrations.
///
/// `FOLDER/state` holds `on` (the default), `off` or `absent`. Pairing writes `FOLDER/paired/ID`
/// and activating writes `FOLDER/active/ID`, so a test can see what the transport was asked to
/// do. A tracker id listed in `FOLDER/unreachable` (one per line) never answers.
public struct LoopbackTransport: TrackerTransport {
    public let name = "loopback"
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public func state() -> TransportState {
        let text = (try? String(contentsOfFile: folder + "/state", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        switch text {
        case "off": return .off
        case "absent": return .absent("the loopback folder \(folder) says there is none")
        default: return .ready
        }
    }

    public func pair(_ trackerID: String) throws { try mark(trackerID, in: "paired", action: "pair") }

    public func activate(_ trackerID: String) throws { try mark(trackerID, in: "active", action: "activate") }

    private func mark(_ trackerID: String, in subfolder: String, action: String) throws {
        if let error = TransportError.unusable(self) { throw error }
        let unreachable = (try? String(contentsOfFile: folder + "/unreachable", encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        if unreachable.contains(trackerID) { throw TransportError.failed(action: action, tracker: trackerID, reason: "it did not answer") }
        try FileManager.default.createDirectory(atPath: folder + "/" + subfolder, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: "\(folder)/\(subfolder)/\(trackerID)"))
    }
}

/// The transports Trove knows, by name.
public enum TrackerTransports {
    public static let names = ["bluetooth", "loopback"]

    /// The transport called `name`, else `TROVE_TRACKER_TRANSPORT`, else Bluetooth. The loopback one
    /// lives in `TROVE_LOOPBACK_FOLDER`, else in the store's local folder.
    public static func named(_ name: String?, localFolder: String) throws -> TrackerTransport {
        let environment = ProcessInfo.processInfo.environment
        switch name ?? environment["TROVE_TRACKER_TRANSPORT"] ?? "bluetooth" {
        case "bluetooth": return BluetoothTransport()
        case "loopback": return LoopbackTransport(folder: environment["TROVE_LOOPBACK_FOLDER"] ?? localFolder + "/loopback")
        case let other: throw TransportError.unknownTransport(other, known: names)
        }
    }
}
