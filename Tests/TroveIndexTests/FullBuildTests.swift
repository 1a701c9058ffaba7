import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore

/// A full build runs on three threads and moves its rows in from a scratch file: it must give what
/// catching up record by record gives, and leave no scratch file behind.
@Suite("a full build of many records")
struct FullBuildTests {
    /// More records than one chunk of the reader thread, with tags, places and text, committed in three
    /// steps that the index catches up with one by one.
    @Test("equals the index caught up commit by commit")
    func bigBuildEqualsCatchUp() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let calendar = try fixture.calendar()
        let index = try fixture.index()
        var number = 0
        for _ in 0..<3 {
            try fixture.store.transaction { transaction in
                for _ in 0..<300 {
                    number += 1
                    var fields: [String: JSONValue] = [
                        "journalId": .string(journal), "date": .string(timestamp(minutes: number * 37)),
                        "text": .string("Entry \(number): walked by the canal, crème brûlée number \(number % 7)\nsecond line"),
                        "tags": .array([.string("tag\(number % 5)"), .string("walk")]),
                    ]
                    if number % 3 == 0 {
                        fields["location"] = IndexFixture.location(
                            GeoPoint(latitude: 48.8 + Double(number) / 10_000, longitude: 2.3 - Double(number) / 10_000), place: "Canal \(number)")
                    }
                    if number % 4 == 0 { fields["title"] = .string("Title \(number)") }
                    _ = try transaction.put(.object(fields), type: "entry")
                    if number % 10 == 0 {
                        _ = try transaction.put(["calendarId": .string(calendar), "title": .string("Meeting \(number)"),
                                                 "start": .string(timestamp(minutes: number * 60))], type: "event")
                    }
                }
            }
            #expect(try index.catchUp() > 256)
        }
        let caughtUp = try index.snapshot()
        #expect(try index.rebuild() == 900 + 90 + 2)
        #expect(try index.snapshot() == caughtUp)
        #expect(try freshSnapshot(of: fixture) == caughtUp)
        #expect(try index.tags().map { "\($0.tag) \($0.count)" }.first == "walk 900")
        #expect(try index.search("creme").count >= 20)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.store.localFolder).filter { $0.contains(".new-") }
        #expect(leftovers.isEmpty, "build files left behind: \(leftovers)")
    }
}
