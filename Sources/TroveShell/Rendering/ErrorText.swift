import Foundation
import TroveGit
import TroveIndex
import TroveInterchange
import TroveKit
import TroveStore

/// The one place an error becomes the text a user reads.
///
/// The floors below say what went wrong in the user's words and name no command (they are used by tests, the
/// benchmarks and other programs as well); here, where the commands are, each message gets the command that
/// helps: `no journal called 'x': make one with 'trove journal new NAME'`. `CommandLineRunner` prints it
/// with its exit code, for one-shot use, scripts and the shell alike.
enum ErrorText {
    /// The text for `error`, or `nil` for ArgumentParser's own errors (help, usage), which it words itself.
    static func text(for error: Error) -> String? {
        switch error {
        case let error as CommandFailure: return error.message
        case let error as HTTPFailure: return TransferFailureText.describe(error, remote: nil)
        case let error as HubError: return TransferFailureText.describe(error, remote: nil)
        case let error as StoreError: return withCommands(error) ?? error.description
        case let error as InvitationError: return withCommands(error) ?? error.description
        case let error as CalendarError: return withCommands(error) ?? error.description
        case let error as KeyError: return withCommands(error) ?? error.description
        case let error as JournalError: return withCommands(error) ?? error.description
        case let error as GroupError: return withCommands(error) ?? error.description
        case let error as ContactError: return withCommands(error) ?? error.description
        case let error as DogError: return withCommands(error) ?? error.description
        case let error as AccountError: return withCommands(error) ?? error.description
        case let error as ItemError: return withCommands(error) ?? error.description
        case let error as any UserFacingError: return error.description
        case let error as ImportError: return error.description
        case let error as TransferError: return error.description
        case let error as CredentialStoreError: return error.description
        case let error as GitError: return error.description
        case let error as IndexError: return error.description
        case let error as WorkingTreeError: return error.description
        default: return nil
        }
    }

