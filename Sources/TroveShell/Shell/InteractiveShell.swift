import Foundation
import TroveKit
import TroveStore

/// The shell on a terminal: a prompt naming the store and what is selected, line editing and
/// history, Tab completion, notifications before the prompt, and a welcome the first time.
///
/// Each command runs in a child `trove` process, parsed by the same command tree as one-shot use.
/// That is what lets Ctrl-C stop any command at once while the shell lives on: the terminal sends
/// the interrupt to both, the shell ignores it, and the command stops where it is (a store never
/// depends on a command finishing; see the checkout journal).
struct InteractiveShell {
    /// The folder of the store the shell works on.
    var storePath: String
    /// The shell's environment: each command runs as a child process with its variables.
    var env: CommandEnvironment
    var environment: [String: String] { env.variables }

    /// Runs until `exit` or Ctrl-D; returns the exit code.
    func run() -> Int32 {
        Self.useUTF8Locale()
        let color = env.terminal.color
        Welcome(environment: environment).showOnce(color: color, on: env.out)
        if !FileManager.default.fileExists(atPath: storePath + "/trove.json") {
            env.out.line("There is no store at \(storePath) yet: 'init' creates one, 'clone URL' copies one.")
        }
        signInIfNeeded()
        let history = HistoryFile(environment: environment)
        let editor = LineEditor(completer: Completer(storePath: storePath).complete)
        DataCompletion.warmUp(storePath: storePath)
        for line in history.load() { editor.remember(line) }
        let prompt = Prompt(storePath: storePath)
        ShellNotifications.sources = [CalendarAlerts()]
        if let greeting = CalendarAlerts.greeting(storePath: storePath) { env.out.line(greeting) }
        while true {
            ShellNotifications.announce(storePath: storePath, color: color, on: env.out)
            switch editor.read(prompt: prompt.text(color: color)) {
            case .end:
                env.out.line()
                return 0
            case .cancelled:
                continue
            case .line(let line):
                if HistoryFile.keeps(line) {
                    editor.remember(line)
                    history.append(line)
                }
                let commands: [[String]]
                do { commands = try ShellWords.commands(line) } catch {
                    env.error("\(error)")
                    continue
                }
                for words in commands {
                    if let code = ScriptRunner.exitCode(words) { return code }
                    if ChildCommand.run(ScriptRunner.arguments(words), env) != 0 { break }
                }
            }
        }
    }

    /// A store with an account asks for sign-in first, through `login` itself (three tries); an offline store asks nothing.
    private func signInIfNeeded() {
        guard let store = try? Store.open(at: storePath) else { return }
        for attempt in 1...SignInAttempts.limit {
            do {
                try SignIn.require(store)
                return
            } catch let error as AccountError {
                if attempt == 1 { env.out.line(error == .sessionExpired ? "Your session expired: sign in again." : "This store has an account: sign in.") }
            } catch {
                return
            }
            if ChildCommand.run(["login"], env) == 0 { return }
        }
        env.out.line("Not signed in: commands will refuse until you run 'login'.")
    }

    /// libedit reads multibyte characters only under a UTF-8 locale; a C locale would garble them.
    private static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
