import Foundation
import TroveGit
import TroveShell

Git.prepareInBackground()

// With no command, `trove` is the shell.
let arguments = Array(CommandLine.arguments.dropFirst())
let status = CommandLineRunner.run(arguments.isEmpty ? ["shell"] : arguments, env: .process)
Git.exitNow(status)
