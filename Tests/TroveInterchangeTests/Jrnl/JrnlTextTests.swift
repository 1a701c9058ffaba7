import Foundation
import Testing
import TroveInterchange

/// jrnl's own journal file: `[date time] Title. Body` entries, blank lines between them.
struct JrnlTextTests {
    static let utc = TimeZone(identifier: "UTC")!

    static let journalFile = """
        [2020-01-02 09:30] Started the new project. Spent the morning on the plan with @Anna.
        Lunch was late; @work ran over.
        2020-01-02 10:00 is only a time in the body, not a header.

        [2020-03-29 17:16] Shipped it! *

        [2020-02-30 08:00] Impossible day.
        This body belongs to the impossible entry.

        [2020-04-01 12:00:00 PM] Noon in the newer time format? Yes.
        Mail me@example.com: that is no tag, and #idea is one only for #@ journals.
        ## A Markdown heading, not a tag
        # Neither is this one; issue#4 is no tag either.
        [2020-04-01 12:00:00 PM] Noon in the newer time format? Again, the same title.

        """

    @Test func readsTitleBodyStarAndTags() throws {
        let journal = JrnlJournal(parsingText: Self.journalFile, file: "journal.txt", timeZone: Self.utc)
        #expect(journal.format == .plainText)
        #expect(journal.entries.map(\.title) == [
            "Started the new project.", "Shipped it!", "Noon in the newer time format?", "Noon in the newer time format?",
        ])
        let first = journal.entries[0]
        #expect(first.body == """
            Spent the morning on the plan with @Anna.
            Lunch was late; @work ran over.
            2020-01-02 10:00 is only a time in the body, not a header.
            """)
        #expect(first.tags == ["anna", "work"])
        #expect(first.timestamp == "2020-01-02T09:30:00.000Z")
        #expect(!first.starred)
        // The same key as the same entry read from the JSON export.
        #expect(first.sourceKey == "2a351f36c4489808")

        let second = journal.entries[1]
        #expect(second.starred && second.body == "" && second.tags == [])
        #expect(second.sourceKey == "541fc5ddfb9395a0")

        let noon = journal.entries[2]
        #expect(noon.localDateTime == "2020-04-01 12:00")
        #expect(noon.timestamp == "2020-04-01T12:00:00.000Z")
        #expect(noon.body.hasPrefix("Yes.\nMail me@example.com: that is no tag, and #idea is one only for #@ journals.\n## A"))
        // jrnl's default tag symbols are `#@`: `#idea` is a tag, a heading's `#` and `##` are not.
        #expect(noon.tags == ["idea"])
        #expect(journal.entries[3].body == "Again, the same title.")
        #expect(journal.entries[3].sourceKey == noon.sourceKey + "-2")
    }

    @Test func reportsAnImpossibleDateAndSkipsItsBody() throws {
        let journal = JrnlJournal(parsingText: Self.journalFile, file: "journal.txt", timeZone: Self.utc)
        #expect(journal.problems == [JrnlProblem(
            file: "journal.txt", entryIndex: 3, line: 7, title: "Impossible day.", field: "date",
            message: "\"2020-02-30 08:00\" is not a date and time like 2020-01-02 09:30")])
        #expect(journal.problems[0].description.hasPrefix("journal.txt: entry 3 (line 7, \"Impossible day.\"): date: "))
        #expect(!journal.entries.contains { $0.body.contains("impossible entry") })
    }

    @Test func usesTheTagSymbolsGiven() {
        let journal = JrnlJournal(parsingText: Self.journalFile, file: "j.txt", timeZone: Self.utc, tagSymbols: "@")
        #expect(journal.entries[2].tags == [])
        #expect(journal.entries[0].tags == ["anna", "work"])
        let hashOnly = JrnlJournal(parsingText: Self.journalFile, file: "j.txt", timeZone: Self.utc, tagSymbols: "#")
        #expect(hashOnly.entries[2].tags == ["idea"])
        #expect(hashOnly.entries[0].tags == [])
    }

    /// jrnl's rule, `(?<!\S)[#@][-+*#/\w]+`, on the cases that matter; a heading's `#` followed by space or `#` is none.
    @Test func findsTagsByJrnlsRule() {
        let text = "#a @B-c+d #x/y#z (#no) x#no # no ## no ###no\n#start\t@tab_1 @ü @.no #_"
        #expect(JrnlJournal(parsingText: "[2020-01-01 10:00] T. " + text, file: "t.txt", timeZone: Self.utc)
            .entries[0].tags == ["a", "b-c+d", "x/y#z", "start", "tab_1", "ü", "_"])
    }

    @Test func refusesTagSymbolsThatCannotStartATag() {
        #expect(JrnlJournal.tagSymbolsProblem("#@") == nil)
        #expect(JrnlJournal.tagSymbolsProblem("") != nil)
        #expect(JrnlJournal.tagSymbolsProblem("@a")?.hasPrefix("\"a\" cannot start a tag") == true)
    }

    @Test func readsTheOldUnbracketedFormat() {
        let text = """
            2012-03-29 17:16 Solved the animal-sorting problem.
            Solution is to squeeze each instance and Fourier-transform the emitted sound.
            2012-03-30 09:00 Called in sick! Cleaned the house @home. *
            """
        let journal = JrnlJournal(parsingText: text, file: "old.txt", timeZone: Self.utc)
        #expect(journal.problems.isEmpty)
        #expect(journal.entries.map(\.title) == ["Solved the animal-sorting problem.", "Called in sick!"])
        #expect(journal.entries.map(\.starred) == [false, true])
        #expect(journal.entries[1].body == "Cleaned the house @home.")
        #expect(journal.entries[1].tags == ["home"])
    }

    @Test func reportsTextBeforeTheFirstEntry() {
        let journal = JrnlJournal(parsingText: "Notes to self\n\n[2021-06-01 07:05] Early run.", file: "j.txt",
                                  timeZone: Self.utc)
        #expect(journal.entries.map(\.title) == ["Early run."])
        #expect(journal.problems.map(\.line) == [1])
        #expect(journal.problems.first?.entryIndex == nil)
        #expect(JrnlJournal(parsingText: "", file: "e.txt").entries.isEmpty)
    }

    @Test func opensAPlainTextFileByContent() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(Self.journalFile.replacingOccurrences(of: "\n", with: "\r\n"), to: "journal.txt")
        let journal = try JrnlJournal.open(file, timeZone: Self.utc)
        #expect(journal.format == .plainText)
        let entries = try journal.allEntries()
        #expect(entries.count == 4)
        #expect(entries.first?.body.hasSuffix("not a header.") == true)
        let binary = try folder.write([0x66, 0xFF, 0xFE, 0x00], to: "journal.bin")
        #expect(throws: JrnlError.notText(file: binary)) { try JrnlJournal.open(binary) }
    }
}
