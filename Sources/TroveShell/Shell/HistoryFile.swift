import Foundation
import TroveGit
import TroveSystem

/// The shell's history on disk: one line per entered command, appended as each is entered so that a
/// killed shell loses nothing and two shells at once both keep theirs.
struct HistoryFile {
    /// The file: `TROVE_HISTORY`, else `$XDG_STATE_HOME/trove/history` (`~/.local/state/trove/history`).
    let path: String
    /// How many lines to keep; the file is cut back to this when it grows to twice as many.
    var limit = 1000

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let override = environment["TROVE_HISTORY"], !override.isEmpty {
            path = override
        } else {
            path = UserHome.stateFolder(environment) + "/history"
        }
    }

    /// Whether a line belongs in the history: not blank, and not typed with a leading space (kept private).
    static func keeps(_ line: String) -> Bool {
        !line.hasPrefix(" ") && !line.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The remembered lines, oldest first, at most `limit` of them.
    func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Array(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).suffix(limit))
    }

    /// Appends `line`; cuts the file back to the last `limit` lines once it holds twice that many.
    func append(_ line: String) {
        let folder = FilePath.folder(of: path)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        close(descriptor)
        // Lines average well under 100 bytes: only count them when the file could be over the bound.
        if size > limit * 2 * 16 { trimIfLong() }
    }

    /// Rewrites the file with its last `limit` lines when it holds more than twice that, atomically.
    private func trimIfLong() {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count > limit * 2 else { return }
        let kept = lines.suffix(limit).joined(separator: "\n") + "\n"
        let temporary = path + ".new-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(kept.utf8), attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
