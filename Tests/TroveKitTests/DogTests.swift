import Foundation
import Testing
import TroveIndex
@testable import TroveKit
import TroveStore
import TroveTestSupport

@Suite("dogs and their business records")
struct DogTests {
    @Test("dogs: every field optional, names unique, the first selected until another is chosen")
    func dogsAndSelection() throws {
        let fixture = try KitFixture()
        let book = DogBook(store: fixture.store)
        #expect(try book.selected() == nil)
        #expect(throws: DogError.noDog) { try book.dog(named: nil) }
        let (nameless, _) = try book.add(DogProfile())
        #expect(nameless.name == nil && nameless.sex == nil && nameless.born == nil)
        let (pixel, _) = try book.add(DogProfile(name: "Pixel", sex: .female, born: "2021-04-17"))
        #expect(pixel.born == "2021-04-17" && pixel.sex == .female)
        #expect(try book.selected() == nameless, "the first dog is the default")
        try book.select(pixel)
        #expect(try book.selected() == pixel)
        #expect(try book.dog(named: "pIXEL") == pixel)
        let head = try fixture.head()
        #expect(throws: DogError.dogExists("pixel")) { try book.add(DogProfile(name: "pixel")) }
        #expect(throws: DogError.unknownDog("Rex", known: [nameless.displayName, "Pixel"])) { try book.dog(named: "Rex") }
        #expect(try fixture.head() == head, "a refused dog writes nothing")
        let (renamed, _) = try book.edit(pixel, DogProfile(name: "Pixie", breed: "Border collie"))
        #expect(renamed.name == "Pixie" && renamed.breed == "Border collie" && renamed.born == "2021-04-17")
        _ = try book.remove(renamed, records: [])
        #expect(try book.selected() == nameless, "with the selected dog gone the first is selected again")
    }

    @Test("a date of birth in the future is refused and nothing is written")
    func futureBirth() throws {
        let fixture = try KitFixture()
        let book = DogBook(store: fixture.store)
        let now = try DateInput.parse("2026-11-22 12:00")
        let head = try fixture.head()
        #expect(throws: DogError.bornInFuture("2026-11-23")) { try book.add(DogProfile(name: "Soon", born: "2026-11-23"), now: now) }
        #expect(throws: InputError.invalidDate("last spring")) { try book.add(DogProfile(name: "Soon", born: "last spring"), now: now) }
        #expect(try fixture.head() == head)
        #expect(try book.add(DogProfile(name: "Today", born: "2026-11-22"), now: now).dog.born == "2026-11-22")
    }

    @Test("the current location is local state; without one, recording names the fix")
    func currentLocation() throws {
        let fixture = try KitFixture()
        let path = fixture.store.path
        let head = try fixture.head()
        #expect(throws: DogError.noLocation) { try CurrentLocation.resolve(nil, storePath: path) }
        #expect(throws: InputError.latitudeOutOfRange(91)) { try CurrentLocation.resolve("91,0", storePath: path) }
        #expect(throws: InputError.longitudeOutOfRange(-180.5)) { try CurrentLocation.resolve("0,-180.5", storePath: path) }
        try CurrentLocation(coordinates: Coordinates(latitude: 48.8725, longitude: 2.3651)).save(storePath: path)
        #expect(try CurrentLocation.resolve(nil, storePath: path) == Coordinates(latitude: 48.8725, longitude: 2.3651))
        #expect(try CurrentLocation.resolve("1,2", storePath: path) == Coordinates(latitude: 1, longitude: 2), "--at wins")
        #expect(try fixture.head() == head, "the location is never committed")
        try CurrentLocation.clear(storePath: path)
        #expect(CurrentLocation.read(storePath: path) == nil)
    }

    @Test("web mercator: known pixels, the inverse, and metres per pixel")
    func webMercator() {
        let world = WebMercator(zoom: 0)
        let origin = world.pixel(latitude: 0, longitude: 0)
        #expect(origin.x == 128 && abs(origin.y - 128) < 1e-9)
        let corner = world.pixel(latitude: WebMercator.latitudeLimit, longitude: -180)
        #expect(corner.x == 0 && abs(corner.y) < 1e-6)
        #expect(abs(world.metresPerPixel(atLatitude: 0) - 156_543.033_93) < 0.001)
        let street = WebMercator(zoom: 16)
        let paris = street.pixel(latitude: 48.8725, longitude: 2.3651)
        let back = street.coordinates(x: paris.x, y: paris.y)
        #expect(abs(back.latitude - 48.8725) < 1e-9 && abs(back.longitude - 2.3651) < 1e-9)
        #expect(abs(street.metresPerPixel(atLatitude: 60) - 156_543.033_93 / 65536 / 2) < 1e-6)
        #expect(WebMercator.zoom(fitting: 100, pixels: 40, atLatitude: 0) == 15, "at 16, 40 pixels of 2.39 m are 95.5 m: too short")
    }

