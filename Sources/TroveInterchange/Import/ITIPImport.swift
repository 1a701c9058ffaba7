import Foundation
import TroveKit
import TroveStore

/// Brings an iTIP message into the store, as one commit: a request becomes a pending invitation and a
/// notification (never an event, until it is accepted); a reply records the answer on the user's event.
///
/// Importing the same message again changes nothing: an invitation is matched by UID and SEQUENCE,
/// a reply by the answer the event already holds.
public struct ITIPImport {
    public let store: Store
    public var options: ImportOptions
    /// The user's own addresses, which tell which attendee of a request the user is.
    public var addresses: [String]
    /// The zone notifications give times in.
    public var zone: TimeZone

    public init(store: Store, options: ImportOptions = ImportOptions(), addresses: [String], zone: TimeZone) {
        self.store = store
        self.options = options
        self.addresses = addresses
        self.zone = zone
    }

    /// What an import did: the report, and what to tell the user (the notification, or why nothing changed).
    public struct Result: Sendable {
        public var report: ImportReport
        public var notice: String
        /// The invitation a request made or found.
        public var invitation: EventInvitation?
    }

    public func run(_ message: ITIPReader.Message, path: String, now: Date = Date()) throws -> Result {
        let file = (path as NSString).lastPathComponent
        var notice = ""
        var invitation: EventInvitation?
        switch message {
        case .request(let request, let warnings):
            var report = ImportReport(source: "invitation \(file)")
            report.warnings = warnings
            report = try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries()) { transaction, report in
                let (receipt, received) = try InvitationBook(store: store).receive(request, addresses: addresses, zone: zone, in: &transaction, now: now)
                invitation = received
                switch receipt {
                case .added: report.added += 1
                case .updated: report.updated += 1
                case .unchanged: report.unchanged += 1
                }
                if case .unchanged(let reason) = receipt { notice = reason } else { notice = received.notice(in: zone, updated: receipt == .updated) }
            }
            return Result(report: report, notice: notice, invitation: invitation)
        case .reply(let reply):
            let report = try ImportRun.perform(on: store, ImportReport(source: "reply \(file)"), options: options, invalid: InvalidEntries()) { transaction, report in
                switch try InvitationReplies.record(reply, in: &transaction, now: now).outcome {
                case .recorded(let text):
                    report.updated += 1
                    notice = text
                case .unchanged(let reason):
                    report.unchanged += 1
                    notice = reason
                }
            }
            return Result(report: report, notice: notice, invitation: nil)
        }
    }
}
