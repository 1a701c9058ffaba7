import ArgumentParser
import Testing
@testable import TroveShell

/// The commands' sections are defined once, as the root command's groups: `--help` and `trove help` both show them.
@Suite("help sections")
struct HelpSectionsTests {
    @Test("every command the help shows is in a section, and the overview lists them by section, with no 'More'")
    func everyCommandHasASection() {
        let grouped = Trove.configuration.groupedSubcommands.flatMap { $0.subcommands.map { $0._commandName } }
        #expect(Trove.configuration.ungroupedSubcommands.isEmpty)
        #expect(Set(grouped).count == grouped.count)
        let shown = Trove.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        #expect(shown.allSatisfy(grouped.contains))
        let overview = HelpCommand.overview(color: false).joined(separator: "\n")
        #expect(!overview.contains("\nMore\n"))
        #expect(overview.contains("\nCalendars\n  cal "), "\(overview)")
        #expect(overview.contains("\nSync between machines\n  remote "))
        #expect(!overview.contains("merge-driver"))
        let usage = Trove.helpMessage()
        #expect(usage.contains("CALENDARS SUBCOMMANDS:") && usage.contains("THE SHELL SUBCOMMANDS:"), "\(usage)")
    }
}
