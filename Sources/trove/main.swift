import Foundation
import TroveGit
import TroveShell

Git.prepareInBackground()

// With no command, `trove` is the shell.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineRunner.run(arguments.isEmpty ? ["shell"] : arguments))
