import Foundation

/// Runs one shell command as a child `trove` process on the same terminal, so that Ctrl-C stops
/// the command and not the shell.
enum ChildCommand {
    /// Runs `trove ARGUMENTS` and waits; returns its exit code (130 when Ctrl-C stopped it).
    static func run(_ arguments: [String]) -> Int32 {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The shell ignores the interrupt while the command runs; the command must not inherit that.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Nor any blocked signals (a shell started by a program that blocks them would pass them on).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, nil, &attributes, argv, environ)
        guard spawned == 0 else {
            Output.error("cannot run \(executable): \(String(cString: strerror(spawned)))")
            return 1
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signalled = status & 0x7F
        if signalled == 0 { return (status >> 8) & 0xFF }
        // Killed: the terminal showed ^C (or nothing); start the prompt on a fresh line.
        Output.line()
        return 128 + signalled
    }
}
