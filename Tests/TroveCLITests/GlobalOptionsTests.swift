import Foundation
import Testing
import TroveTestSupport

@Suite("Global options and script mode")
struct GlobalOptionsTests {
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
