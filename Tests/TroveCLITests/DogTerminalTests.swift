import Foundation
import Testing
import TroveTestSupport

/// The dog commands at a real terminal: the first-dog questions, the drawn map, and the delete question.
@Suite("dogs at a terminal")
struct DogTerminalTests {
    @Test("with no dog the shell asks for the first one (each question may be skipped), then draws the map")
    func firstDogThenMap() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("here", "48.8725,2.3651").status == 0)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "no dog yet, so none in the prompt: \(terminal.screenText)")
        terminal.type("map" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Name: "), "\(terminal.screenText)")
        terminal.type("Pixel" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Sex (female/male): "))
        terminal.type("dog" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("That does not read"), "an answer that does not read is asked again")
        terminal.type("f" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Date of birth (YYYY-MM-DD): "))
        for _ in 0..<3 { terminal.type("soon" + PseudoTerminal.enter, whenEditing: false) }
        #expect(terminal.waitFor("Skipped the date of birth"), "three answers that do not read skip, saying so: \(terminal.screenText)")
        #expect(terminal.waitFor(sequence: ["Added Pixel", "Pixel · 48.87250, 2.36510 · zoom 16", "◉", "q quit"]), "\(terminal.screenText)")
        // The map stays on screen until q, then the prompt comes back.
        terminal.type("q", whenEditing: false)
        #expect(terminal.waitFor("store (dog Pixel)> "), "\(terminal.screenText)")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        let dogs = try #require(parseJSON(try fixture.trove("dog", "list", "--json").stdout) as? [[String: Any]])
        #expect(dogs.count == 1 && dogs[0]["name"] as? String == "Pixel" && dogs[0]["sex"] as? String == "female")
        #expect(dogs[0]["born"] is NSNull, "a skipped question leaves the field out")
    }

    @Test("on a terminal the map stays: arrows move it, + zooms, a resize redraws, q leaves, and where it was left is remembered")
    func liveMap() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        try #require(fixture.trove("here", "48.8725,2.3651").status == 0)
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(TroveCLI.executable, ["map"], environment: environment, columns: 80, rows: 30)
        #expect(terminal.waitFor("q quit"), "\(terminal.screenText)")
        #expect(terminal.screenText.contains("48.87250, 2.36510 · zoom 16"), "\(terminal.screenText)")
        var mark = terminal.mark()
        terminal.type("\u{1B}[C", whenEditing: false)
        #expect(terminal.waitFor("q quit", since: mark))
        #expect(terminal.waitForScreen { $0.contains { $0.contains("48.87250, 2.36") && $0.contains("zoom 16") && !$0.contains("2.36510") } },
                "→ moves the centre east, same latitude: \(terminal.screenText)")
        mark = terminal.mark()
        terminal.type("+", whenEditing: false)
        #expect(terminal.waitFor("zoom 17", since: mark), "+ zooms in")
        mark = terminal.mark()
        terminal.resize(columns: 120, rows: 40)
        #expect(terminal.waitFor("q quit", since: mark), "a resize redraws")
        #expect(terminal.waitForScreen { ($0.map(\.count).max() ?? 0) > 80 }, "the map fills the wider window: \(terminal.screenText)")
        #expect(terminal.strandedProcesses().isEmpty)
        terminal.type("q", whenEditing: false)
        #expect(terminal.waitForExit() == 0)
        // Left east of the location at zoom 17: the next map starts there.
        let json = try #require(parseJSON(try fixture.trove("map", "--json").stdout) as? [String: Any])
        let center = try #require(json["center"] as? [String: Any])
        #expect(json["zoom"] as? Int == 17)
        #expect((center["lon"] as? Double ?? 0) > 2.3652 && abs((center["lat"] as? Double ?? 0) - 48.8725) < 0.0001, "\(center)")
        // In a pipe the map prints once.
        let piped = try fixture.trove("map", "--center")
        #expect(piped.status == 0 && piped.stdout.contains("zoom 17") && !piped.stdout.contains("q quit"))
    }

    @Test("business rm asks 'Delete this record? [y/N]': no keeps it, yes deletes it")
    func deleteAsks() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let made = try fixture.trove("pee", "--at", "48.8725,2.3651", "--json")
        let id = try #require((parseJSON(made.stdout) as? [String: Any])?["id"] as? String)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store (dog Pixel)> "))
        var mark = terminal.mark()
        terminal.type("business rm \(id)" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Delete this record? [y/N] ", since: mark), "\(terminal.screenText)")
        terminal.type("n" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("store (dog Pixel)> ", since: mark + 10))
        #expect(try DogCommandTests.records(fixture).count == 1)
        mark = terminal.mark()
        terminal.type("business rm \(id)" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Delete this record? [y/N] ", since: mark))
        terminal.type("y" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Delete business record", since: mark), "\(terminal.text(since: mark))")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(try DogCommandTests.records(fixture).isEmpty)
    }

    @Test("dog add with nothing given asks for each field on a terminal")
    func addAsks() throws {
        let fixture = try CLIFixture()
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(TroveCLI.executable, ["dog", "add"], environment: environment)
        #expect(terminal.waitFor("Name: "), "\(terminal.screenText)")
        terminal.type("Rex" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Sex (female/male): "))
        terminal.type("male" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Date of birth (YYYY-MM-DD): "))
        terminal.type("2999-01-01" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("That does not read"), "a birth date in the future is asked again")
        terminal.type("2020-05-01" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Added Rex (selected)."), "\(terminal.screenText)")
        #expect(terminal.waitForExit() == 0)
        let dogs = try #require(parseJSON(try fixture.trove("dog", "list", "--json").stdout) as? [[String: Any]])
        #expect(dogs.count == 1 && dogs[0]["born"] as? String == "2020-05-01" && dogs[0]["sex"] as? String == "male")
    }
}
