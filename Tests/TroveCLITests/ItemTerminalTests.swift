import Foundation
import Testing
import TroveTestSupport

/// The item commands at a real terminal: the name's placeholder, and the camera's OK/retake question.
@Suite("items at a terminal")
struct ItemTerminalTests {
    @Test("item add with no name asks with the placeholder \"Enter item's name\", which the first key clears")
    func namePlaceholder() throws {
        let fixture = try ItemCommandTests.fixture()
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        terminal.type("item add" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Name: Enter item's name"), "\(terminal.screenText)")
        #expect(terminal.rawText.contains("\u{1B}[2mEnter item's name"), "the placeholder is dim")
        terminal.type("Kex", whenEditing: false)
        terminal.type("\u{7F}ys" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Added Keys (no photo"), "\(terminal.screenText)")
        let mark = terminal.mark()
        terminal.type("item add" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Enter item's name", since: mark))
        terminal.type("   " + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("the item's name is empty", since: mark), "\(terminal.screenText)")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(try ItemCommandTests.items(fixture).map { $0["name"] as? String } == ["Keys"])
    }

    @Test("the camera asks \"Use this photo? [OK/retake]\": retake takes another, OK keeps it and a copy in the library")
    func retake() throws {
        let fixture = try ItemCommandTests.fixture()
        try ItemCommandTests.fakeCamera(fixture)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        terminal.type("item add Keys --camera" + PseudoTerminal.enter)
        #expect(terminal.waitFor("Use this photo? [OK/retake] "), "\(terminal.screenText)")
        terminal.type("retake" + PseudoTerminal.enter, whenEditing: false)
        let mark = terminal.mark()
        #expect(terminal.waitFor("Use this photo? [OK/retake] ", since: mark), "\(terminal.screenText)")
        terminal.type("OK" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Added Keys with its photo.", since: mark), "\(terminal.screenText)")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: fixture.folder.child("captures"), encoding: .utf8) == "run\nrun\n", "taken twice")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.child("Pictures")).count == 1, "only the used photo is kept")
    }
}
