import Foundation

/// Runs a program that uses this process's terminal (the pager, the editor, each command of the
/// shell) and waits for it, the way system(3) does.
///
/// The child stays in our process group. On a terminal that is the foreground group, so the child
/// may read keys and set the terminal's modes; Foundation's `Process` puts a child in a group of its
/// own, which the kernel stops (SIGTTIN, SIGTTOU) the moment it touches the terminal: a blank,
/// frozen screen. While the child runs we ignore Ctrl-C and Ctrl-\, which the terminal sends to the
/// whole group: they are the child's to act on (less and vi keep running, a command stops), and
/// we live on to clean up.
enum TerminalChild {
    /// How the child ended.
    enum Outcome: Equatable {
        case exited(Int32)
        /// Killed by this signal (SIGINT: Ctrl-C).
        case signalled(Int32)
        /// It could not be started; the error number.
        case notStarted(Int32)

        /// The exit code a shell would report: 128 + the signal for a killed child.
        var code: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            case .notStarted: 127
            }
        }
    }

    /// Runs `executable ARGUMENTS` and waits for it.
    ///
    /// - Parameters:
    ///   - input: text written to the child's standard input through a pipe (the pager's text);
    ///     without it the child reads the terminal.
    ///   - restoringTerminal: afterwards, put the terminal's modes back as they were and discard
    ///     input left unread: a full-screen program killed or quitting may leave raw mode on, and
    ///     replies to its queries (cursor position, colours) would otherwise land in the next prompt.
    ///   - environment: the child's environment variables; without them, this process's.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil, restoringTerminal: Bool = false,
                    environment: [String: String]? = nil) -> Outcome {
        let terminal = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].first { isatty($0) == 1 }
        var savedModes = termios()
        let hasModes = restoringTerminal && terminal.map { tcgetattr($0, &savedModes) == 0 } == true

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child must not inherit what we ignore while it runs (nor SIGPIPE, ignored to write to a pager).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Nor any blocked signals (a program that started us blocking some would pass them on).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        // No POSIX_SPAWN_SETPGROUP and no SETSID: staying in our group is what keeps it in the foreground.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&pipeEnds) == 0 else { return .notStarted(errno) }
            // Neither end may stay open in the child beyond its standard input: less would never see the end.
            pipeEnds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        }
        defer { pipeEnds.filter { $0 >= 0 }.forEach { close($0) } }

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
            signal(SIGPIPE, previousPipe)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid = pid_t()
        let spawned = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { return .notStarted(spawned) }

        if let input {
            close(pipeEnds[0])
            pipeEnds[0] = -1
            // A pager quit early (q) closes the pipe: the write then fails (EPIPE) and we stop writing.
            write(all: Array(input.utf8), to: pipeEnds[1])
            close(pipeEnds[1])
            pipeEnds[1] = -1
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}

        if hasModes, let terminal, tcgetpgrp(terminal) == getpgrp() {
            tcsetattr(terminal, TCSADRAIN, &savedModes)
            tcflush(terminal, TCIFLUSH)
        }
        let signalled = status & 0x7F
        return signalled == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signalled)
    }

    /// Writes all of `bytes`, unless the reader goes away.
    private static func write(all bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
