import ArgumentParser
import Foundation
import TroveInterchange
import TroveJSON
import TroveKit

/// `trove import ics FILE` of an iTIP message rather than a calendar: an invitation (METHOD:REQUEST), which
/// waits in 'trove invitation list' for an answer, or an answer to one of yours (METHOD:REPLY).
enum ImportITIP {
    /// Whether `file` is an iTIP message to read here; a METHOD Trove does not take is refused, since
    /// importing it as a calendar would do the opposite of what it asks (CANCEL would add the event).
    static func handles(_ file: any ICSSource, path: String) throws -> Bool {
        guard let method = file.method, method != "PUBLISH" else { return false }
        guard ITIPReader.methods.contains(method) else {
            throw CommandFailure(message: "\((path as NSString).lastPathComponent): METHOD:\(method) is an iTIP message Trove does not read "
                                 + "(it reads invitations, METHOD:REQUEST, and answers, METHOD:REPLY); nothing was imported")
        }
        return true
    }

    static func run(path: String, options: ImportCommand.Options, storeOptions: StoreOptions, json: Bool, _ env: CommandEnvironment) throws {
        let message = try ITIPReader.read(contentsOf: path)
        let context = try CalendarContext(storeOptions, env)
        let addresses = try CalendarUser.myAddresses(account: SignIn.require(context.store), store: context.store)
        let result = try ITIPImport(store: context.store, options: ImportOptions(dryRun: options.dryRun),
                                    addresses: addresses, zone: context.timeZone).run(message, path: path)
        if json {
            var fields = ImportCommand.fields(of: result.report)
            fields["notice"] = .string(result.notice)
            fields["invitation"] = result.invitation.map { .string($0.id) } ?? .null
            return env.out.json(.object(fields))
        }
        ImportCommand.show(result.report, json: false, env)
        env.out.line(result.notice)
        if let invitation = result.invitation, invitation.status == .pending, result.report.commit != nil {
            let id = CalendarText.shortID(invitation.id)
            env.out.line("Answer it with 'trove invitation accept \(id)' or 'trove invitation decline \(id)'.")
        }
    }
}