    /// Near (0, 0) at zoom 16 a cell of 8 pixels is 0.000171661° wide and tall; at zoom 15, twice that.
    static let handMade: [(String, Double, Double, BusinessKind, String)] = [
        ("a", 0.00005, 0.00005, .pee, "2026-11-20T08:00:00.000Z"),
        ("b", 0.00010, 0.00010, .poo, "2026-11-21T08:00:00.000Z"),
        ("c", 0.00015, 0.00002, .pee, "2026-11-22T08:00:00.000Z"),
        ("d", 0.00005, 0.00020, .poo, "2026-11-22T09:00:00.000Z"),
        ("e", -0.00005, 0.00005, .pee, "2026-11-19T08:00:00.000Z"),
    ]

    static func mapped() -> [MappedBusiness] {
        handMade.map { MappedBusiness(id: $0.0, dogID: "dog", kind: $0.3, at: $0.4, latitude: $0.1, longitude: $0.2) }
    }

    @Test("clustering against hand-computed cells: zoom 16 gives {a b c} {d} {e}, zoom 15 gives {a b c d} {e}")
    func clustering() {
        #expect(BusinessClustering.cell(latitude: 0.00005, longitude: 0.00005, zoom: 16) == .init(x: 1_048_576, y: 1_048_575))
        #expect(BusinessClustering.cell(latitude: 0.00005, longitude: 0.00020, zoom: 16) == .init(x: 1_048_577, y: 1_048_575))
        #expect(BusinessClustering.cell(latitude: -0.00005, longitude: 0.00005, zoom: 16) == .init(x: 1_048_576, y: 1_048_576))
        let sixteen = BusinessClustering.clusters(of: Self.mapped(), zoom: 16)
        #expect(sixteen.map { $0.records.map(\.id) } == [["d"], ["c", "b", "a"], ["e"]], "newest cluster first, newest record first")
        let abc = sixteen[1]
        #expect(abc.latest.id == "c")
        #expect(abc.statistics == BusinessStatistics(Self.mapped().filter { ["a", "b", "c"].contains($0.id) }))
        #expect(abc.statistics.pees == 2 && abc.statistics.poos == 1 && abc.statistics.percentages == (67, 33))
        #expect(abc.statistics.first == "2026-11-20T08:00:00.000Z" && abc.statistics.last == "2026-11-22T08:00:00.000Z")
        let fifteen = BusinessClustering.clusters(of: Self.mapped(), zoom: 15)
        #expect(fifteen.map { $0.records.map(\.id) } == [["d", "c", "b", "a"], ["e"]])
        #expect(fifteen[0].statistics.percentages == (50, 50))
        #expect(BusinessStatistics([]).percentages == (0, 0))
    }

