import Foundation
import Testing
import TroveTestSupport

/// The calendar commands driven as a user would, in New York time and on absolute dates in 2026.
@Suite("trove cal, event, task, agenda, holidays, assistant")
struct CalendarCommandTests {
    let fixture: CalendarFixture
    init() throws { fixture = try CalendarFixture() }

    /// The days of `cal … --json`, by date.
    func days(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [String: Any]] {
        let output = try fixture.base.cli.run(["cal"] + arguments + ["--json"])
        #expect(output.status == 0, "cal failed: \(output.stderr)", sourceLocation: sourceLocation)
        let days = try #require(parseJSON(output.stdout) as? [[String: Any]], "not JSON: \(output.stdout)", sourceLocation: sourceLocation)
        return Dictionary(uniqueKeysWithValues: days.compactMap { day in (day["date"] as? String).map { ($0, day) } })
    }

    static func titles(_ day: [String: Any]?, _ key: String) -> [String] {
        ((day?[key] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
    }

    @Test("a seeded calendar: views, agenda, details, map links, done, assistant, holidays")
    func seededScenario() throws {
        try fixture.ok("calendar", "new", "School", "--color", "blue")
        let study = try fixture.add("event", "add", "Study group", "--start", "2026-11-24 14:00", "--end", "16:00", "--where", "Room 4",
                                    "--at", "40.7128,-74.006", "--class", "CS101", "--notes", "Bring chapter 5", "--calendar", "School")
        let conference = try fixture.add("event", "add", "Conference", "--start", "2026-11-27", "--end", "2026-11-28", "--calendar", "School")
        let yoga = try fixture.add("event", "add", "Yoga", "--start", "2026-11-02 18:00", "--end", "19:00", "--repeat", "FREQ=WEEKLY;COUNT=4", "--class", "GYM")
        let essay = try fixture.add("task", "add", "Essay 2", "--due", "2026-11-25 17:00", "--estimate", "2h30m", "--class", "ENGL101")
        #expect(Set([study, conference, yoga, essay]).count == 4)

        // The week of Monday 23 November: each item on its day, Thanksgiving on Thursday.
        let week = try days("week", "2026-11-23")
        #expect(week.keys.sorted() == (23...29).map { "2026-11-\($0)" })
        #expect(Self.titles(week["2026-11-23"], "events") == ["Yoga"])
        #expect(Self.titles(week["2026-11-24"], "events") == ["Study group"])
        #expect(Self.titles(week["2026-11-25"], "tasks") == ["Essay 2"])
        #expect(Self.titles(week["2026-11-25"], "events").isEmpty)
        #expect(week["2026-11-26"]?["holidays"] as? [String] == ["Thanksgiving Day"])
        #expect(Self.titles(week["2026-11-27"], "events") == ["Conference"])
        #expect(Self.titles(week["2026-11-28"], "events") == ["Conference"])
        #expect(Self.titles(week["2026-11-29"], "events").isEmpty)
        // COUNT=4 from 2 November ends on the 23rd: the next Monday has no Yoga.
        #expect(Self.titles(try days("week", "2026-11-30")["2026-11-30"], "events").isEmpty)
        #expect(Self.titles(try days("day", "2026-11-16")["2026-11-16"], "events") == ["Yoga"])

        let weekText = try fixture.ok("cal", "week", "2026-11-23").stdout
        #expect(!weekText.contains("\u{1B}"), "colour codes without a terminal")
        #expect(weekText.hasPrefix("Week of Mon 23 Nov 2026"))
        let blocks = Dictionary(weekText.blocks.dropFirst().map { (String($0[0].prefix(15)), $0.joined(separator: "\n")) }) { first, _ in first }
        #expect(blocks["Mon 23 Nov 2026"]?.contains("18:00–19:00") == true && blocks["Mon 23 Nov 2026"]?.contains("Yoga [GYM]") == true)
        #expect(blocks["Tue 24 Nov 2026"]?.contains("14:00–16:00") == true && blocks["Tue 24 Nov 2026"]?.contains("Study group [CS101] @ Room 4") == true)
        #expect(blocks["Wed 25 Nov 2026"]?.contains("due 17:00") == true && blocks["Wed 25 Nov 2026"]?.contains("☐ Essay 2 [ENGL101]") == true)
        #expect(blocks["Thu 26 Nov 2026"]?.split(separator: "\n").first?.contains("🦃 Thanksgiving") == true, "\(weekText)")
        #expect(blocks["Fri 27 Nov 2026"]?.contains("Conference") == true && blocks["Sat 28 Nov 2026"]?.contains("Conference") == true)
        #expect(blocks["Sun 29 Nov 2026"]?.contains("Conference") == false)
        #expect(!weekText.contains("Thanksgiving") || blocks["Thu 26 Nov 2026"]?.contains("Thanksgiving") == true)
        #expect(weekText.components(separatedBy: "Thanksgiving").count == 2, "Thanksgiving labelled once, on the 26th")

        // The month: October's last days in parentheses before it, the turkey on the 26th, December's first weeks after.
        let month = try fixture.ok("cal", "month", "2026-11").stdout
        try expectNovember(month)

        // No view named: the month again (remembered), then next and prev move by a month.
        try expectNovember(try fixture.ok("cal").stdout)
        let december = try fixture.ok("cal", "next").stdout
        #expect(december.split(separator: "\n").first?.contains("December 2026") == true, "\(december)")
        #expect(!december.contains("Week of"))
        #expect(Self.neighbour(december, 30) && Self.neighbour(december, 23), "November's last days lead December: \(december)")
        try expectNovember(try fixture.ok("cal", "prev").stdout)

        // The agenda: filtered by class (any case), sorted by length, longest first.
        let all = try fixture.agenda("2026-11-23", "2026-11-30")
        // The stored fields, not the line's decorations (☐, [class], @ place, ↻).
        #expect(all.map { $0["title"] as? String } == ["Yoga", "Study group", "Essay 2", "Conference"])
        #expect(all.map { $0["class"] as? String } == ["GYM", "CS101", "ENGL101", nil])
        #expect(all.map { $0["kind"] as? String } == ["event", "event", "task", "event"])
        #expect(all.map { $0["repeats"] as? Bool } == [true, false, nil, false])
        #expect(all.map { $0["done"] as? Bool } == [nil, nil, false, nil])
        #expect(all[0]["start"] as? String == all[0]["time"] as? String && all[0]["end"] is String)
        #expect(all[2]["due"] as? String == all[2]["time"] as? String)
        #expect(try fixture.agenda("2026-11-23", "2026-11-30", "--class", "CS101").map { $0["id"] as? String } == [study])
        #expect(try fixture.agenda("2026-11-23", "2026-11-30", "--class", "cs101", "--class", "ENGL101").map { $0["id"] as? String } == [study, essay])
        let byLength = try fixture.agenda("2026-11-23", "2026-11-30", "--sort", "length", "--desc")
        #expect(byLength.map { $0["id"] as? String } == [conference, essay, study, yoga])
        #expect(byLength.map { $0["minutes"] as? Int } == [2880, 150, 120, 60])
        let shortest = try fixture.agenda("2026-11-23", "2026-11-30", "--sort", "length")
        #expect(shortest.map { $0["id"] as? String } == [yoga, study, essay, conference])
        let agendaText = try fixture.ok("agenda", "--from", "2026-11-23", "--to", "2026-11-30", "--class", "GYM").stdout
        #expect(agendaText.contains("Mon 23 Nov 2026 18:00") && agendaText.contains("Yoga") && !agendaText.contains("Study group"))
        #expect(try fixture.ok("agenda", "--from", "2026-12-07", "--to", "2026-12-14").trimmed == "No events")
        // A class the store has, with nothing in the span, is "No events" rather than an error.
        #expect(try fixture.ok("agenda", "--from", "2026-12-07", "--to", "2026-12-14", "--class", "CS101").trimmed == "No events")
        #expect(try fixture.agenda("2026-12-07", "2026-12-14", "--class", "cs101").isEmpty)

        // One event's details; notes, or "No item description".
        let card = try fixture.ok("event", "show", String(study.suffix(8))).stdout
        for expected in ["Study group", "When:      Tue 24 Nov 2026 14:00–16:00", "Calendar:  School", "Class:     CS101",
                         "Where:     Room 4 · 40.7128,-74.006", "Id:        \(study)", "Bring chapter 5"] {
            #expect(card.contains(expected), "\(expected) missing from\n\(card)")
        }
        #expect(!card.contains("No item description"))
        let bare = try fixture.ok("event", "show", conference).stdout
        #expect(bare.contains("Fri 27 Nov 2026 all day (2 days)") && bare.hasSuffix("No item description\n"), "\(bare)")
        let repeating = try fixture.ok("event", "show", yoga).stdout
        #expect(repeating.contains("Repeats:   FREQ=WEEKLY;COUNT=4"), "\(repeating)")

        // Map links for a place; a refusal for an event without one.
        let map = try fixture.ok("event", "map", study).stdout
        #expect(map.contains("https://www.openstreetmap.org/?mlat=40.7128&mlon=-74.006"), "\(map)")
        #expect(map.contains("https://www.google.com/maps/search/?api=1&query=40.7128,-74.006"), "\(map)")
        #expect(map.contains("geo:40.7128,-74.006?q="), "\(map)")
        #expect(try fixture.refused("event", "map", conference).contains("has no place"))

        // Done: the task shows as done, in its details and the agenda.
        #expect(try fixture.ok("task", "done", essay).stdout.contains("Done: Essay 2"))
        #expect(try fixture.ok("task", "show", essay).stdout.contains("State:     done"))
        #expect(try fixture.agenda("2026-11-25", "2026-11-26").map { $0["done"] as? Bool } == [true])

        // The assistant: nothing open, then the overdue task before the later one.
        #expect(try fixture.ok("assistant").trimmed == "Nothing to start yet!")
        let later = try fixture.add("task", "add", "Later reading", "--due", "in 20 days", "--estimate", "1h")
        let overdue = try fixture.add("task", "add", "Overdue report", "--due=-3d", "--estimate", "1h")
        #expect(try fixture.ok("assistant").trimmed.hasPrefix("Start Overdue report next"))
        let ranked = try #require(try fixture.json("assistant", "--all") as? [[String: Any]])
        #expect(ranked.map { $0["id"] as? String } == [overdue, later])
        try fixture.ok("task", "done", overdue)
        #expect(try fixture.ok("assistant").trimmed.hasPrefix("Start Later reading next"))
        try fixture.ok("task", "done", later)
        #expect(try fixture.ok("assistant").trimmed == "Nothing to start yet!")

        // Holidays: Thanksgiving on the 26th, Independence Day observed on Friday 3 July (the 4th is a Saturday).
        let holidays = try #require(try fixture.json("holidays", "2026") as? [[String: Any]])
        #expect(holidays.contains { $0["date"] as? String == "2026-11-26" && $0["name"] as? String == "Thanksgiving Day" })
        #expect(holidays.contains { $0["date"] as? String == "2026-07-03" && $0["name"] as? String == "Independence Day (observed)" && $0["observed"] as? Bool == true })
        #expect(holidays.contains { $0["date"] as? String == "2026-07-04" && $0["name"] as? String == "Independence Day" && $0["observed"] as? Bool == false })
        let holidayText = try fixture.ok("holidays", "2026").stdout.split(separator: "\n").map(String.init)
        let thanksgiving = holidayText.first { $0.hasPrefix("Thu 26 Nov 2026") }
        #expect(thanksgiving?.contains("🦃") == true && thanksgiving?.contains("Thanksgiving Day") == true, "\(holidayText)")
        let observed = try #require(holidayText.first { $0.hasPrefix("Fri 3 Jul 2026") }, "\(holidayText)")
        #expect(observed.contains("Independence Day (observed)"))
        #expect(!observed.contains("(observed) (observed)"), "\(observed)")
        let observedDay = try fixture.ok("cal", "day", "2026-07-03").stdout
        #expect(observedDay.contains("Independence Day (observed)") && !observedDay.contains("(observed) (observed)"), "\(observedDay)")
    }

    /// Whether a neighbouring month's day is in `text`: in parentheses, or in brackets if it is today.
    static func neighbour(_ text: String?, _ day: Int) -> Bool {
        text.map { $0.contains("(\(day))") || $0.contains("[\(day)]") } ?? false
    }

    /// November 2026's month view, weeks from Monday, without colour.
    func expectNovember(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!text.contains("\u{1B}"), "colour codes without a terminal", sourceLocation: sourceLocation)
        #expect(lines.first?.contains("November 2026") == true, "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("Week of"), sourceLocation: sourceLocation)
        let grid = lines.dropFirst(2).prefix { !$0.isEmpty }
        #expect(grid.count == 8, "\(text)", sourceLocation: sourceLocation)
        // 1 November is a Sunday: two weeks of October lead (19–31), two of December follow (1–13).
        #expect(Self.neighbour(grid.first, 19) && grid.first?.hasPrefix(" ") == false && Self.neighbour(grid.first, 25), "\(text)", sourceLocation: sourceLocation)
        #expect(Self.neighbour(grid.dropFirst().first, 31), sourceLocation: sourceLocation)
        #expect(!text.contains("(18)") && !text.contains("(14)"), "\(text)", sourceLocation: sourceLocation)
        #expect(Self.neighbour(grid.last, 7) && Self.neighbour(grid.last, 13), "\(text)", sourceLocation: sourceLocation)
        #expect(Self.neighbour(grid.dropLast().last, 1) && Self.neighbour(grid.dropLast().last, 6), sourceLocation: sourceLocation)
        let turkeyRow = try #require(grid.first { $0.contains("🦃") }, "no 🦃 in\n\(text)", sourceLocation: sourceLocation)
        #expect(turkeyRow.contains("23") && turkeyRow.contains("29"), "\(turkeyRow)", sourceLocation: sourceLocation)
        #expect(turkeyRow.range(of: "26")!.upperBound < turkeyRow.range(of: "🦃")!.lowerBound, sourceLocation: sourceLocation)
        #expect(lines.contains { $0.contains("26 🦃 Thanksgiving Day") }, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("bad input is refused with a clear message, exit status 1, and nothing written")
    func badInput() throws {
        // On a store with no calendar yet: a refused event must not leave the default calendar behind either.
        let empty = try fixture.head()
        #expect(try fixture.refused("event", "add", "Backwards", "--start", "2026-11-24 14:00", "--end", "13:00")
            .contains("is before the start"))
        #expect(try fixture.refused("event", "add", "Sometimes", "--start", "2026-11-24 14:00", "--repeat", "FREQ=SOMETIMES")
            .contains("'FREQ=SOMETIMES' is not a recurrence rule"))
        #expect(try fixture.head() == empty)
        #expect(try fixture.ok("calendar", "list").stdout.contains("No calendars yet"))

        try fixture.ok("calendar", "new", "School")
        try fixture.add("event", "add", "Lecture", "--start", "2026-11-24 09:00", "--end", "10:00", "--class", "CS101")
        try fixture.add("task", "add", "Essay", "--due", "2026-11-25")

        let late = try fixture.refused("event", "add", "Backwards", "--start", "2026-11-24 14:00", "--end", "2026-11-23 15:00")
        #expect(late.contains("the end") && late.contains("is before the start"), "\(late)")
        let allDayBackwards = try fixture.refused("event", "add", "Trip", "--start", "2026-11-24", "--end", "2026-11-20")
        #expect(allDayBackwards.contains("is before the start"), "\(allDayBackwards)")
        #expect(try fixture.refused("event", "add", "Party", "--start", "someday soon").contains("someday soon"))
        #expect(try fixture.refused("event", "add", "Party", "--start", "2026-11-31 10:00").contains("2026-11-31"))
        #expect(try fixture.refused("task", "add", "Report", "--due", "the twelfth of never").contains("the twelfth of never"))
        let nope = try fixture.refused("event", "add", "Party", "--start", "2026-11-24 20:00", "--calendar", "Nope")
        #expect(nope.contains("no calendar called 'Nope'") && nope.contains("School"), "\(nope)")
        #expect(try fixture.refused("task", "add", "Report", "--calendar", "Nope").contains("no calendar called 'Nope'"))
        let agenda = try fixture.refused("agenda", "--from", "2026-11-23", "--to", "2026-11-30", "--class", "CHEM200")
        #expect(agenda.contains("no class 'CHEM200'") && agenda.contains("CS101"), "\(agenda)")
        let elsewhere = try fixture.refused("agenda", "--from", "2026-12-07", "--to", "2026-12-14", "--class", "CHEM200")
        #expect(elsewhere.contains("no class 'CHEM200': the classes are CS101"), "\(elsewhere)")
        // A bad sort key is a usage error, like every other misspelt option value: exit 2, naming the keys.
        let sort = try fixture.base.cli.run(["agenda", "--sort", "colour"])
        #expect(sort.status == 2 && sort.stderr.contains("due") && sort.stderr.contains("length") && sort.stderr.contains("class"), "\(sort.stderr)")
        let rule = try fixture.refused("event", "add", "Sometimes", "--start", "2026-11-24 14:00", "--repeat", "FREQ=SOMETIMES")
        #expect(rule.contains("'FREQ=SOMETIMES' is not a recurrence rule"), "\(rule)")
        let notICS = try fixture.write("notes.ics", "Dear diary,\nnothing happened today.\n")
        let ics = try fixture.refused("import", "ics", notICS)
        #expect(ics.contains("notes.ics"), "\(ics)")
        let course = try fixture.write("course.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:a@example.org\r\n"
            + "DTSTAMP:20261101T000000Z\r\nDTSTART:20261201T150000Z\r\nSUMMARY:Seminar\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(try fixture.refused("import", "ics", course, "--calendar", "Nope").contains("no calendar called 'Nope'"))
        #expect(try fixture.refused("import", "ics", fixture.folder.child("missing.ics")).contains("missing.ics: cannot read the file"))
        let empty2 = try fixture.write("empty.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n")
        #expect(try fixture.refused("import", "ics", empty2).contains("no VEVENT or VTODO"))
        #expect(try fixture.refused("quote", "add", "", "--date", "2026-11-24").contains("the quote is empty"))
        #expect(try fixture.refused("quote", "add", "   ", "--date", "2026-11-24").contains("the quote is empty"))
        #expect(try fixture.refused("event", "show", "ffffffff").contains("no event with id 'ffffffff'"))
        #expect(try fixture.refused("event", "rm", "ffffffff", "--yes").contains("no event"))
        #expect(try fixture.refused("holidays", "1200").contains("1583"))
        #expect(try fixture.refused("task", "add", "Report", "--estimate", "soon").contains("'soon' is not a length of time"))
        #expect(try fixture.refused("event", "add", "Pole", "--start", "2026-11-24", "--at", "200,0").contains("latitude"))
        #expect(try fixture.refused("calendar", "new", "Art", "--color", "mauve").contains("'mauve' is not a colour"))
        #expect(try fixture.refused("calendar", "new", "school").contains("already exists"))
        #expect(try fixture.refused("event", "add", "Never", "--start", "2026-11-24", "--repeat", "FREQ=DAILY;INTERVAL=0").contains("is not a recurrence rule"))
    }

    @Test("cal shows the week at first, then the view chosen last; next and prev move by that view; months by name")
    func rememberedView() throws {
        #expect(try fixture.ok("cal").stdout.hasPrefix("Week of "))
        #expect(try fixture.ok("cal", "day", "2026-11-24").stdout.hasPrefix("Tue 24 Nov 2026"))
        #expect(try fixture.ok("cal", "next").stdout.hasPrefix("Wed 25 Nov 2026"))
        #expect(try fixture.ok("cal").stdout.hasPrefix("Wed 25 Nov 2026"))
        try fixture.ok("cal", "prev")
        #expect(try fixture.ok("cal", "prev").stdout.hasPrefix("Mon 23 Nov 2026"))
        #expect(try fixture.ok("cal", "week", "2026-12-31").stdout.hasPrefix("Week of Mon 28 Dec 2026"))
        #expect(try fixture.ok("cal", "next").stdout.hasPrefix("Week of Mon 4 Jan 2027"))
        // The last day of a month, then the next month: February, not March.
        #expect(try fixture.ok("cal", "month", "2027-01-31").stdout.split(separator: "\n").first?.contains("January 2027") == true)
        #expect(try fixture.ok("cal", "next").stdout.split(separator: "\n").first?.contains("February 2027") == true)
        // A month by name and year, as well as 2026-12.
        for words in [["dec", "2026"], ["December", "2026"], ["Dec 2026"]] {
            let output = try fixture.ok(["cal", "month"] + words)
            #expect(output.stdout.split(separator: "\n").first?.contains("December 2026") == true, "\(words): \(output.stdout)")
        }
        #expect(try fixture.refused("cal", "month", "decembre", "2026").contains("is not a date"))
    }

    @Test("quotes and images are kept on their day and shown there; an image that cannot be read is refused")
    func dayNotes() throws {
        try fixture.ok("quote", "add", "Well begun is half done.", "--author", "Aristotle", "--date", "2026-11-24")
        // A 1×1 PNG.
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="))
        let image = fixture.folder.child("whiteboard.png")
        try png.write(to: URL(fileURLWithPath: image))
        try fixture.ok("day", "image", "add", image, "--caption", "Whiteboard", "--date", "2026-11-24")
        let day = try fixture.ok("cal", "day", "2026-11-24").stdout
        #expect(day.contains("“Well begun is half done.” — Aristotle"), "\(day)")
        #expect(day.contains("🖼  Whiteboard (media "), "\(day)")
        let other = try fixture.ok("cal", "day", "2026-11-25").stdout
        #expect(!other.contains("Aristotle") && !other.contains("Whiteboard") && other.contains("No events"), "\(other)")
        let month = try fixture.ok("cal", "month", "2026-11").stdout
        #expect(month.split(separator: "\n").contains { $0.hasPrefix(" 24") && $0.contains("❝") }, "\(month)")

        #expect(try fixture.refused("day", "image", "add", fixture.folder.child("nothing.png"), "--date", "2026-11-24").contains("cannot read"))
        let text = try fixture.write("notes.png", "not an image")
        #expect(try fixture.refused("day", "image", "add", text, "--date", "2026-11-24").contains("is not an image"))
        let usage = try fixture.base.cli.run(["day", "image", "add", image, "--clipboard"])
        #expect(usage.status == 2 && usage.stderr.contains("not both"), "\(usage.status) \(usage.stderr)")
    }

    @Test("settings: an unknown name and a bad value are refused, naming what is accepted")
    func settingsRefused() throws {
        let unknown = try fixture.refused("settings", "set", "colour", "blue")
        #expect(unknown.contains("'colour' is not a setting"), "\(unknown)")
        for name in ["notifications", "notifications.method", "notifications.include-feedback", "assistant", "week-start", "holidays", "time-zone"] {
            #expect(unknown.contains(name), "\(name) missing from: \(unknown)")
        }
        #expect(try fixture.refused("settings", "set", "notifications", "maybe").contains("'maybe' is not a value for notifications: use on or off"))
        #expect(try fixture.refused("settings", "set", "notifications.method", "pigeon").contains("alert, email or text"))
        #expect(try fixture.refused("settings", "set", "week-start", "tuesday").contains("monday or sunday"))
        #expect(try fixture.refused("settings", "set", "time-zone", "Mars/Olympus").contains("a time zone name"))
        #expect(try fixture.refused("settings", "set", "holidays", "USA").contains("country codes"))

        // A good value is kept, and changes what the views do.
        let before = try fixture.head()
        try fixture.ok("settings", "set", "week-start", "Sunday")
        #expect(try fixture.head() != before)
        let settings = try #require(try fixture.json("settings") as? [String: String])
        #expect(settings["week-start"] == "sunday")
        let week = try #require(try fixture.json("cal", "week", "2026-11-25") as? [[String: Any]])
        #expect(week.first?["date"] as? String == "2026-11-22" && week.last?["date"] as? String == "2026-11-28")
    }
}
