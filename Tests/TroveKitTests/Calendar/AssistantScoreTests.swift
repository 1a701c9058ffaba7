import Foundation
import Testing
@testable import TroveKit

@Suite("personal assistant")
struct AssistantScoreTests {
    let now = Cal.at("2026-11-18T15:00:00Z")

    func task(_ title: String, dueIn hours: Double?, estimate: Int?, done: Bool = false) -> AssistantTask {
        AssistantTask(id: title.lowercased(), title: title, due: hours.map { now.addingTimeInterval($0 * 3600) },
                      estimateMinutes: estimate, taskClass: "CS101", done: done)
    }

    @Test("overdue first, then work that needs starting now, tight slack before loose, no due date last")
    func ordering() {
        let tasks = [
            task("Project", dueIn: nil, estimate: 600),
            task("Problem set", dueIn: 48, estimate: 120),
            task("Reading", dueIn: 3, estimate: 30),
            task("Quiz", dueIn: 1, estimate: 10, done: true),
            task("Lab report", dueIn: 3, estimate: 150),
            task("Late start", dueIn: 2, estimate: 180),
            task("Essay", dueIn: -2, estimate: 60),
        ]
        let ranked = Assistant.rank(tasks, now: now)
        #expect(ranked.map(\.task.title) == ["Essay", "Late start", "Lab report", "Reading", "Problem set", "Project"])
        #expect(ranked.map(\.reason) == [
            "overdue by 2h, about 1h of work",
            "due in 2h but about 3h of work: start now",
            "due in 3h, about 2h30m of work",
            "due in 3h, about 30m of work",
            "due in 2d, about 2h of work",
            "no due date, about 10h of work",
        ])
        #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(Assistant.suggest(tasks, now: now)?.task.title == "Essay")
    }

    @Test("the longest overdue comes first; an unknown length counts as an hour")
    func details() {
        let ranked = Assistant.rank([
            task("Recent", dueIn: -1, estimate: 30),
            task("Old", dueIn: -50, estimate: 30),
            task("Unknown", dueIn: 30, estimate: nil),
            task("Known", dueIn: 30, estimate: 30),
            task("Someday", dueIn: nil, estimate: nil),
        ], now: now)
        #expect(ranked.map(\.task.title) == ["Old", "Recent", "Unknown", "Known", "Someday"])
        #expect(ranked[0].reason == "overdue by 2d2h, about 30m of work")
        #expect(ranked[2].reason == "due in 1d6h, length unknown")
        #expect(ranked[4].reason == "no due date")
        #expect(Assistant.reason(task("Far", dueIn: 24 * 12, estimate: 90), now: now) == "due in 12d, about 1h30m of work")
        #expect(Assistant.reason(task("Soon", dueIn: 0.5, estimate: 15), now: now) == "due in 30m, about 15m of work")
    }

    @Test("equal scores keep a stable order by due date, then title")
    func ties() {
        let ranked = Assistant.rank([task("B", dueIn: nil, estimate: 10), task("A", dueIn: nil, estimate: 20)], now: now)
        #expect(ranked.map(\.task.title) == ["A", "B"])
    }

    @Test("nothing to suggest when every task is done or there are none")
    func nothing() {
        #expect(Assistant.rank([], now: now).isEmpty)
        #expect(Assistant.suggest([task("Done", dueIn: 1, estimate: 30, done: true)], now: now) == nil)
    }
}