    private static func withCommands(_ error: StoreError) -> String? {
        switch error {
        case .pushRefused(let remote, let problems):
            return "nothing was pushed to \(remote): it would carry what 'trove check' refuses\n"
                + problems.map { "  commit \($0.commit.prefix(10)): \($0.path): \($0.reason)\n" }.joined()
                + "Fix each file and commit it with 'trove commit', or take the commit back with 'trove undo'; then sync again"
        case .unfinishedGitMerge(let commit):
            return "git stopped in the middle of merging \(commit.prefix(10)) and left the store half merged: "
                + "'trove commit' finishes the merge by Trove's rules (an edit wins over a delete; both sides' values are kept)"
        case .notAStore(let path):
            return "\(path) is not a Trove store (run 'trove init \(path)' to create one)"
        case .damaged(_, let problem):
            return "the store's git data is damaged: \(problem); run 'trove check' to list what else is, and restore it from a copy or a peer"
        case .handEdited(let path):
            return "\(path) has uncommitted hand edits: commit them with 'trove commit -m MSG' or restore the file with 'git checkout -- \(path)'"
        case .unknownRemote(let name):
            return "no remote named '\(name)' (see 'trove remote list')"
        case .noConflict(let id, let field):
            return "record \(id) has no kept conflict on \(field) (see 'trove conflicts show \(id)')"
        case .unreviewedSharedStore(let path):
            return "\(path) is a shared store: its members' signatures must be checked on sync (use 'trove group sync')"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: InvitationError) -> String? {
        switch error {
        case .noAddress:
            return "Trove does not know your email address, which invitations are sent from: sign in to an account ('trove login'), "
                + "or set one with 'trove settings set notifications.email ADDRESS'"
        case .unknownInvitation(let id):
            return "no invitation with id '\(id)': 'trove invitation list' lists them"
        case .notInvited(let email, let title):
            return "\(email) was not invited to '\(title)', so their reply was not recorded (invite them with 'trove event invite')"
        case .whichAttendee(let emails):
            return "the invitation names \(emails.isEmpty ? "nobody" : emails.joined(separator: ", ")) and Trove does not know which is you: "
                + "set your address with 'trove settings set notifications.email ADDRESS'"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: CalendarError) -> String? {
        switch error {
        case .unknownCalendar(let name, let known) where known.isEmpty:
            return "no calendar called '\(name)': make one with 'trove calendar new NAME'"
        case .unknownEvent(let id):
            return "no event with id '\(id)': 'trove agenda' lists events with their ids"
        case .unknownTask(let id):
            return "no task with id '\(id)': 'trove agenda' lists tasks with their ids"
        case .unknownNotification(let id):
            return "no notification with id '\(id)': 'trove inbox' lists them"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: KeyError) -> String? {
        guard case .noKey(let path) = error else { return nil }
        return "there is no signing key at \(path): make one with 'trove key init'"
    }

    private static func withCommands(_ error: JournalError) -> String? {
        switch error {
        case .unknownJournal(let name, let known) where known.isEmpty:
            return "no journal called '\(name)': make one with 'trove journal new NAME'"
        case .noJournal:
            return "there is no journal yet: make one with 'trove journal new NAME'"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: GroupError) -> String? {
        switch error {
        case .noKey:
            return "groups need a signing key, since a group's members accept only signed commits: make one with 'trove key init'"
        case .unknownGroup(let name, let known) where known.isEmpty:
            return "no group called '\(name)': make one with 'trove group new NAME --hub URL'"
        case .unknownMember(let name, let group):
            return "\(group) has no member called '\(name)' (see 'trove group members \(PastableWord.quoted(group))')"
        case .unknownRequest(let name, let group):
            return "\(group) has no request to join from '\(name)' (see 'trove group requests \(PastableWord.quoted(group))')"
        case .unknownLink(let text):
            return "no link '\(text)' in your groups (see 'trove group links GROUP')"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: ContactError) -> String? {
        switch error {
        case .unknownContact(let name, let known):
            return "no contact called '\(name)'" + (known.isEmpty ? ": add one with 'trove contact add NAME'" : " (see 'trove contact list')")
        case .noEmail(let name):
            return "\(name) has no email address: add one with 'trove contact edit \(PastableWord.quoted(name)) --email ADDRESS'"
        case .noPhone(let name):
            return "\(name) has no phone number: add one with 'trove contact edit \(PastableWord.quoted(name)) --phone NUMBER'"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: DogError) -> String? {
        switch error {
        case .unknownDog(let name, let known) where known.isEmpty:
            return "no dog called '\(name)': add one with 'trove dog add NAME'"
        case .noDog:
            return "there is no dog yet: add one with 'trove dog add NAME'"
        case .noLocation:
            return "there is no current location: set it with 'trove here LAT,LON', follow a GPS with 'trove here --follow FILE', or pass --at LAT,LON"
        default:
            return nil
        }
    }

    private static func withCommands(_ error: AccountError) -> String? {
        switch error {
        case .temporaryPassword: return "this password is temporary and must be changed first: run 'trove passwd'"
        case .notSignedIn: return "this store has an account: sign in first with 'trove login'"
        case .sessionExpired: return "your session expired after being idle: sign in again with 'trove login'"
        case .noAccounts: return "this store has no account (it is an offline store): make one with 'trove account create'"
        default: return nil
        }
    }

    private static func withCommands(_ error: ItemError) -> String? {
        switch error {
        case .unknownItem(let name, let known) where known.isEmpty:
            return "no item called '\(name)': add one with 'trove item add NAME'"
        case .unknownTracker(let id):
            return "tracker \(id) is not registered: register it with 'trove tracker register ITEM \(id)'"
        case .noTracker(let item):
            return "'\(item)' has no tracker: register one with 'trove tracker register \(PastableWord.quoted(item)) TRACKER_ID'"
        case .noLocation(let item):
            return "'\(item)' has no location yet: no report has come from its tracker (ingest some with 'trove tracker ingest FILE')"
        case .noStart:
            return "no starting point: pass --from LAT,LON or set your location with 'trove here LAT,LON'"
        default:
            return nil
        }
    }
}
