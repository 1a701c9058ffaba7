import TroveStore

/// Warnings from the store (a clock reset, say) come up through one process-wide handler, far from any
/// command: the running command's environment is bound to the task (or thread) while it runs, so the
/// handler writes to that command's standard error, even with several commands running at once in tests.
enum StoreWarnings {
    @TaskLocal static var environment: CommandEnvironment?

    /// Sends the store's warnings to the standard error of the command running at the time (the process's when none is).
    static func routeToRunningCommand() {
        Store.warningHandler = { text in (environment ?? .process).error("warning: " + text) }
    }
}
