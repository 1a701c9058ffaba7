import Foundation
import Testing
import TroveKit
import TroveTestSupport
@testable import TroveShell

/// Commands run in process through `CommandLineRunner.run(_:env:)`, against real stores, with what they
/// read and write in memory: the fast path for command tests (the binary's own end-to-end tests stay in
/// TroveCLITests).
@Suite("commands in process")
struct InProcessCommandTests {
    @Test("init makes the store and says where, as text and as JSON")
    func initialise() throws {
        let fixture = try InProcessFixture(initialise: false)
        let made = fixture.trove("init")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "Created a store at \(fixture.store)\n")
        #expect(made.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.store + "/trove.json"))

        let other = fixture.folder.child("other")
        let json = fixture.run(["init", "--store", other, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(parseJSON(json.stdout) as? [String: Any])
        #expect(object["path"] as? String == other)
        #expect(isUUIDv7(object["storeId"] as? String ?? ""))
    }

    @Test("search refuses words that are only blanks (spaces, tabs, a newline) before opening the store")
    func searchBlankWords() throws {
        let fixture = try InProcessFixture(initialise: false)
        for words in [["  "], ["\t", " "], ["\n"]] {
            let refused = fixture.run(["search"] + words + ["--store", fixture.store])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("give the words to search for"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: fixture.store))
        }
    }

    @Test("holidays' help names every country with rules")
    func holidaysHelpNamesCountries() throws {
        let fixture = try InProcessFixture(initialise: false)
        let help = fixture.trove("holidays", "--help")
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Countries: " + Holidays.knownCountries.joined(separator: ", ") + "."), "\(help.stdout)")
    }

