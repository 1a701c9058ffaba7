import Foundation
import Testing
@testable import TroveShell

/// The pieces of a command's environment over memory: what tests drive commands with.
@Suite("command environment")
struct CommandEnvironmentTests {
    @Test("the process's variables, read from environ, are the ones Foundation reads, a value with '=' in it whole")
    func processVariables() throws {
        setenv("TROVE_TEST_EQUALS", "a=b=c", 1)
        setenv("TROVE_TEST_EMPTY", "", 1)
        defer { unsetenv("TROVE_TEST_EQUALS"); unsetenv("TROVE_TEST_EMPTY") }
        let read = CommandEnvironment.processVariables()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["TROVE_TEST_EQUALS"] == "a=b=c")
        #expect(read["TROVE_TEST_EMPTY"] == "")
    }

    @Test("standard input in memory reads line by line (LF or CRLF), then the rest at once")
    func inputLines() {
        let input = InputReader(bytes: Array("one\r\ntwo\nthe rest\nand more".utf8))
        #expect(input.readLine() == "one")
        #expect(input.readLine() == "two")
        #expect(String(decoding: input.readAll(), as: UTF8.self) == "the rest\nand more")
        #expect(input.readLine() == nil)
        #expect(input.readAll().isEmpty)
    }

    @Test("numbered lines are read once and kept: a password and a new one, and no line past the end")
    func numberedLines() {
        let input = InputReader(bytes: Array("old secret\nnew secret\n".utf8))
        #expect(input.line(1) == "new secret")
        #expect(input.line(0) == "old secret")
        #expect(input.line(2) == nil, "the empty piece after the last newline is not a line")
    }

    @Test("while paging, lines, JSON, tables and laid-out text are all held, in order, and nothing is written")
    func pagedHoldsEverything() {
        let out = OutputWriter(terminal: .outputTerminal(columns: 40))
        out.paged {
            out.line("first")
            out.json(["key": "value"])
            out.table([["a", "b"], ["cc", "d"]])
            out.text(Array("laid\nout\n".utf8))
            // A nested paged block joins the outer one rather than paging on its own.
            out.paged { out.line("inner") }
        }
        #expect(out.text.isEmpty)
        #expect(out.paged == [["first", "{", "  \"key\": \"value\"", "}", "a   b", "cc  d", "laid", "out", "inner"]])
    }

    @Test("without a terminal that pages, paged output is written as it comes")
    func unpagedWrites() {
        for terminal in [TerminalTraits.none, .outputTerminal(pager: false)] {
            let out = OutputWriter(terminal: terminal)
            out.paged { out.line("first"); out.json([1]) }
            #expect(out.paged.isEmpty)
            #expect(out.text == "first\n[\n  1\n]\n")
        }
    }

    @Test("the shell's lines get its options as variables, over the ones it was given, sharing its output")
    func addingVariables() {
        let env = CommandEnvironment.capturing(variables: ["TROVE_STORE": "/a", "HOME": "/home/x"])
        let lines = env.adding(["TROVE_STORE": "/b", "TROVE_GROUP": "Family"])
        #expect(lines.variables == ["TROVE_STORE": "/b", "TROVE_GROUP": "Family", "HOME": "/home/x"])
        #expect(env.variables["TROVE_STORE"] == "/a", "the shell's own environment is unchanged")
        lines.error("from a line")
        #expect(env.err.text == "trove: from a line\n")
    }
}
