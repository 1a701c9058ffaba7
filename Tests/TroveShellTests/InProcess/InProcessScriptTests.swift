import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// ScriptModeTests (TroveCLITests) in process: scripts read from the environment's standard input.
@Suite("scripts and trove -c, in process")
struct InProcessScriptTests {
    @Test("--keep-going runs every line, and the exit code still reports the failure")
    func keepGoing() throws {
        let fixture = try InProcessFixture()
        let script = """
            record put dog --json '{"name": "One"}'   # a comment after a command
            record put cat --json '{}'
            record put dog --json '{"name": "Two"}'

            """
        let output = fixture.run(["--keep-going"], input: script)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("unknown record type 'cat'"))
        #expect(Set(try fixture.list().compactMap { $0["name"] as? String }) == ["One", "Two"])
        let shell = fixture.run(["shell", "--keep-going"], input: "frobnicate\nstatus\n")
        #expect(shell.status == 2 && shell.stdout.contains("Records"), "\(shell.stdout)\(shell.stderr)")
    }

    @Test("a deletion asks first: a script gets no unless --yes, and the record stays")
    func confirmation() throws {
        let fixture = try InProcessFixture()
        let id = fixture.put("dog", #"{"name": "Rex"}"#)
        let refused = fixture.trove("record", "rm", id)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Delete dog 'Rex' (\(id))? no (pass --yes to confirm in a script)"), "\(refused.stderr)")
        #expect(try fixture.list().count == 1 && fixture.commitCount() == 2)
        let piped = fixture.run(["record", "rm", id], input: "y\n")
        #expect(try piped.status == 1 && fixture.list().count == 1, "an answer piped in is not a person at a terminal")
        #expect(fixture.trove("record", "rm", id, "-y").status == 0)
        #expect(try fixture.list().isEmpty)
    }

    @Test("trove -c runs ';'-separated commands, stopping at the first that fails")
    func commandLine() throws {
        let fixture = try InProcessFixture()
        let both = fixture.trove("-c", #"record put dog --json '{"name": "Rex"}'; record list dog"#)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("Rex"))
        let stopped = fixture.trove("-c", #"record get nope; record put dog --json '{"name": "Never"}'"#)
        #expect(stopped.status == 1 && stopped.stderr.contains("line 1"), "\(stopped.stderr)")
        #expect(try fixture.list().count == 1)
        let going = fixture.trove("-c", #"record get nope; record put dog --json '{"name": "Also"}'"#, "--keep-going")
        #expect(going.status == 1)
        #expect(try fixture.list().count == 2)
        #expect(fixture.trove("-c", "status; exit 3; status").status == 3)
        #expect(fixture.trove("-c", "exit").status == 0)
    }

    @Test("an unknown command gets 'did you mean', in one-shot use and in scripts")
    func didYouMean() throws {
        let fixture = try InProcessFixture()
        let output = fixture.trove("staus")
        #expect(output.status == 2)
        #expect(output.stderr.contains("Did you mean 'status'?"), "\(output.stderr)")
        let script = fixture.run([], input: "record lsit dog\n")
        #expect(script.status == 2 && script.stderr.contains("Did you mean 'list'?") && script.stderr.contains("line 1"))
    }

    @Test("help: topics, a command's usage with examples, the tutorial, and --help")
    func help() throws {
        let fixture = try InProcessFixture()
        let overview = fixture.trove("help")
        #expect(overview.status == 0 && overview.stdout.contains("Sync between machines") && overview.stdout.contains("trove help tutorial"))
        let usage = fixture.trove("help", "record", "list")
        #expect(usage.stdout.contains("USAGE: trove record list") && usage.stdout.contains("Examples:"))
        #expect(fixture.trove("record", "list", "--help").stdout.contains("Examples:"))
        #expect(fixture.trove("help", "tutorial").stdout.contains("Trove in five minutes"))
        let unknown = fixture.trove("help", "sinc")
        #expect(unknown.status == 1 && unknown.stderr.contains("Did you mean 'sync'?"), "\(unknown.stderr)")
    }
}
