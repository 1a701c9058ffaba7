import Foundation
import Testing
import TroveInterchange
import TroveJSON

/// Invalid entries become problems naming the entry and the field; the rest still import.
struct DayOneEntryValidationTests {
    static func journal(_ entries: String) throws -> DayOneJournal {
        try DayOneJournal(parsing: Array("{\"metadata\": {}, \"entries\": [\(entries)]}".utf8), file: "Test.json")
    }

    static func problems(_ entries: String) throws -> [String] {
        try journal(entries).problems.map { "\($0.entryIndex) \($0.field): \($0.message)" }
    }

    @Test func acceptsAMinimalEntry() throws {
        let journal = try Self.journal(#"{"uuid": "A1", "creationDate": "2024-01-01T10:00:00.250+02:00"}"#)
        let entry = try #require(journal.entries.first)
        #expect(journal.name == "Test")
        #expect(entry.creationTimestamp == "2024-01-01T08:00:00.250Z")
        #expect(entry.text == "")
        #expect(entry.tags == [] && !entry.starred && !entry.isAllDay)
        #expect(entry.modifiedDate == nil && entry.location == nil && entry.media == [])
    }

    @Test func reportsEachWrongFieldOfAnEntry() throws {
        let problems = try Self.problems("""
            {"uuid": "A1", "creationDate": "2024-01-01T00:00:00Z"},
            {"creationDate": "yesterday", "modifiedDate": "2024-02-30T00:00:00Z", "tags": ["ok", 3],
             "starred": "yes", "timeZone": 1},
            {"uuid": "A3", "creationDate": "2024-01-01T00:00:00Z",
             "location": {"latitude": 91, "longitude": "west", "placeName": 5}, "weather": []},
            {"uuid": "A4", "creationDate": "2024-01-01T00:00:00Z",
             "photos": [{"identifier": "P", "md5": "../../etc/passwd", "type": "jpeg"},
                        {"identifier": "Q", "md5": "31c871f18f68d2fde4196ccba1f8ece1", "type": "../x"}, 7]},
            "not an entry"
            """)
        #expect(problems == [
            "2 uuid: is required",
            "2 creationDate: must be an ISO-8601 date and time like 2024-04-16T23:00:00Z, found \"yesterday\"",
            "2 modifiedDate: must be an ISO-8601 date and time like 2024-04-16T23:00:00Z, found \"2024-02-30T00:00:00Z\"",
            "2 timeZone: must be a string, found integer",
            "2 tags/1: must be a string, found integer",
            "2 starred: must be true or false, found string",
            "3 location/latitude: must be between -90 and 90, found 91.0",
            "3 location/longitude: must be a number, found string",
            "3 location/placeName: must be a string, found integer",
            "3 weather: must be an object, found array",
            "4 photos/0/md5: must be 32 hexadecimal digits, found \"../../etc/passwd\"",
            "4 photos/1/type: must be a file extension like jpeg, found \"../x\"",
            "4 photos/2: must be an object, found integer",
            "5 (entry): must be an object, found string",
        ])
        #expect(try Self.journal("{\"uuid\": \"A1\", \"creationDate\": \"2024-01-01T00:00:00Z\"}, 5").entries.count == 1)
    }

    @Test func leavesOutARepeatedUUID() throws {
        let journal = try Self.journal("""
            {"uuid": "A1", "creationDate": "2024-01-01T00:00:00Z", "text": "first"},
            {"uuid": "A1", "creationDate": "2024-01-02T00:00:00Z", "text": "second"}
            """)
        #expect(journal.entries.map(\.text) == ["first"])
        #expect(journal.problems.map(\.description) == [
            "Test.json: entry 2 (uuid A1): uuid: repeats the uuid of entry 1; only the first is kept",
        ])
    }

    @Test func keepsWeatherWholeAndOrdersMediaOfEachKind() throws {
        let journal = try Self.journal("""
            {"uuid": "A1", "creationDate": "2024-01-01T00:00:00Z",
             "weather": {"temperatureCelsius": 11.5, "conditionsDescription": "Cloudy"},
             "pdfAttachments": [{"identifier": "D", "md5": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "type": "pdf"}],
             "photos": [{"identifier": "late", "md5": "00000000000000000000000000000001"},
                        {"identifier": "second", "md5": "00000000000000000000000000000002", "orderInEntry": 1},
                        {"identifier": "first", "md5": "00000000000000000000000000000003", "orderInEntry": 0}],
             "audios": [{"identifier": "S", "md5": "00000000000000000000000000000004", "format": "aac"}]}
            """)
        let entry = try #require(journal.entries.first)
        #expect(entry.weather == ["temperatureCelsius": 11.5, "conditionsDescription": "Cloudy"])
        #expect(entry.media.map(\.identifier) == ["first", "second", "late", "S", "D"])
        #expect(entry.media.map(\.fileExtension) == [nil, nil, nil, "m4a", "pdf"])
        #expect(entry.media.last?.md5 == "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
        #expect(entry.media.allSatisfy { $0.filePath == nil })
    }
}
