import Foundation
import TroveShell

// With no command, `trove` is the shell.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineRunner.run(arguments.isEmpty ? ["shell"] : arguments))
