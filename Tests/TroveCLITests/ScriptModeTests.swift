import Foundation
import Testing
import TroveTestSupport

/// Scripts on standard input, `trove -c`, and `--keep-going`.
@Suite("scripts and trove -c")
struct ScriptModeTests {
    @Test("--keep-going runs every line, and the exit code still reports the failure")
    func keepGoing() throws {
        let fixture = try CLIFixture()
        let script = """
            record put dog --json '{"name": "One"}'   # a comment after a command
            record put cat --json '{}'
            record put dog --json '{"name": "Two"}'

            """
        let output = try fixture.cli.run(["--keep-going"], input: script)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("unknown record type 'cat'"))
        #expect(Set(try fixture.list().compactMap { $0["name"] as? String }) == ["One", "Two"])
        let shell = try fixture.cli.run(["shell", "--keep-going"], input: "frobnicate\nstatus\n")
        #expect(shell.status == 2 && shell.stdout.contains("Records"), "\(shell.stdout)\(shell.stderr)")
    }

    @Test("a deletion asks first: a script gets no unless --yes, and the record stays")
    func confirmation() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let refused = try fixture.trove("record", "rm", id)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Delete dog 'Rex' (\(id))? no (pass --yes to confirm in a script)"), "\(refused.stderr)")
        #expect(try fixture.list().count == 1 && fixture.commitCount() == 2)
        let piped = try fixture.cli.run(["record", "rm", id], input: "y\n")
        #expect(try piped.status == 1 && fixture.list().count == 1, "an answer piped in is not a person at a terminal")
        #expect(try fixture.trove("record", "rm", id, "-y").status == 0)
        #expect(try fixture.list().isEmpty)
    }

    @Test("trove -c runs ';'-separated commands, stopping at the first that fails")
    func commandLine() throws {
        let fixture = try CLIFixture()
        let both = try fixture.trove("-c", #"record put dog --json '{"name": "Rex"}'; record list dog"#)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("Rex"))
        let stopped = try fixture.trove("-c", #"record get nope; record put dog --json '{"name": "Never"}'"#)
        #expect(stopped.status == 1 && stopped.stderr.contains("line 1"), "\(stopped.stderr)")
        #expect(try fixture.list().count == 1)
        let going = try fixture.trove("-c", #"record get nope; record put dog --json '{"name": "Also"}'"#, "--keep-going")
        #expect(going.status == 1)
        #expect(try fixture.list().count == 2)
        #expect(try fixture.trove("-c", "status; exit 3; status").status == 3)
        #expect(try fixture.trove("-c", "exit").status == 0)
    }

    @Test("an unknown command gets 'did you mean', in one-shot use and in scripts")
    func didYouMean() throws {
        let fixture = try CLIFixture()
        let output = try fixture.trove("staus")
        #expect(output.status == 2)
        #expect(output.stderr.contains("Did you mean 'status'?"), "\(output.stderr)")
        let script = try fixture.cli.run([], input: "record lsit dog\n")
        #expect(script.status == 2 && script.stderr.contains("Did you mean 'list'?") && script.stderr.contains("line 1"))
    }

    @Test("help: topics, a command's usage with examples, the tutorial, and --help")
    func help() throws {
        let fixture = try CLIFixture()
        let overview = try fixture.trove("help")
        #expect(overview.status == 0 && overview.stdout.contains("Sync between machines") && overview.stdout.contains("trove help tutorial"))
        let usage = try fixture.trove("help", "record", "list")
        #expect(usage.stdout.contains("USAGE: trove record list") && usage.stdout.contains("Examples:"))
        #expect(try fixture.trove("record", "list", "--help").stdout.contains("Examples:"))
        #expect(try fixture.trove("help", "tutorial").stdout.contains("Trove in five minutes"))
        let unknown = try fixture.trove("help", "sinc")
        #expect(unknown.status == 1 && unknown.stderr.contains("Did you mean 'sync'?"), "\(unknown.stderr)")
    }

    @Test("completion scripts for bash, zsh and fish, and bash completing a record id through trove")
    func completionScripts() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        for shell in ["bash", "zsh", "fish"] {
            let script = try fixture.trove("completions", shell)
            #expect(script.status == 0 && script.stdout.contains("trove"), "\(shell): \(script.stderr)")
        }
        #expect(try fixture.trove("completions", "tcsh").status == 2)
        // The bash script asks trove for ids the way the shell does: through `trove ---completion`.
        let folder = fixture.folder.child("bin")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/trove", withDestinationPath: TroveCLI.executable)
        let bash = try fixture.trove("completions", "bash").stdout
        try bash.write(toFile: fixture.folder.child("trove.bash"), atomically: true, encoding: .utf8)
        let driver = """
            source \(fixture.folder.child("trove.bash"))
            COMP_WORDS=(trove show "\(id.prefix(20))"); COMP_CWORD=2; COMP_LINE="trove show \(id.prefix(20))"; COMP_POINT=${#COMP_LINE}
            _trove
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = fixture.cli.environment
        environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let completed = try ProcessRunner.run("/bin/bash", ["-c", driver], environment: environment)
        #expect(completed.stdout.split(separator: "\n").map(String.init) == [id], "bash offered: \(completed.stdout) \(completed.stderr)")
    }
}
