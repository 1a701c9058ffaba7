import Foundation
import Testing
import TroveTestSupport

extension GroupCommandTests {
    @Test("a shell started with --in-group works in the group's store on every line, unless a line names its own store")
    func shellInGroup() throws {
        let ana = try person("ana")
        try ok(ana, "group", "new", "Family", "--hub", hub)

        let lines = try ana.run(["shell", "--in-group", "Family", "-c", "journal new Trips; journal list"])
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdout.contains("Trips  0 entries"), "\(lines.stdout)")
        #expect(!(try ok(ana, "journal", "list")).contains("Trips"), "the line worked in the personal store")
        #expect(try ok(ana, "journal", "list", "--in-group", "Family").contains("Trips"))

        // `trove --in-group NAME` alone is the shell too; here a script on standard input.
        let script = try ana.run(["--in-group", "Family"], input: "journal new Recipes\n")
        #expect(script.status == 0, "\(script.stderr)")
        #expect(try ok(ana, "journal", "list", "--in-group", "Family").contains("Recipes"))

        // A line's own --store is the personal store, whatever the shell's group.
        let own = try ana.run(["shell", "--in-group", "Family", "-c", "journal new Mine --store \(ana.store)"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try ok(ana, "journal", "list").contains("Mine"))
        #expect(!(try ok(ana, "journal", "list", "--in-group", "Family")).contains("Mine"))

        // A group the machine does not know is refused before any line runs.
        let unknown = try ana.run(["shell", "--in-group", "Nope", "-c", "journal new Never"])
        #expect(unknown.status == 1, "\(unknown.stdout)\(unknown.stderr)")
        #expect(!(try ok(ana, "journal", "list")).contains("Never"))
    }
}
