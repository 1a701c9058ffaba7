import Foundation
import Testing
import TroveKit
import TroveStore
import TroveTestSupport

/// Items, trackers and navigation, through TroveKit.
@Suite("items, trackers and navigation")
struct ItemTests {
    /// A loopback radio in the fixture's folder, switched to `state`.
    static func radio(_ fixture: KitFixture, _ state: String = "on") throws -> LoopbackTransport {
        let folder = fixture.folder.child("radio")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(state.utf8).write(to: URL(fileURLWithPath: folder + "/state"))
        return LoopbackTransport(folder: folder)
    }

    @Test("a name is required, at most 80 characters and unique ignoring case; each problem has its message and saves nothing")
    func nameRules() throws {
        let fixture = try KitFixture()
        let book = ItemBook(store: fixture.store)
        try book.add(name: "  Blue backpack ")
        #expect(try book.all().map(\.name) == ["Blue backpack"], "trimmed")
        let head = try fixture.head()
        #expect(throws: ItemError.blankName) { try book.add(name: " \t ") }
        #expect(throws: ItemError.nameTooLong(characters: 81)) { try book.add(name: String(repeating: "é", count: 81)) }
        #expect(throws: ItemError.nameTaken("Blue backpack")) { try book.add(name: "blue BACKPACK") }
        #expect(try fixture.head() == head)
        try book.add(name: String(repeating: "é", count: 80))
        #expect(try book.all().count == 2, "exactly 80 characters is allowed")
        let keys = try book.add(name: "Keys").item
        #expect(throws: ItemError.nameTaken("Blue backpack")) { try book.edit(keys, name: "BLUE backpack") }
        #expect(try book.edit(keys, name: "keys").item.name == "keys", "renaming to itself with another case is fine")
    }

    @Test("a photo must be an image; without one the item keeps no photo (the placeholder shows)")
    func photos() throws {
        let fixture = try KitFixture()
        let book = ItemBook(store: fixture.store)
        let head = try fixture.head()
        #expect(throws: StoreError.self) { try book.add(name: "Keys", photo: .init(bytes: Array("not a picture".utf8), source: "keys.txt")) }
        #expect(try fixture.head() == head && book.all().isEmpty, "nothing half-saved")
        let jpeg = try KitFixture.jpeg()
        let item = try book.add(name: "Keys", photo: .init(bytes: jpeg, source: "keys.jpg")).item
        #expect(try fixture.store.media(sha256: #require(item.photo)) == jpeg)
        let plain = try book.add(name: "Umbrella").item
        #expect(plain.photo == nil)
        #expect(PlaceholderPicture.svg.hasPrefix("<svg") && PlaceholderPicture.svg.contains("No photo"))
        #expect(try book.edit(item, removePhoto: true).item.photo == nil)
    }

    @Test("a tracker pairs when the radio is on, waits unpaired when it is off, and belongs to one item")
    func registering() throws {
        let fixture = try KitFixture()
        let items = ItemBook(store: fixture.store), trackers = TrackerBook(store: fixture.store)
        let keys = try items.add(name: "Keys").item, bag = try items.add(name: "Bag").item
        let on = try Self.radio(fixture)
        let paired = try trackers.register("C4:7F:51:0A:9E:22", to: keys, through: on)
        #expect(paired.tracker.trackerID == "c4-7f-51-0a-9e-22" && paired.tracker.paired && paired.pairingProblem == nil)
        #expect(FileManager.default.fileExists(atPath: on.folder + "/paired/c4-7f-51-0a-9e-22"), "the transport was asked to pair")

        let head = try fixture.head()
        #expect(throws: ItemError.trackerBound("c4-7f-51-0a-9e-22", item: "Keys")) {
            try trackers.register("c4-7f-51-0a-9e-22", to: bag, through: on)
        }
        #expect(throws: ItemError.invalidTrackerID("tag #1")) { try trackers.register("tag #1", to: bag, through: on) }
        #expect(try fixture.head() == head)

        let off = try Self.radio(fixture, "off")
        let waiting = try trackers.register("aa-01", to: bag, through: off)
        #expect(!waiting.tracker.paired && waiting.pairingProblem == .off(transport: "loopback"))
        #expect(TransportError.off(transport: "bluetooth").description == "Bluetooth is off: turn it on and try again")
        #expect(try trackers.trackers(of: bag).map(\.trackerID) == ["aa-01"], "the registration is kept")

        // Activating while the radio is off is refused and writes nothing; once on it pairs, then activates.
        let before = try fixture.head()
        #expect(throws: TransportError.off(transport: "loopback")) { try trackers.activate(waiting.tracker, through: off) }
        #expect(try fixture.head() == before)
        let active = try trackers.activate(waiting.tracker, through: try Self.radio(fixture, "on"))
        #expect(active.paired && active.active && active.activatedAt != nil)
        #expect(FileManager.default.fileExists(atPath: on.folder + "/active/aa-01"))

