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

    /// Trove's folder under `$XDG_DATA_HOME` (default `~/.local/share/trove`): the default store.
    public static func dataFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        xdg("XDG_DATA_HOME", default: "/.local/share", environment) + "/trove"
    }

    /// Trove's folder under `$XDG_STATE_HOME` (default `~/.local/state/trove`): shell history, the welcome marker.
    public static func stateFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        xdg("XDG_STATE_HOME", default: "/.local/state", environment) + "/trove"
    }

    /// Trove's folder under `$XDG_CONFIG_HOME` (default `~/.config/trove`): the user's https logins.
    public static func configFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        xdg("XDG_CONFIG_HOME", default: "/.config", environment) + "/trove"
    }

    /// An XDG base folder: the variable when set and not empty, else `relative` under the home folder.
    private static func xdg(_ variable: String, default relative: String, _ environment: [String: String]) -> String {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? (path + relative)
    }
}
