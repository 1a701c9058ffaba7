import Foundation
import TroveKit

/// Where an iTIP message (an invitation, an answer) goes: the file `--out` names (`-` for standard output);
/// else sendmail, when this machine has one; else a file in the current folder, for the user to send.
struct ITIPDelivery {
    /// What became of the message.
    enum Outcome: Equatable {
        case wrote(path: String)
        case printed
        case mailed(to: [String])
        /// No --out and no sendmail: written to the current folder.
        case wroteHere(path: String)
    }

    /// `--out`.
    var out: String?
    /// The name of the file written to the current folder: `invite-<uid>.ics`.
    var fallbackName: String

    /// `prefix-<uid>.ics`, the UID's characters that do not belong in a file name replaced by `-`.
    static func fileName(_ prefix: String, uid: String) -> String {
        let safe = String(uid.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._@-".contains($0)) ? $0 : "-" })
        return "\(prefix)-\(safe).ics"
    }

    /// Writes or sends `calendar`; `mail` makes the email (with `recipients`) for sendmail.
    func deliver(_ calendar: String, recipients: [String], _ env: CommandEnvironment, mail: () -> String) throws -> Outcome {
        if out == "-" {
            env.out.write(calendar)
            return .printed
        }
        if let out {
            try write(calendar, to: out)
            return .wrote(path: out)
        }
        if let sendmail = Sendmail() {
            try sendmail.send(mail())
            return .mailed(to: recipients)
        }
        let path = FileManager.default.currentDirectoryPath + "/" + fallbackName
        try write(calendar, to: path)
        return .wroteHere(path: path)
    }

    /// What was done, in words: `the invitation` is `what`, `them` who is to get it.
    static func sentence(_ outcome: Outcome, what: String, them: String) -> String? {
        switch outcome {
        case .wrote(let path): return "Wrote \(what) to \(path)."
        case .printed: return nil
        case .mailed(let addresses): return "Sent \(what) to \(addresses.joined(separator: ", ")) by sendmail."
        case .wroteHere(let path): return "Wrote \(what) to \(path) (there is no sendmail here): send it to \(them)."
        }
    }

    private func write(_ text: String, to path: String) throws {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CommandFailure(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
