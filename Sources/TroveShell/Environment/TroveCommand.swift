import ArgumentParser

/// A command that runs in an environment passed to it (its input, output, terminal and variables), rather
/// than the process's: `CommandLineRunner` parses a line and calls `run(_:)`. Commands that only group
/// others (`trove entry`) stay plain `ParsableCommand`s.
protocol TroveCommand: ParsableCommand {
    func run(_ env: CommandEnvironment) throws
}
