import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

/// The clone-local files the shell reads: settings and the notification queue.
@Suite("local settings and notifications")
struct LocalFilesTests {
    @Test("settings are set, replaced and removed; a broken file reads as empty and is replaced whole")
    func settings() throws {
        let fixture = try StoreFixture()
        let settings = LocalSettings(storePath: fixture.path)
        #expect(settings.all().isEmpty)
        try settings.set("context", ["dog": "Pixel"])
        try settings.set("view", "month")
        #expect(settings.value("view") == "month" && settings.value("context")?.objectValue?["dog"] == "Pixel")
        try settings.set("view", nil)
        #expect(settings.value("view") == nil && settings.value("context") != nil)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: settings.path))
        #expect(settings.all().isEmpty)
        try settings.set("view", "week")
        #expect(settings.all() == ["view": "week"])
        #expect(throws: StoreError.self) { try LocalSettings(storePath: fixture.folder.child("nowhere")).set("x", "y") }
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty, "settings are not part of the records")
    }

    @Test("notifications: posted by many processes at once, each taken exactly once, in order")
    func notifications() throws {
        let fixture = try StoreFixture()
        let queue = Notifications(storePath: fixture.path)
        #expect(queue.take().isEmpty)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        try queue.post("first", at: start)
        try queue.post("second", at: start.addingTimeInterval(1))
        let taken = queue.take()
        #expect(taken.map(\.text) == ["first", "second"] && taken.first?.posted == start)
        #expect(queue.take().isEmpty, "taken messages are gone")

        DispatchQueue.concurrentPerform(iterations: 200) { number in try? queue.post("message \(number)") }
        let all = queue.take().map(\.text)
        #expect(all.count == 200 && Set(all).count == 200)

        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: queue.path))
        try queue.post("after garbage")
        #expect(queue.take().map(\.text) == ["after garbage"])
    }
}
