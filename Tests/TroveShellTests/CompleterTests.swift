import Foundation
import Testing
import TroveKit
import TroveStore
import TroveTestSupport
@testable import TroveShell

@Suite("Tab completion")
struct CompleterTests {
    /// A store with journals, entries with tags, and a dog.
    static func store() throws -> (TemporaryFolder, String, [String]) {
        let folder = TemporaryFolder("trove-shell-test")
        let path = folder.child("store")
        let store = try Store.create(at: path)
        let ids = try store.transaction { transaction -> [String] in
            let morning = try transaction.put(["name": "Morning pages"], type: "journal").id
            let moss = try transaction.put(["name": "Moss garden"], type: "journal").id
            _ = try transaction.put(["name": "Pixel"], type: "dog").id
            let entry = try transaction.put(["journalId": .string(morning), "date": "2026-11-22T07:30:00.000Z", "text": "Fog.",
                                             "tags": ["weather", "walks"]], type: "entry").id
            return [morning, moss, entry]
        }.value
        return (folder, path, ids)
    }

    @Test("command names, subcommands and options")
    func commands() {
        let completer = Completer()
        #expect(completer.complete("sta").candidates == ["status"])
        #expect(completer.complete("re").candidates == ["record", "reindex", "remote"])
        #expect(completer.complete("record l").candidates == ["list"])
        #expect(completer.complete("trove record l").candidates == ["list"])
        #expect(completer.complete("").candidates.contains("help") && completer.complete("").candidates.contains("exit"))
        #expect(completer.complete("record list entry --s").candidates == ["--sort", "--store"])
        #expect(completer.complete("status; sea").candidates == ["search"])
        #expect(!completer.complete("").candidates.contains("merge-driver"), "hidden commands are not offered")
    }

    @Test("values: choices, journal and dog names, ids, types and tags, from the index")
    func values() throws {
        let (folder, path, ids) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        let completer = Completer()
        let store = "--store \(path) "
        #expect(completer.complete("completions f").candidates == ["fish"])
        #expect(completer.complete("record list entry --sort s").candidates == ["start"])
        let names = completer.complete("record list entry \(store)--in Mo")
        #expect(names.candidates == [#"Morning\ pages"#, #"Moss\ garden"#] && names.replacing == 2)
        #expect(completer.complete("record list entry \(store)--in \"Morn").candidates == [#"Morning\ pages"#])
        #expect(completer.complete("record list entry \(store)--in \"Morn").replacing == 5)
        #expect(completer.complete("record list dog \(store)--in Pi").candidates == ["Pixel"])
        #expect(completer.complete("show \(store)\(ids[2].prefix(30))").candidates == [ids[2]])
        #expect(completer.complete("record list \(store)jour").candidates == ["journal"])
        #expect(completer.complete("search fog \(store)--type ent").candidates == ["entry"])
        #expect(completer.complete("record list entry \(store)--tag w").candidates == ["walks", "weather"])
        #expect(completer.complete("show --store /nonexistent/store 01").candidates.isEmpty, "no store: nothing, no crash")
    }

    @Test("calendar values: cal's views, event and task ids, classes and agenda's sort keys; no data when signed out")
    func calendarValues() throws {
        let folder = TemporaryFolder("trove-shell-calendar")
        defer { withExtendedLifetime(folder) {} }
        let path = folder.child("store")
        let store = try Store.create(at: path)
        let (event, task) = try store.transaction { transaction -> (String, String) in
            let calendar = try transaction.put(["name": "Fall"], type: "calendar").id
            let event = try transaction.put(["calendarId": .string(calendar), "title": "Lecture", "class": "CHEM 210",
                                             "start": "2026-11-23T14:00:00.000Z"], type: "event").id
            let task = try transaction.put(["calendarId": .string(calendar), "title": "Essay", "class": "CS 101"], type: "task").id
            return (event, task)
        }.value
        let completer = Completer()
        let store_ = "--store \(path) "
        #expect(completer.complete("cal mo").candidates == ["month"])
        #expect(completer.complete("cal ").candidates.contains("week") && completer.complete("cal ").candidates.contains("day"))
        #expect(completer.complete("agenda --sort ").candidates == ["class", "due", "length"])
        #expect(completer.complete("event show \(store_)\(event.prefix(30))").candidates == [event])
        #expect(completer.complete("event show \(store_)\(task.prefix(30))").candidates.isEmpty, "a task is not an event")
        #expect(completer.complete("task done \(store_)\(task.prefix(30))").candidates == [task])
        #expect(completer.complete("agenda \(store_)--class C").candidates == [#"CHEM\ 210"#, #"CS\ 101"#])
        #expect(completer.complete("task add Lab \(store_)--class CH").candidates == [#"CHEM\ 210"#])

        // Once the store has an account, signed out, Tab offers none of its data.
        _ = try AccountBook(store: store).create(username: "ada", email: "ada@example.com", password: "correct horse battery")
        let fresh = Completer()
        #expect(fresh.complete("task done --store \(path) \(task.prefix(30))").candidates.isEmpty)
        #expect(fresh.complete("agenda --store \(path) --class C").candidates.isEmpty)
    }

    @Test("file names for options that take a file")
    func files() throws {
        let folder = TemporaryFolder("trove-shell-files")
        #expect(FileManager.default.createFile(atPath: folder.child("walk.gpx"), contents: Data()))
        try FileManager.default.createDirectory(atPath: folder.child("photos"), withIntermediateDirectories: true)
        let candidates = Completer().complete("media add \(folder.path)/").candidates
        #expect(candidates.contains("\(folder.path)/walk.gpx") && candidates.contains("\(folder.path)/photos/"))
    }
}
