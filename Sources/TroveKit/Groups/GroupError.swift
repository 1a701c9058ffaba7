/// Why a group command was refused; nothing was written.
public enum GroupError: Error, Equatable, CustomStringConvertible {
    case noKey
    case blankName
    case unknownGroup(String, known: [String])
    case ambiguousGroup(String, matches: [String])
    case notAGroupHub(String)
    case hubNotEmpty(String)
    case badCode
    case codeMatchesNothing(group: String)
    case codeUsed(group: String)
    case alreadyMember(group: String)
    case notMember(group: String)
    case notAllowed(String)
    case unknownMember(String, group: String)
    case unknownRequest(String, group: String)
    case requestPending(group: String)
    case blocked(group: String)
    case emptyText(what: String)
    case unknownLink(String)
    /// A new machine of a member asked to open an encrypted group, and waits for another member's sync.
    case awaitingMachine(group: String)
    /// The group's hub is encrypted and this machine's copy can no longer open it: the user was removed.
    case noLongerReadable(group: String)

    public var description: String {
        switch self {
        case .noKey:
            return "groups need a signing key, since a group's members accept only signed commits"
        case .blankName:
            return "the group's name is empty: give it a name"
        case .unknownGroup(let name, let known):
            return "no group called '\(name)'" + (known.isEmpty ? ": you are in none yet" : " (yours: \(known.joined(separator: ", ")))")
        case .ambiguousGroup(let name, let matches):
            return "\(matches.count) groups match '\(name)': \(matches.joined(separator: ", "))"
        case .notAGroupHub(let url):
            return "\(url) holds no group's shared store"
        case .hubNotEmpty(let url):
            return "\(url) is not empty: a new group needs a new hub (an empty folder, or a path that does not exist yet)"
        case .badCode:
            return "that is not an invitation code: codes are 20 letters and digits, like 7KQ2M-XW9DP-4T1ZC-8RNHV"
        case .codeMatchesNothing(let group):
            return "that code matches no open invitation of \(group): check it, or ask for a new invitation"
        case .codeUsed(let group):
            return "that invitation code of \(group) was used already: each code works once"
        case .alreadyMember(let group):
            return "you are a member of \(group) already"
        case .notMember(let group):
            return "you are not a member of \(group)"
        case .notAllowed(let why):
            return why
        case .unknownMember(let name, let group):
            return "\(group) has no member called '\(name)'"
        case .unknownRequest(let name, let group):
            return "\(group) has no request to join from '\(name)'"
        case .requestPending(let group):
            return "you asked to join \(group) already: the owner has not answered yet"
        case .blocked(let group):
            return "\(group) refused your requests three times: you cannot ask again"
        case .emptyText(let what):
            return "the \(what) is empty: write something"
        case .unknownLink(let text):
            return "no link '\(text)' in your groups"
        case .awaitingMachine(let group):
            return "this machine has asked to open \(group), whose hub is encrypted: it opens once one of your other "
                + "machines, or any member, has synced the group"
        case .noLongerReadable(let group):
            return "you can no longer read \(group): its hub is encrypted, and you were removed from the group "
                + "(what this machine had, it keeps; nothing written since opens for you)"
        }
    }
}

extension GroupError: UserFacingError {}
