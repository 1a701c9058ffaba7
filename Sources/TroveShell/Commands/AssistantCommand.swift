import ArgumentParser
import Foundation
import TroveKit

/// `trove assistant`: which assignment to start next.
struct AssistantCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "assistant", abstract: "Suggest the next assignment to start, from due times and estimates.",
        discussion: """
            Each open task is scored: overdue first (longest overdue highest), then tasks with less time left than
            their estimate, then by spare time (time until due minus the estimate, less is more urgent); tasks
            without a due time come last, and a missing estimate counts as an hour. 'trove settings set assistant on'
            makes the shell greet you with the suggestion.
            Examples:
              trove assistant
              trove assistant --all
            """)
    @Flag(help: "Rank every open task.") var all = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        let ranked = try Self.ranked(context)
        if output.json {
            return env.out.json(.array(ranked.map { ["id": .string($0.task.id), "title": .string($0.task.title), "score": .double($0.score), "reason": .string($0.reason)] }))
        }
        guard let first = ranked.first else { return env.out.line(Self.nothing) }
        if !all { return env.out.line("Start \(first.task.title) next: \(first.reason).") }
        env.out.table(ranked.map { [String(format: "%.1f", $0.score), $0.task.title, $0.reason, CalendarText.shortID($0.task.id)] })
    }

    /// What the assistant says when there is nothing to suggest.
    static let nothing = "Nothing to start yet!"

    static func ranked(_ context: CalendarContext) throws -> [AssistantSuggestion] {
        let tasks = try context.query.openTasks().map {
            AssistantTask(id: $0.id, title: $0.title, due: $0.due, estimateMinutes: $0.estimateMinutes, taskClass: $0.classLabel, done: $0.done)
        }
        return Assistant.rank(tasks, now: context.now)
    }
}
