import Foundation
import Testing
import TroveTestSupport

@Suite("Global options and script mode")
struct GlobalOptionsTests {
    @Test("help works with a store named, one-shot and in a shell started with --store")
    func helpWithStore() throws {
        let fixture = try CLIFixture()
        for arguments in [["--store", fixture.store, "help"], ["help", "--store", fixture.store], ["--store", fixture.store, "help", "entry"]] {
            let help = try fixture.cli.run(arguments)
            #expect(help.status == 0, "trove \(arguments.joined(separator: " ")): \(help.stderr)")
            #expect(help.stdout.contains(arguments.last == "entry" ? "journal entries" : "Journals"), "\(help.stdout)")
        }
        let shell = try fixture.cli.run(["--store", fixture.store, "shell"], input: "help\nhelp entry\n")
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(!shell.stderr.contains("Unknown option") && shell.stdout.contains("Journals") && shell.stdout.contains("journal entries"))
    }

    @Test("a command that ends at once never crashes on its way out (libgit2's set-up in the background used to)")
    func quickCommandsExitCleanly() throws {
        let fixture = try CLIFixture()
        // Exit handlers ran while the background set-up of libgit2 was still inside OpenSSL: one release-built
        // `trove --version` in about 150 died of SIGSEGV (`main.swift` now waits for the set-up). A debug build
        // starts slowly enough that the set-up nearly always ends first, so this guards more than it catches;
        // many short runs, four at a time, give the window its chances.
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<60 {
                // `--version` no longer starts the set-up at all; `--help` does, and ends as soon.
                let run = try? fixture.cli.run("--help")
                statuses.add(run.map { $0.status == 0 && !$0.stdout.isEmpty } ?? false)
            }
        }
        #expect(statuses.all.count == 240)
        // The short way out for `--version` prints one line, the version (`Trove.version`, as the parser has it).
        let version = try fixture.cli.run("--version")
        #expect(version.status == 0 && version.stderr.isEmpty)
        #expect(version.stdout.split(separator: "\n").count == 1 && !version.stdout.isEmpty)
        #expect(statuses.all.allSatisfy { $0 }, "\(statuses.all.filter { !$0 }.count) runs failed")
    }

    @Test("--store works before and after the command, and wins over TROVE_STORE")
    func storeOption() throws {
        let fixture = try CLIFixture()
        let other = fixture.folder.child("other")
        #expect(try fixture.trove("init", other).status == 0)
        let id = try fixture.trove("--store", other, "record", "put", "dog", "--json", #"{"name": "Elsewhere"}"#).trimmed
        #expect(isUUIDv7(id))

        let before = try fixture.trove("--store", other, "status")
        #expect(before.status == 0)
        #expect(before.stdout.contains(other) && before.stdout.contains("1 dog"))
        let after = try fixture.trove("status", "--store", other)
        #expect(after.stdout == before.stdout)
        let equals = try fixture.trove("--store=\(other)", "record", "get", id)
        #expect(equals.status == 0, "\(equals.stderr)")
        #expect(try fixture.trove("record", "get", id, "--store", other).stdout == equals.stdout)

        // TROVE_STORE (the fixture's store) holds nothing.
        #expect(try fixture.trove("record", "get", id).status == 1)
        #expect(try fixture.trove("status").stdout.contains(fixture.store))

        let json = try fixture.trove("--json", "--store", other, "status")
        #expect((parseJSON(json.stdout) as? [String: Any])?["path"] as? String == other)
        #expect(try fixture.trove("--store", other, "--json", "record", "list", "dog").stdout == (try fixture.trove("record", "list", "dog", "--json", "--store", other).stdout))
    }

    @Test("every command accepts the global --json, before or after its name, and then prints JSON")
    func jsonEverywhere() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let other = try fixture.put("dog", #"{"name": "Other"}"#)
        let otherPath = try fixture.path(of: other)
        let otherText = try String(contentsOfFile: fixture.store + "/" + otherPath, encoding: .utf8)
        try fixture.handEdit(otherPath, otherText.replacingOccurrences(of: "\"Other\"", with: "\"Edited\""))
        let reading: [[String]] = [
            ["status"], ["log"], ["log", id], ["show", id], ["check"], ["record", "list", "dog"], ["record", "get", id],
        ]
        // Commands that change the store run once each, with --json before or after.
        let changing: [[String]] = [["commit", "-m", "Edit by hand", "--json"], ["--json", "record", "rm", id, "--yes"], ["undo", "--json"]]
        for arguments in reading.flatMap({ [["--json"] + $0, $0 + ["--json"]] }) + changing {
            let output = try fixture.cli.run(arguments)
            #expect(output.status == 0, "trove \(arguments.joined(separator: " ")): \(output.stderr)")
            #expect(parseJSON(output.stdout) != nil, "trove \(arguments.joined(separator: " ")) printed: \(output.stdout)")
        }
        #expect(try fixture.commitCount() == 6)
    }

    @Test("a relative --store is taken from the current folder and shown absolute")
    func relativeStore() throws {
        let fixture = try CLIFixture()
        let output = try fixture.cli.run(["--store", "store", "status"], in: fixture.folder.path)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains(fixture.store))
        let put = try fixture.cli.run(["record", "put", "dog", "--json", #"{"name": "Rel"}"#, "--store", "./store/"], in: fixture.folder.path)
        #expect(put.status == 0, "\(put.stderr)")
        #expect(try fixture.list().count == 1)
    }

    @Test("a folder that is not a store, or a store of a newer format, gets a clear message")
    func notAStoreOrNewer() throws {
        let fixture = try CLIFixture()
        let plain = fixture.folder.child("plain")
        try fixture.folder.write("plain/file.txt", "x")
        let notStore = try fixture.trove("status", "--store", plain)
        #expect(notStore.status == 1)
        #expect(notStore.stderr.contains("\(plain) is not a Trove store") && notStore.stderr.contains("trove init"), "\(notStore.stderr)")

        let metadata = try String(contentsOfFile: fixture.store + "/trove.json", encoding: .utf8)
        try fixture.handEdit("trove.json", metadata.replacingOccurrences(of: "\"format\": 1", with: "\"format\": 7"))
        #expect(try fixture.git("commit", "-q", "-am", "A newer store").status == 0)
        let newer = try fixture.trove("record", "list", "dog")
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("format 7") && newer.stderr.contains("upgrade"), "\(newer.stderr)")
    }

    @Test("TROVE_STORE picks the store; without it the default is under XDG_DATA_HOME")
    func environmentStore() throws {
        let fixture = try CLIFixture(initialise: false)
        fixture.cli.extraEnvironment["TROVE_STORE"] = ""
        let made = try fixture.trove("init")
        #expect(made.status == 0, "\(made.stderr)")
        let defaultStore = fixture.cli.home + "/data/trove/default"
        #expect(made.stdout.contains(defaultStore))
        #expect(FileManager.default.fileExists(atPath: defaultStore + "/trove.json"))
        #expect(try fixture.trove("status").stdout.contains(defaultStore))

        fixture.cli.extraEnvironment["TROVE_STORE"] = fixture.store
        #expect(try fixture.trove("status").status == 1, "TROVE_STORE names a folder that is not a store yet")
        #expect(try fixture.trove("init").stdout.contains(fixture.store))
        #expect(try fixture.trove("status").stdout.contains(fixture.store))
    }

    @Test("script mode runs each line of standard input as a command")
    func scriptMode() throws {
        let fixture = try CLIFixture()
        let script = """
            # a comment, then a blank line

            record put dog --json '{"name": "A"}'
            trove record put dog --json "{\\"name\\": \\"B\\"}"
            record list dog
            status

            """
        let output = try fixture.cli.run([], input: script)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Set(try fixture.list().compactMap { $0["name"] as? String }) == ["A", "B"])
        #expect(output.stdout.contains("2 dog"))
        #expect(try fixture.commitCount() == 3)
        #expect(try fixture.cli.run(["shell"], input: "record list dog --json\n").status == 0)
    }

    @Test("script mode stops at the first failing line with a non-zero exit, naming the line")
    func scriptStopsAtError() throws {
        let fixture = try CLIFixture()
        let script = """
            record put dog --json '{"name": "First"}'
            # comment
            record put cat --json '{"name": "Tom"}'
            record put dog --json '{"name": "Never"}'

            """
        let output = try fixture.cli.run([], input: script)
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown record type 'cat'"))
        #expect(output.stderr.contains("line 3"), "\(output.stderr)")
        #expect(try fixture.list().compactMap { $0["name"] as? String } == ["First"])

        let usage = try fixture.cli.run([], input: "status\nfrobnicate\nrecord put dog --json '{}'\n")
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("line 2"), "\(usage.stderr)")
        let quote = try fixture.cli.run([], input: "record put dog --json '{\n")
        #expect(quote.status != 0)
        #expect(quote.stderr.contains("line 1"), "\(quote.stderr)")
        #expect(try fixture.list().count == 1)
    }

    @Test("--store given to the shell applies to every line")
    func shellStore() throws {
        let fixture = try CLIFixture()
        let other = fixture.folder.child("other")
        #expect(try fixture.trove("init", other).status == 0)
        let output = try fixture.cli.run(["--store", other], input: "record put dog --json '{\"name\": \"There\"}'\n")
        #expect(output.status == 0, "\(output.stderr)")
        let shell = try fixture.cli.run(["shell", "--store", other], input: "record put dog --json '{\"name\": \"There too\"}'\n")
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try fixture.list().isEmpty)
        let there = try fixture.trove("record", "list", "dog", "--json", "--store", other)
        #expect((parseJSON(there.stdout) as? [Any])?.count == 2)
    }
}

/// Results several threads add to.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool] = []
    func add(_ value: Bool) { lock.lock(); values.append(value); lock.unlock() }
    var all: [Bool] { lock.lock(); defer { lock.unlock() }; return values }
}
