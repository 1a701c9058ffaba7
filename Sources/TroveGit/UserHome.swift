import Foundation

/// The user's home folder.
public enum UserHome {
    /// `$HOME`, as git and the XDG folders use it, else the home in the user database.
    ///
    /// Foundation's `NSHomeDirectory()` on Linux ignores `$HOME`, so an isolated
    /// home (tests, sandboxes) would still read and write the real one.
    public static var path: String {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }
}
