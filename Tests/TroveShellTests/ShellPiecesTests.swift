import Foundation
import Testing
import TroveKit
import TroveStore
import TroveTestSupport
@testable import TroveShell

@Suite("the shell's pieces: did you mean, history, scripts' exit, prompt, help")
struct ShellPiecesTests {
    @Test("an unknown command gets the nearest names, at any level")
    func didYouMean() {
        #expect(UnknownCommand.message(for: ["statsu"])?.contains("Did you mean 'status'?") == true)
        #expect(UnknownCommand.message(for: ["recrod", "list"])?.contains("'record'") == true)
        #expect(UnknownCommand.message(for: ["record", "lst"])?.contains("not a trove record command. Did you mean 'list'?") == true)
        #expect(UnknownCommand.message(for: ["xyzzy"]).map { !$0.contains("Did you mean") } == true)
        #expect(UnknownCommand.message(for: ["status"]) == nil)
        #expect(UnknownCommand.message(for: ["--store", "x"]) == nil)
        #expect(UnknownCommand.message(for: ["show", "anything"]) == nil, "a positional argument is not a command")
        #expect(UnknownCommand.distance("status", "sttaus") == 1)
    }

    @Test("history: the file's place, what is kept, appending and cutting back")
    func history() throws {
        let folder = TemporaryFolder("trove-history")
        #expect(HistoryFile(environment: ["TROVE_HISTORY": "/x/h"]).path == "/x/h")
        #expect(HistoryFile(environment: ["XDG_STATE_HOME": "/state"]).path == "/state/trove/history")
        #expect(HistoryFile.keeps("status") && !HistoryFile.keeps(" secret") && !HistoryFile.keeps("   "))
        var file = HistoryFile(environment: ["TROVE_HISTORY": folder.child("deep/history")])
        file.limit = 10
        for number in 1...25 { file.append("command \(number) with some length to it") }
        let lines = file.load()
        #expect(lines.count == 10 && lines.last == "command 25 with some length to it")
        let onDisk = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(onDisk.count <= 20, "the file is cut back: \(onDisk.count) lines")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "history may hold private words")
    }

    @Test("two shells at once both keep their lines, whole")
    func twoShells() throws {
        let folder = TemporaryFolder("trove-history-two")
        let path = folder.child("history")
        let first = HistoryFile(environment: ["TROVE_HISTORY": path]), second = HistoryFile(environment: ["TROVE_HISTORY": path])
        DispatchQueue.concurrentPerform(iterations: 200) { number in
            (number % 2 == 0 ? first : second).append("record list entry --in journal-\(number)")
        }
        let lines = first.load()
        #expect(lines.count == 200 && Set(lines).count == 200, "no line lost or torn")
        #expect(lines.allSatisfy { $0.hasPrefix("record list entry --in journal-") })
    }

    @Test("exit and quit end a script, with a code")
    func exitLines() {
        #expect(ScriptRunner.exitCode(["exit"]) == 0 && ScriptRunner.exitCode(["quit"]) == 0)
        #expect(ScriptRunner.exitCode(["exit", "3"]) == 3 && ScriptRunner.exitCode(["exit", "x"]) == 2)
        #expect(ScriptRunner.exitCode(["status"]) == nil && ScriptRunner.exitCode(["exit", "1", "2"]) == nil)
        #expect(ScriptRunner.arguments(["trove", "status"]) == ["status"])
    }

    @Test("the prompt names the store and the selected dog, as dog commands pick it, with colour only when asked")
    func prompt() throws {
        let folder = TemporaryFolder("trove-prompt")
        let path = folder.child("home")
        let store = try Store.create(at: path)
        let prompt = Prompt(storePath: path)
        #expect(prompt.text(color: false) == "home> ")
        let book = DogBook(store: store)
        try book.add(DogProfile(name: "Pixel"))
        #expect(prompt.text(color: false) == "home (dog Pixel)> ", "the first dog is selected")
        let rex = try book.add(DogProfile(name: "Rex")).dog
        #expect(prompt.text(color: false) == "home (dog Pixel)> ")
        try book.select(rex)
        #expect(prompt.text(color: false) == "home (dog Rex)> ")
        #expect(prompt.text(color: true).contains("\u{1B}[") && !prompt.text(color: false).contains("\u{1B}"))
        #expect(LineEditor.markingEscapes("\u{1B}[1mhome\u{1B}[0m> ") == "\u{1}\u{1B}[1m\u{1}home\u{1}\u{1B}[0m\u{1}> ")
    }

    @Test("Tab's list of candidates fills columns to the width")
    func columns() {
        let words = ["alpha", "bravo", "charlie", "delta", "echo"]
        let lines = LineEditor.columns(words, width: 30)
        #expect(lines == ["alpha    charlie  echo", "bravo    delta"], "three columns of nine, filled downwards")
        #expect(LineEditor.columns(words, width: 5).count == 5)
        #expect(LineEditor.commonPrefix(["Morning", "Moss"]) == "Mo" && LineEditor.commonPrefix(["a", "b"]) == "")
    }

    @Test("help lists every visible command under a topic, and names the tutorial")
    func helpOverview() {
        let overview = HelpCommand.overview(color: false).joined(separator: "\n")
        for command in CommandTree.trove.root.visibleSubcommands {
            #expect(overview.contains("  " + command.commandName + " "), "\(command.commandName) is missing from help")
        }
        #expect(overview.contains(Welcome.tutorial))
        #expect(!HelpCommand.overview(color: false).joined().contains("\u{1B}"))
        #expect(HelpCommand.command(at: ["record", "list"]) != nil && HelpCommand.command(at: ["nope"]) == nil)
    }
}

@Suite("every command's help")
struct CommandHelpTests {
    /// The paths of every visible command that has no subcommands.
    static func leaves(_ command: CommandTree.Command, path: [String] = []) -> [[String]] {
        let children = command.visibleSubcommands
        return children.isEmpty ? [path] : children.flatMap { leaves($0, path: path + [$0.commandName]) }
    }

    @Test("every command's --help has a summary and examples")
    func examples() throws {
        let paths = Self.leaves(CommandTree.trove.root)
        #expect(paths.count > 20)
        for path in paths {
            let type = try #require(HelpCommand.command(at: path), "\(path)")
            let help = Trove.helpMessage(for: type, columns: 100)
            #expect(help.contains("OVERVIEW:") && help.contains("Example"), "trove \(path.joined(separator: " ")) --help has no example")
        }
    }
}
