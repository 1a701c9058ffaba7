import Foundation

/// The machine's `sendmail`, which takes a whole message (headers and body) and hands it to the mail system.
///
/// Looked for on `PATH`, then where mail systems install it (`/usr/sbin`, `/usr/lib`), which are often not on a user's `PATH`.
public struct Sendmail: Sendable {
    public let program: ExternalProgram

    /// The installed sendmail, or `nil` when the machine has none.
    public init?(path: String? = ProcessInfo.processInfo.environment["PATH"]) {
        guard let program = ExternalProgram(named: "sendmail", path: (path ?? "") + ":/usr/sbin:/usr/lib") else { return nil }
        self.program = program
    }

    /// Sends `message`, to the addresses of its To: header (`sendmail -t`); throws when sendmail refuses it.
    public func send(_ message: String) throws {
        let result = try program.run(["-t"], input: message, timeout: 30)
        guard result.status == 0, !result.timedOut else {
            throw SendmailError(output: result.timedOut ? "it did not finish in 30 seconds" : result.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// sendmail refused a message, or hung.
public struct SendmailError: Error, Equatable, UserFacingError {
    /// What sendmail said.
    public var output: String

    public var description: String { "sendmail failed" + (output.isEmpty ? "" : ": \(output)") }
}
