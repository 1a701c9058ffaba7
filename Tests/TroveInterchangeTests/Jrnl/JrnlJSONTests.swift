import Foundation
import Testing
import TroveInterchange

/// `jrnl --export json` output, as jrnl writes it (two-space indent, tags with their `@`).
struct JrnlJSONTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static let export = """
        {
          "tags": {
            "@work": 3,
            "@anna": 1
          },
          "entries": [
            {
              "title": "Started the new project.",
              "body": "Spent the morning on the plan with @anna.\\nLunch was late.",
              "date": "2020-01-02",
              "time": "09:30",
              "tags": [
                "@anna",
                "@work"
              ],
              "starred": false
            },
            {
              "title": "Shipped it!",
              "body": "",
              "date": "2020-03-29",
              "time": "17:16",
              "tags": [
                "@work"
              ],
              "starred": true
            },
            {
              "title": "A day that never was.",
              "body": "",
              "date": "2020-02-30",
              "time": "08:00",
              "tags": [],
              "starred": false
            },
            {
              "body": "No title here.",
              "date": "2020-04-01",
              "time": "12:00",
              "tags": [1, "@work"],
              "starred": "no"
            },
            "not an entry",
            {
              "title": "Shipped it!",
              "body": "The same minute and title as entry 2.",
              "date": "2020-03-29",
              "time": "17:16",
              "tags": ["@work"],
              "starred": false
            }
          ]
        }
        """

    @Test func readsEntriesInTheGivenTimeZone() throws {
        let journal = try JrnlJournal(parsing: Array(Self.export.utf8), file: "export.json", timeZone: Self.berlin)
        #expect(journal.format == .json)
        #expect(journal.entries.count == 3)
        let first = journal.entries[0]
        #expect(first.title == "Started the new project.")
        #expect(first.body == "Spent the morning on the plan with @anna.\nLunch was late.")
        #expect(first.localDateTime == "2020-01-02 09:30")
        #expect(first.timestamp == "2020-01-02T08:30:00.000Z")
        #expect(first.date == Date(timeIntervalSince1970: 1_577_953_800))
        #expect(first.tags == ["anna", "work"])
        #expect(!first.starred)
        #expect(first.sourceKey == "2a351f36c4489808")

        let second = journal.entries[1]
        // Summer time began that morning in Berlin: UTC+2.
        #expect(second.timestamp == "2020-03-29T15:16:00.000Z")
        #expect(second.starred)
        #expect(second.tags == ["work"])
        #expect(second.body == "")
        #expect(second.sourceKey == "541fc5ddfb9395a0")
        #expect(journal.entries[2].sourceKey == "541fc5ddfb9395a0-2")
    }

    @Test func reportsInvalidEntriesByIndexAndField() throws {
        let journal = try JrnlJournal(parsing: Array(Self.export.utf8), file: "export.json", timeZone: Self.berlin)
        #expect(journal.problems.map { "\($0.entryIndex ?? 0) \($0.field): \($0.message)" } == [
            "3 date: \"2020-02-30\" \"08:00\" is not a date like 2020-01-02 and a time like 09:30",
            "4 title: is required",
            "4 tags/0: must be a string, found integer",
            "4 starred: must be true or false, found string",
            "5 (entry): must be an object, found string",
        ])
        #expect(journal.problems[0].description
            == "export.json: entry 3 (\"A day that never was.\"): date: "
                + "\"2020-02-30\" \"08:00\" is not a date like 2020-01-02 and a time like 09:30")
    }

    @Test func opensByContentAndNamesErrors() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write([0xEF, 0xBB, 0xBF] + Array(("\n  " + Self.export).utf8), to: "export.txt")
        let journal = try JrnlJournal.open(file, timeZone: Self.berlin)
        #expect(journal.format == .json && journal.file == file && journal.entryCount == 3)
        #expect(try journal.allEntries() == JrnlJournal(parsing: Array(Self.export.utf8), file: file, timeZone: Self.berlin).entries)

        let broken = try folder.write("{ \"entries\": [}", to: "broken.json")
        let error = try #require(throws: JrnlError.self) { try JrnlJournal.open(broken) }
        guard case .invalidJSON(broken, 1, 15, _) = error else { Issue.record("got \(error)"); return }
        #expect(throws: JrnlError.notAJrnlExport(file: "x.json", reason: "it has no \"entries\" array")) {
            try JrnlJournal(parsing: Array("{\"tags\": {}}".utf8), file: "x.json")
        }
        #expect(throws: JrnlError.fileNotFound(path: folder.path + "/none.json")) {
            try JrnlJournal.open(folder.path + "/none.json")
        }
    }

    /// jrnl 4.1's own export of a journal with a Markdown heading: it lists `##` as a tag, which is none.
    @Test func leavesOutAHeadingMarkerAndStripsAnySymbol() throws {
        let json = """
            {"tags": {"#gear": 1, "##": 1}, "entries": [{"title": "Heading day.", "body": "## Packing list\\n- socks #gear",
              "date": "2023-05-03", "time": "08:00", "tags": ["##", "#gear", "+plus"], "starred": false}]}
            """
        let journal = try JrnlJournal(parsing: Array(json.utf8), file: "j.json", timeZone: TimeZone(identifier: "UTC")!)
        #expect(journal.entries.first?.tags == ["gear", "plus"])
    }
}
