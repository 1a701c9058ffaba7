import ArgumentParser
import TroveJSON
import TroveIndex
import TroveStore

/// `trove check`: validate every record, media file, hand edit and git object.
struct CheckCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check every record, media file, hand edit and git object; name each bad file.",
        discussion: """
            It changes nothing, and exits with 1 when it finds a problem.
            Examples:
              trove check
              trove check --json
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        var problems: [CheckProblem]
        do {
            let store = try storeOptions.open(env)
            problems = try store.check()
            let index = try StoreOptions.index(of: store, env: env)
            let relative = String(index.path.dropFirst(store.path.count + 1))
            problems += try index.differences().map { CheckProblem(path: relative, message: $0.description) }
        } catch StoreError.damaged(let path, let problem) {
            // Too damaged to open: still list what can be found, which is what the open error sent the user here for.
            problems = Store.checkUnopenable(at: path, problem: problem)
        }
        if output.json {
            env.out.json(.array(problems.map { ["path": .string($0.path), "problem": .string($0.message)] }))
        } else if problems.isEmpty {
            env.out.line("All records, media and objects are intact.")
        } else {
            for problem in problems { env.out.line(problem.description) }
            if problems.contains(where: { $0.path.hasSuffix(RecordIndex.fileName) }) {
                env.out.line("The index is only a cache: 'trove reindex' rebuilds it from the records.")
            }
        }
        if !problems.isEmpty {
            throw CommandFailure(message: "\(problems.count) problem\(problems.count == 1 ? "" : "s") found")
        }
    }
}
