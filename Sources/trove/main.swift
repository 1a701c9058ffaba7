import Foundation
import TroveGit
import TroveShell
import TroveSystem

let arguments = Array(CommandLine.arguments.dropFirst())
// `trove --version` needs neither git nor the command tree: building the tree (every option's default, through
// Swift's conformance lookups) and libgit2's set-up (the CA bundle) were most of its 20 ms (issue 25).
if arguments == ["--version"] {
    print(Trove.version)
    Git.exitNow(0)
}
// Before any thread: an import's freed buffers go back to the system (`FreedMemory`).
FreedMemory.returnLargeBlocksAtOnce()
Git.prepareInBackground()

// With no command, `trove` is the shell.
let status = CommandLineRunner.run(arguments.isEmpty ? ["shell"] : arguments, env: .process)
Git.exitNow(status)
