import ArgumentParser
import Foundation
import TroveIndex
import TroveKit
import TroveSchema
import TroveStore

/// The options `entry new` and `entry edit` share: where, when, tags, photos, star and visibility.
struct EntryOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The journal (its name or id).", valueName: "name"), completion: DataCompletion.names(of: ["journal"]))
    var journal: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeat for more).", valueName: "tag"), completion: DataCompletion.tags)
    var tags: [String] = []
    @Option(name: .customLong("photo"), help: ArgumentHelp("An image file to attach (repeat for more; kept in order).", valueName: "file"), completion: .file())
    var photos: [String] = []
    @Option(help: ArgumentHelp("Where: latitude and longitude, e.g. 48.8722,2.3659.", valueName: "lat,lon"))
    var at: String?
    @Option(help: ArgumentHelp("The place's name (with --at, or for an entry that has a position).", valueName: "name"))
    var place: String?
    @Option(help: ArgumentHelp("When: YYYY-MM-DD, 'YYYY-MM-DD HH:MM', ISO 8601, today, yesterday (default: now).", valueName: "date"))
    var date: String?
    @Flag(name: .customLong("star"), inversion: .prefixedNo, help: "Star it (or --no-star).") var star: Bool?
    @Flag(help: "Publish it with 'export html', or keep it private (default: as its journal).") var visibility: Visibility?

    /// The changes these options ask for; dates and positions are checked here, before anything is written.
    func changes() throws -> EntryChanges {
        var changes = EntryChanges()
        changes.journal = journal
        changes.addTags = tags
        changes.addPhotos = photos
        changes.position = try at.map { try Coordinates(parsing: $0) }
        changes.place = place
        changes.date = try date.map { try DateInput.parse($0) }
        changes.starred = star
        changes.isPublic = visibility.map { $0 == .public }
        return changes
    }
}

/// Finding an entry from the id or the start of one, as people copy them from listings.
enum EntryLookup {
    static func id(_ given: String, in index: RecordIndex) throws -> String {
        try RecordLookup.id(given, type: RecordType.entry, in: index, unknown: JournalError.unknownEntry(given)) {
            JournalError.ambiguousEntry(given, matches: $0)
        }
    }
}

/// Writing an entry's text in the user's editor (`$VISUAL`, `$EDITOR`, else vi).
enum TextEditor {
    /// The text after editing `initial`; throws when the editor failed or was interrupted (nothing is saved then).
    static func edit(_ initial: String, _ env: CommandEnvironment) throws -> String {
        let environment = env.variables
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = NSTemporaryDirectory() + "trove-entry-\(getpid()).md"
        try Data(initial.utf8).write(to: URL(fileURLWithPath: file))
        // Ctrl-C goes to the editor while it runs (we ignore it), so this runs then too.
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Through the shell, so EDITOR may carry arguments ("code --wait").
        switch TerminalChild.run("/bin/sh", ["-c", editor + " \"$1\"", "sh", file], restoringTerminal: true) {
        case .exited(0):
            guard let data = FileManager.default.contents(atPath: file) else { throw CommandFailure(message: "the editor removed its file: nothing was saved") }
            return String(decoding: data, as: UTF8.self)
        case .signalled(SIGINT):
            throw CommandFailure(message: "the editor was interrupted: nothing was saved")
        case .notStarted(let error):
            throw CommandFailure(message: "cannot start the editor: \(String(cString: strerror(error)))")
        default:
            throw CommandFailure(message: "the editor failed: nothing was saved")
        }
    }
}