        try "aa-02\n".write(toFile: on.folder + "/unreachable", atomically: true, encoding: .utf8)
        let silent = try trackers.register("aa-02", to: bag, through: on)
        #expect(!silent.tracker.paired, "a tracker that does not answer waits unpaired")
        if case .failed? = silent.pairingProblem {} else { Issue.record("expected a failed pairing, got \(String(describing: silent.pairingProblem))") }

        #expect(BluetoothTransport(program: nil).state() != .ready, "no bluetoothctl: absent")
        #expect(throws: TransportError.self) { try BluetoothTransport(program: nil).pair("c4-7f-51-0a-9e-22") }
    }

    @Test("removing an item removes its trackers in the same commit")
    func removing() throws {
        let fixture = try KitFixture()
        let keys = try ItemBook(store: fixture.store).add(name: "Keys").item
        _ = try TrackerBook(store: fixture.store).register("aa-01", to: keys, through: try Self.radio(fixture))
        let commits = try fixture.store.history().count
        _ = try ItemBook(store: fixture.store).remove(keys)
        #expect(try fixture.store.history().count == commits + 1)
        #expect(try TrackerBook(store: fixture.store).all().isEmpty && ItemBook(store: fixture.store).all().isEmpty)
    }

    @Test("the last known location is the newest report of any of the item's trackers")
    func lastLocation() throws {
        let fixture = try KitFixture()
        let keys = try ItemBook(store: fixture.store).add(name: "Keys").item
        let radio = try Self.radio(fixture)
        for id in ["aa-01", "aa-02"] { _ = try TrackerBook(store: fixture.store).register(id, to: keys, through: radio) }
        #expect(try ItemLocation.last(of: keys, in: fixture.store) == nil)
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let reports = [
            TrackerReport(trackerID: "aa-01", at: base, latitude: 48.1, longitude: 2.1),
            TrackerReport(trackerID: "aa-02", at: base.addingTimeInterval(60), latitude: 48.2, longitude: 2.2),
            TrackerReport(trackerID: "aa-01", at: base.addingTimeInterval(30), latitude: 48.3, longitude: 2.3),
        ]
        try fixture.store.transaction { try $0.appendToLog(reports.map(\.logValue), type: "tracker-report") }
        let location = try #require(try ItemLocation.last(of: keys, in: fixture.store))
        #expect(location.report == reports[1])
        #expect(location.age(now: base.addingTimeInterval(60 + 5 * 60)) == "5 min ago")
        #expect(location.age(now: base.addingTimeInterval(60 + 3 * 86_400)) == "3 days ago")
        #expect(reports[0].id == TrackerReport(trackerID: "aa-01", at: base, latitude: 48.1, longitude: 2.1).id, "ids come from the content")
        #expect(reports[0].id != reports[2].id)
    }

    @Test("walking within the limit (inclusive), transit beyond it, in every link")
    func walkingOrTransit() throws {
        let start = try Coordinates(latitude: 48.8566, longitude: 2.3522)
        // Due north, a metre either side of 2 km by haversine.
        let metresPerDegree = GeoConstants.metresPerDegreeOfLatitude
        let near = try Coordinates(latitude: 48.8566 + 1_999 / metresPerDegree, longitude: 2.3522)
        let far = try Coordinates(latitude: 48.8566 + 2_001 / metresPerDegree, longitude: 2.3522)
        let walking = Directions(from: start, to: near)
        let transit = Directions(from: start, to: far)
        #expect(abs(walking.distance - 1_999) < 0.5 && abs(transit.distance - 2_001) < 0.5)
        #expect(walking.mode == .walking && transit.mode == .transit)
        #expect(walking.googleMaps.contains("travelmode=walking") && transit.googleMaps.contains("travelmode=transit"))
        #expect(walking.appleMaps.contains("dirflg=w") && transit.appleMaps.contains("dirflg=r"))
        #expect(walking.openStreetMap.contains("engine=fossgis_osrm_foot"))
        #expect(walking.googleMaps.contains("origin=48.8566,2.3522&destination=48.87"))
        #expect(Directions(from: start, to: far, walkingLimit: 2_500).mode == .walking, "the limit is configurable")
        #expect(Directions(from: start, to: start).distance == 0)
    }
}

/// A metre of latitude on the haversine sphere TroveIndex uses.
enum GeoConstants {
    static let metresPerDegreeOfLatitude = 6_371_008.8 * .pi / 180
}
