import Foundation
import Testing
import TroveTestSupport

/// `record put` takes its input as `--fields` (everywhere else `--json` asks for JSON output); `--json` still works.
@Suite("record put's input")
struct RecordPutTests {
    @Test("--fields, standard input and the old --json all put a record; both at once is a usage error")
    func fieldsOption() throws {
        let folder = TemporaryFolder()
        let cli = TroveCLI(home: folder.child("home"), store: folder.child("store"))
        try cli.run("init")
        let pixel = try cli.run("record", "put", "dog", "--fields", #"{"name": "Pixel", "sex": "female"}"#)
        #expect(pixel.status == 0 && pixel.stdout.count == 37, "\(pixel.stderr)")
        let rex = try cli.run("record", "put", "dog", "--fields", "-", input: #"{"name": "Rex"}"#)
        #expect(rex.status == 0, "\(rex.stderr)")
        let old = try cli.run("record", "put", "dog", "--json", #"{"name": "Old"}"#)
        #expect(old.status == 0, "\(old.stderr)")
        // The global --json before the command asks for JSON output, which for an id is the id.
        let global = try cli.run("--json", "record", "put", "dog", "--fields", #"{"name": "Global"}"#)
        #expect(global.status == 0 && global.stdout.count == 37, "\(global.stderr)")
        let names = try cli.run("record", "list", "dog").stdout
        #expect(["Pixel", "Rex", "Old", "Global"].allSatisfy(names.contains), "\(names)")
        let both = try cli.run("record", "put", "dog", "--fields", #"{"name": "A"}"#, "--json", #"{"name": "B"}"#)
        #expect(both.status == 2 && both.stderr.contains("--fields"), "\(both.stderr)")
        let none = try cli.run("record", "put", "dog")
        #expect(none.status == 2 && none.stderr.contains("give exactly one of --fields and --jsonl"), "\(none.stderr)")
        #expect(try cli.run("record", "put", "--help").stdout.contains("--fields"))
        #expect(!(try cli.run("record", "put", "--help").stdout.contains("--json <")))
    }
}
