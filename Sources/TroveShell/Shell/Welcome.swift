import Foundation
import TroveGit
import TroveSystem

/// The few lines shown the first time the shell starts, and never again (a marker file in the
/// user's state folder remembers).
struct Welcome {
    /// Where the tutorial is; `help` always names it too.
    static let tutorial = "trove help tutorial"

    var environment: [String: String]

    /// The marker: `$XDG_STATE_HOME/trove/welcomed` (`~/.local/state/trove/welcomed`).
    var marker: String {
        UserHome.stateFolder(environment) + "/welcomed"
    }

    /// The welcome text.
    static func text(color: Bool) -> [String] {
        let title = "Welcome to Trove: your journals, dogs, calendars and items, kept in git on your own machines."
        return [
            SGR.apply([.bold], to: title, color: color),
            "Type a command (help lists them), Tab completes, Up recalls, Ctrl-R searches what you typed,",
            "Ctrl-C drops a line or stops a command, and Ctrl-D or exit leaves.",
            "New here? Take the five-minute tour: \(tutorial)",
            "",
        ]
    }

    /// Prints the welcome unless it was shown before, then remembers it was.
    func showOnce(color: Bool, on out: OutputWriter) {
        guard !FileManager.default.fileExists(atPath: marker) else { return }
        Welcome.text(color: color).forEach { out.line($0) }
        try? FileManager.default.createDirectory(atPath: FilePath.folder(of: marker),
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
    }
}