    @Test("through the index: the map's view, the cluster under a point, one dog or all")
    func mapThroughIndex() throws {
        let fixture = try KitFixture()
        let dogs = DogBook(store: fixture.store)
        let pixel = try dogs.add(DogProfile(name: "Pixel")).dog
        let rex = try dogs.add(DogProfile(name: "Rex")).dog
        let book = BusinessBook(store: fixture.store)
        for (_, latitude, longitude, kind, at) in Self.handMade {
            _ = try book.record(kind, of: pixel, at: Coordinates(latitude: latitude, longitude: longitude), time: try DateInput.parse(at))
        }
        _ = try book.record(.poo, of: rex, at: Coordinates(latitude: 0.00006, longitude: 0.00006), time: try DateInput.parse("2026-11-22T10:00:00Z"))
        _ = try book.record(.poo, of: rex, at: Coordinates(latitude: 1, longitude: 1), time: try DateInput.parse("2026-11-22T10:00:00Z"))
        let index = try RecordIndex(store: fixture.store)
        let map = BusinessMap(index: index)
        let mine = try #require(try map.cluster(at: Coordinates(latitude: 0.0001, longitude: 0.0001), zoom: 16, dog: pixel.id))
        #expect(mine.records.count == 3 && mine.statistics.pees == 2)
        let everyone = try #require(try map.cluster(at: Coordinates(latitude: 0.0001, longitude: 0.0001), zoom: 16, dog: nil))
        #expect(everyone.records.count == 4 && everyone.latest.dogID == rex.id)
        #expect(try map.cluster(at: Coordinates(latitude: 0.001, longitude: 0.001), zoom: 16, dog: nil) == nil)
        let footprint = MarkerFootprint(width: 4, height: 4, youClearanceX: 2, youClearanceY: 4, unitsPerDot: 1)
        let view = try map.view(center: Coordinates(latitude: 0, longitude: 0), zoom: 16, width: 160, height: 80, dog: nil, footprint: footprint)
        #expect(view.recordCount == 6, "the record at (1, 1) is far off the screen")
        #expect(view.dots.count == 5 && view.dots.contains { $0 == (82, 37) }, "a and Rex's poo share a pixel, 2.3 and 2.8 pixels east and north of the centre (80, 40)")
        // By hand, in dots: Rex and a (82, 37), b (84, 35), c (80, 33), d (89, 37), e (82, 42). Newest first, each
        // joins the first marker less than 4 dots away both ways: {Rex a b} {d} {c} {e}; c is 4 dots above Rex.
        #expect(view.markers.map(\.statistics.count) == [3, 1, 1, 1])
        #expect(view.markers[0].latest.dogID == rex.id && view.markers[0].statistics.pees == 1 && view.markers[0].point == MapPoint(x: 82, y: 37))
        #expect(view.markers.map(\.latest.latitude) == [0.00006, 0.00005, 0.00015, -0.00005], "Rex's, d, c, e: newest marker first")
        #expect(view.markers.map(\.statistics.last) == ["2026-11-22T10:00:00.000Z", "2026-11-22T09:00:00.000Z", "2026-11-22T08:00:00.000Z",
                                                         "2026-11-19T08:00:00.000Z"])
        #expect(view.markers[0].statistics.first == "2026-11-20T08:00:00.000Z", "a is the oldest of Rex's marker")
        #expect(view.dot(latitude: 0, longitude: 0) == (80, 40))
        #expect(view.scaleBar.metres == 50 && view.scaleBar.dots == 21, "a quarter of 160 dots is 95.5 m: 50 m is 20.9 dots")
        // Standing at c: c is drawn 2 dots right of the user, and so is nothing else.
        let standing = try map.view(center: Coordinates(latitude: 0, longitude: 0), zoom: 16, width: 160, height: 80, dog: nil, footprint: footprint,
                                    here: Coordinates(latitude: 0.00015, longitude: 0.00002))
        let beside = try #require(standing.markers.first { $0.besideYou })
        #expect(beside.latest.latitude == 0.00015 && beside.point == MapPoint(x: 82, y: 33) && beside.statistics.count == 1)
        let mineOnly = try map.view(center: Coordinates(latitude: 0, longitude: 0), zoom: 16, width: 160, height: 80, dog: pixel.id, footprint: footprint)
        #expect(mineOnly.recordCount == 5 && mineOnly.markers.map(\.statistics.count) == [1, 1, 2, 1], "d, c, {b a}, e")
        let nearest = try #require(try map.nearest(to: Coordinates(latitude: 0.0003, longitude: 0.0003), within: 500, dog: nil))
        #expect(nearest.latitude == 0.00005 && nearest.longitude == 0.0002, "d is the closest to (0.0003, 0.0003)")
    }

    @Test("recording and deleting: one commit each, and a record of another type is not deleted as business")
    func recordAndRemove() throws {
        let fixture = try KitFixture()
        let pixel = try DogBook(store: fixture.store).add(DogProfile(name: "Pixel")).dog
        let book = BusinessBook(store: fixture.store)
        let (business, result) = try book.record(.pee, of: pixel, at: Coordinates(latitude: 48.8725, longitude: 2.3651), time: Date(), note: "by the bench")
        #expect(result.commit != nil && business.note == "by the bench" && business.dogID == pixel.id)
        #expect(try book.business(id: business.id) == business)
        let head = try fixture.head()
        #expect(throws: DogError.unknownRecord(pixel.id)) { try book.remove(id: pixel.id) }
        #expect(try fixture.head() == head)
        _ = try book.remove(id: business.id)
        #expect(throws: DogError.unknownRecord(business.id)) { try book.business(id: business.id) }
    }
}
