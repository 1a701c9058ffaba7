/// Why a stream of positions could not be read; each message says what to try next.
public enum PositionSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, FIFO or device at `path` could not be opened.
    case cannotOpen(path: String, reason: String)
    /// The path names something that is not a stream of lines (a directory, for instance).
    case notFollowable(path: String, reason: String)
    /// Reading from the open file, FIFO or standard input failed.
    case readFailed(path: String, reason: String)
    /// No connection to gpsd could be made (not running, wrong host or port, or a firewall).
    case gpsdUnreachable(host: String, port: UInt16, reason: String)
    /// The connection to gpsd broke while reading from it or sending the watch command.
    case gpsdConnectionLost(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason); check the path and its permissions"
                + " (a serial GPS device usually needs the dialout group), or use --gpsd"
        case .notFollowable(let path, let reason):
            return "cannot follow \(path): \(reason); pass a file of NMEA or JSON lines, a FIFO,"
                + " a GPS device, or - for standard input"
        case .readFailed(let path, let reason):
            return "reading \(path) failed: \(reason)"
        case .gpsdUnreachable(let host, let port, let reason):
            return "cannot reach gpsd at \(host) port \(port): \(reason); is gpsd running?"
                + " (systemctl start gpsd, or pass --follow FILE)"
        case .gpsdConnectionLost(let host, let port, let reason):
            return "lost the connection to gpsd at \(host) port \(port): \(reason);"
                + " check that gpsd is still running (systemctl status gpsd)"
        }
    }
}