    @Test("entry new takes its text as an argument, or from the environment's standard input with -")
    func entryNew() throws {
        let fixture = try InProcessFixture()
        let given = fixture.trove("entry", "new", "Paris in the rain.", "--tag", "paris")
        #expect(given.status == 0, "\(given.stderr)")
        let id = try #require(given.stdout.firstMatch(of: #/^Wrote entry ([0-9a-f-]{36})\.\n$/#)).output.1
        #expect(given.stderr.isEmpty)

        let piped = fixture.trove("entry", "new", "-", "--json", input: "# Fog\n\nA grey walk.\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        let pipedID = try #require((parseJSON(piped.stdout) as? [String: Any])?["id"] as? String)
        let shown = fixture.trove("entry", "show", pipedID, "--json")
        #expect((parseJSON(shown.stdout) as? [String: Any])?["text"] as? String == "# Fog\n\nA grey walk.\n")
        #expect(fixture.trove("entry", "show", String(id)).stdout.contains("Paris in the rain."))
        #expect(try fixture.commitCount() == 3)
        try fixture.expectClean()
    }

    @Test("entry list and record list, as text and as JSON")
    func listings() throws {
        let fixture = try InProcessFixture()
        #expect(fixture.trove("entry", "new", "Paris in the rain.", "--date", "2025-03-01 09:00", "--tag", "paris").status == 0)
        #expect(fixture.trove("entry", "new", "A grey walk.", "--tag", "walk").status == 0)

        let text = fixture.trove("entry", "list")
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(text.stdout)")
        #expect(lines.first?.contains("A grey walk") == true && lines.last?.contains("#paris") == true, "newest first")

        let json = try #require(parseJSON(fixture.trove("entry", "list", "--json").stdout) as? [[String: Any]])
        #expect(json.compactMap { $0["text"] as? String } == ["A grey walk.", "Paris in the rain."])
        #expect(json.allSatisfy { isUUIDv7($0["id"] as? String ?? "") })

        let rex = fixture.put("dog", #"{"name": "Rex"}"#)
        let dogs = fixture.trove("record", "list", "dog")
        #expect(dogs.stdout.contains(rex) && dogs.stdout.contains("Rex"))
        #expect(try fixture.list().map { $0["id"] as? String } == [rex])
        #expect(try fixture.list().first?["name"] as? String == "Rex")
    }

    @Test("show finds a record by id, whatever its type")
    func show() throws {
        let fixture = try InProcessFixture()
        let id = fixture.put("dog", #"{"name": "Rex", "breed": "Border collie"}"#)
        let shown = fixture.trove("show", id)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Rex") && shown.stdout.contains("Border collie"))
        let json = try #require(parseJSON(fixture.trove("show", id, "--json").stdout) as? [String: Any])
        #expect(json["id"] as? String == id || (json["record"] as? [String: Any])?["id"] as? String == id, "\(json)")
    }

    @Test("search finds words in records, as text and as JSON")
    func search() throws {
        let fixture = try InProcessFixture()
        #expect(fixture.trove("entry", "new", "We walked along the river at dawn.").status == 0)
        #expect(fixture.trove("entry", "new", "Rain all day.").status == 0)
        let found = fixture.trove("search", "river")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("river") && !found.stdout.contains("Rain all day"))
        let json = try #require(parseJSON(fixture.trove("search", "river", "--json").stdout) as? [Any])
        #expect(json.count == 1)
        let none = fixture.trove("search", "volcano")
        #expect(none.status == 0 && none.stdout.contains("No records match 'volcano'"))
    }

    @Test("an unknown id is an error on standard error, exit 1, and nothing on standard output")
    func unknownID() throws {
        let fixture = try InProcessFixture()
        let id = "01a19628-83c0-7ac2-8c72-4c22e9a2961c"
        let output = fixture.trove("record", "get", id)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "trove: no record with id \(id)\n" || output.stderr.hasPrefix("trove: no record with id \(id)"), "\(output.stderr)")
    }

    @Test("a usage error exits 2 with the usage on standard error, and nothing on standard output")
    func usageError() throws {
        let fixture = try InProcessFixture()
        let missing = fixture.trove("record", "put", "dog")
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("Usage: trove record put"), "\(missing.stderr)")
        // The tree parsed for one command names a super-command to skip ArgumentParser's completion-script check;
        // the usage, rendered after the parse, must not show it.
        #expect(!missing.stderr.contains("trove trove"), "\(missing.stderr)")
        let unknown = fixture.trove("staus")
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("Did you mean 'status'?"), "\(unknown.stderr)")
    }

    @Test("help and --version go to standard output, exit 0")
    func helpAndVersion() throws {
        let fixture = try InProcessFixture(initialise: false)
        let version = fixture.trove("--version")
        #expect(version.status == 0 && version.stdout == Trove.configuration.version + "\n" && !Trove.configuration.version.isEmpty && version.stderr.isEmpty)
        let help = fixture.trove("record", "list", "--help")
        #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stderr.isEmpty)
        #expect(help.stdout.contains("USAGE: trove record list") && !help.stdout.contains("trove trove"), "\(help.stdout)")
    }

    @Test("ArgumentParser's --generate-completion-script still answers after a command's name, and alone")
    func generatedCompletionScript() throws {
        let fixture = try InProcessFixture(initialise: false)
        for arguments in [["search", "--generate-completion-script", "bash"], ["search", "--generate-completion-script=zsh"],
                          ["--generate-completion-script", "fish"]] {
            let script = fixture.run(arguments)
            #expect(script.status == 0 && script.stdout.contains("trove") && script.stdout.count > 1_000, "\(arguments): \(script.stderr)")
        }
    }

    @Test("the pager holds a command's lines when the terminal pages, and not otherwise")
    func pager() throws {
        let fixture = try InProcessFixture()
        for number in 1...30 { fixture.put("dog", #"{"name": "Dog \#(number)"}"#) }

        let paged = fixture.trove("record", "list", "dog", terminal: .outputTerminal(rows: 10))
        #expect(paged.status == 0, "\(paged.stderr)")
        #expect(paged.stdout.isEmpty, "every line went to the pager: \(paged.stdout)")
        #expect(paged.paged.count == 1)
        #expect(paged.paged.first?.count == 30)
        #expect(paged.paged.first?.contains { $0.contains("Dog 17") } == true)

        let noPager = fixture.trove("record", "list", "dog", terminal: .outputTerminal(rows: 10, pager: false))
        #expect(noPager.paged.isEmpty)
        #expect(noPager.stdout.split(separator: "\n").count == 30)

        let piped = fixture.trove("record", "list", "dog")
        #expect(piped.paged.isEmpty)
        #expect(piped.stdout == noPager.stdout || piped.stdout.split(separator: "\n").count == 30)
    }

    @Test("on a terminal a table fits its width; through a pipe it keeps every character")
    func tableWidth() throws {
        let fixture = try InProcessFixture()
        let long = String(repeating: "long name ", count: 20)
        fixture.put("dog", #"{"name": "\#(long)"}"#)
        let narrow = fixture.trove("record", "list", "dog", terminal: .outputTerminal(columns: 90, pager: false))
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 90 }, "\(narrow.stdout)")
        #expect(narrow.stdout.contains("…"))
        let piped = fixture.trove("record", "list", "dog")
        #expect(piped.stdout.contains(long.trimmingCharacters(in: .whitespaces)))
    }

    @Test("-c runs ';'-separated lines through the shell, each in the shell's --store, without touching the process's environment")
    func scriptWithStore() throws {
        let fixture = try InProcessFixture()
        let other = fixture.folder.child("other")
        #expect(fixture.run(["init", "--store", other]).status == 0)
        let before = ProcessInfo.processInfo.environment["TROVE_STORE"]

        let output = fixture.run(["--store", other, "-c", #"record put dog --json '{"name": "Elsewhere"}'; record list dog"#])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Elsewhere"))
        #expect(try fixture.list().isEmpty, "nothing reached the store TROVE_STORE names")
        let there = fixture.run(["record", "list", "dog", "--json", "--store", other])
        #expect((parseJSON(there.stdout) as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Elsewhere"])
        #expect(ProcessInfo.processInfo.environment["TROVE_STORE"] == before, "the shell's --store is no longer set with setenv")

        // A line's own --store wins over the shell's.
        let own = fixture.run(["--store", other, "-c", #"record put dog --json '{"name": "Home"}' --store \#(fixture.store)"#])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try fixture.list().compactMap { $0["name"] as? String } == ["Home"])
    }

    @Test("a script on the environment's standard input stops at the first failing line, naming it")
    func scriptOnStandardInput() throws {
        let fixture = try InProcessFixture()
        let script = """
            record put dog --json '{"name": "One"}'
            record get 01a19628-83c0-7ac2-8c72-4c22e9a2961c
            record put dog --json '{"name": "Never"}'

            """
        let output = fixture.run(["shell"], input: script)
        #expect(output.status == 1)
        #expect(output.stderr.contains("no record with id") && output.stderr.contains("stopped at line 2"), "\(output.stderr)")
        #expect(try fixture.list().compactMap { $0["name"] as? String } == ["One"])
        let going = fixture.run(["shell", "--keep-going"], input: script)
        #expect(going.status == 1)
        #expect(try fixture.list().compactMap { $0["name"] as? String }.sorted() == ["Never", "One", "One"])
    }

    @Test("two commands at once on two stores, each in its own environment: their output does not mix")
    func concurrentCommands() async throws {
        let first = try InProcessFixture(), second = try InProcessFixture()
        let rounds = 6
        let outputs = await withTaskGroup(of: (Int, [InProcessOutput]).self) { group in
            for (number, fixture) in [first, second].enumerated() {
                group.addTask {
                    var outputs: [InProcessOutput] = []
                    for round in 0..<rounds {
                        outputs.append(fixture.run(["record", "put", "dog", "--json", #"{"name": "Store\#(number) dog \#(round)"}"#]))
                        outputs.append(fixture.run(["record", "list", "dog"]))
                    }
                    return (number, outputs)
                }
            }
            var all: [Int: [InProcessOutput]] = [:]
            for await (number, outputs) in group { all[number] = outputs }
            return all
        }
        for number in 0...1 {
            let mine = try #require(outputs[number])
            #expect(mine.allSatisfy { $0.status == 0 && $0.stderr.isEmpty }, "\(mine.map(\.stderr))")
            let other = "Store\(1 - number)"
            #expect(mine.allSatisfy { !$0.stdout.contains(other) }, "store \(number)'s output holds the other's")
            #expect(mine.last?.stdout.split(separator: "\n").count == rounds)
        }
        #expect(try first.list().compactMap { $0["name"] as? String }.allSatisfy { $0.hasPrefix("Store0") })
        #expect(try second.list().count == rounds)
    }
}
