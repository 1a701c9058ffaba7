import Foundation
import Testing
import TroveTestSupport

/// Sign-in as a person meets it on a terminal: the shell asks first, and the password never shows.
@Suite("signing in on a terminal")
struct SignInShellTests {
    @Test("a store with an account asks for sign-in when the shell starts; the password is not echoed")
    func shellAsks() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("account", "create", "ada", "--email", "ada@example.com", "--password-stdin", input: "correct horse battery\n").status == 0)
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("This store has an account: sign in."), "\(terminal.screenText)")
        #expect(terminal.waitFor("Email: "), "\(terminal.screenText)")
        terminal.type("ada@example.com" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Password: "), "\(terminal.screenText)")
        var mark = terminal.mark()
        terminal.type("wrong password" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("incorrect password", since: mark), "\(terminal.text(since: mark))")
        #expect(!terminal.text(since: mark).contains("wrong password"), "the password was echoed")
        #expect(terminal.waitFor("Email: ", since: mark))
        terminal.type("ada@example.com" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Password: ", since: mark))
        mark = terminal.mark()
        terminal.type("correct horse battery" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor(sequence: ["Signed in as ada", "store> "], since: mark), "\(terminal.text(since: mark))")
        #expect(!terminal.text(since: mark).contains("correct horse"))
        mark = terminal.mark()
        terminal.type("whoami" + PseudoTerminal.enter)
        #expect(terminal.waitFor("ada (ada@example.com)", since: mark), "\(terminal.text(since: mark))")
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("an offline store's shell asks nothing")
    func offlineAsksNothing() throws {
        let fixture = try CLIFixture()
        let terminal = try ShellTerminalTests.shell(fixture)
        #expect(terminal.waitFor("store> "), "\(terminal.screenText)")
        #expect(!terminal.screenText.contains("sign in"))
        terminal.type(PseudoTerminal.ctrlD)
        #expect(terminal.waitForExit() == 0)
    }

    @Test("account create on a terminal asks for the password twice, without echo")
    func createAsksTwice() throws {
        let fixture = try CLIFixture()
        var environment = fixture.cli.environment
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(TroveCLI.executable, ["account", "create", "sam", "--email", "sam@example.com"], environment: environment)
        #expect(terminal.waitFor("Password: "))
        terminal.type("first secret!" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Repeat it: "))
        terminal.type("other secret!" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("the two passwords differ"), "\(terminal.screenText)")
        #expect(terminal.waitForExit() == 1)
        #expect(!terminal.screenText.contains("secret!"))
    }
}
