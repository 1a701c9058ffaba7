import Foundation
import Testing
import TroveTestSupport

/// A streamed import (issue 25) reads its file a second time while it writes; killed anywhere in that, the store must
/// be where it was or hold the whole import, and the same import run again must finish it.
@Suite("SIGKILL during a streamed import")
struct ImportKillTests {
    static let entryCount = 2_500

    /// jrnl's JSON export of `entryCount` entries, a day apart.
    static func writeExport(in folder: TemporaryFolder) throws -> String {
        var entries: [String] = []
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        for number in 0..<entryCount {
            let day = format.string(from: start.addingTimeInterval(Double(number) * 86_400))
            entries.append(#"{"title": "Entry \#(number).", "body": "Walked the long way round, number \#(number). @walk", "date": "\#(day)", "time": "08:30", "tags": ["@walk"], "starred": false}"#)
        }
        return try folder.write("big.json", #"{"tags": {"@walk": \#(entryCount)}, "entries": ["# + entries.joined(separator: ",\n") + "]}\n")
    }

    /// How many journal entries the store holds, as the next command sees them.
    static func entries(_ fixture: CLIFixture, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let status = try fixture.trove("status", "--json")
        #expect(status.status == 0, "trove status: \(status.stderr)", sourceLocation: sourceLocation)
        return ((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Int])?["entry"] ?? 0
    }

    @Test("killed anywhere in a streamed jrnl import, the store is as it was or holds all of it, and the import run again finishes it")
    func killDuringImport() throws {
        let folder = TemporaryFolder("trove-import-kill")
        let export = try Self.writeExport(in: folder)

        // A full run first, to spread the kills over it.
        let reference = try CLIFixture()
        let started = Date()
        let full = try reference.trove("import", "jrnl", export, "--journal", "Big")
        let fullRun = Date().timeIntervalSince(started)
        try #require(full.status == 0, "\(full.stderr)")
        #expect(try Self.entries(reference) == Self.entryCount)

        var generator = SystemRandomNumberGenerator()
        let delays = [0.02, fullRun * 0.3, fullRun * Double.random(in: 0.4...0.95, using: &generator)]
        var outcomes: [String] = []
        for delay in delays {
            let fixture = try CLIFixture()
            _ = try fixture.put("dog", #"{"name": "Before"}"#)
            let previous = try fixture.head()
            let process = try fixture.cli.start(["import", "jrnl", export, "--journal", "Big"])
            usleep(useconds_t(delay * 1_000_000))
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let head = try fixture.head()
            let count = try Self.entries(fixture)
            if head == previous {
                #expect(count == 0, "HEAD is the previous commit, with \(count) entries")
            } else {
                #expect(try fixture.git("rev-parse", "HEAD^").trimmed == previous, "HEAD is neither the previous commit nor its child")
                #expect(count == Self.entryCount, "the import's commit holds \(count) of \(Self.entryCount) entries")
            }
            try fixture.expectClean()
            let check = try fixture.trove("check")
            #expect(check.status == 0, "trove check after the kill: \(check.stdout)\(check.stderr)")
            try fixture.expectFsck()

            // The same import again finishes what the kill stopped, and adds nothing twice.
            let again = try fixture.trove("import", "jrnl", export, "--journal", "Big")
            #expect(again.status == 0, "the import run again: \(again.stderr)")
            #expect(try Self.entries(fixture) == Self.entryCount)
            let added = head == previous ? Self.entryCount : 0
            #expect(again.stdout.contains("\(added) added"), "\(again.stdout)")
            try fixture.expectClean()
            outcomes.append(String(format: "%.2f s: ", delay) + (head == previous ? "as it was" : "all of it") + (wasRunning ? "" : " (had finished)"))
        }
        #expect(outcomes.contains { $0.hasSuffix("as it was") }, "no kill landed before the commit: \(outcomes)")
        print(String(format: "import kill test: full run %.2f s; ", fullRun) + outcomes.joined(separator: "; "))
    }
}
