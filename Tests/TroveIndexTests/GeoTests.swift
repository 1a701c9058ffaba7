import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("places: radius and box queries")
struct GeoTests {
    /// Query centres: an ordinary city, both sides of the antimeridian, and near both poles.
    static let centres = [
        GeoPoint(latitude: 48.8722, longitude: 2.3659), GeoPoint(latitude: 0, longitude: 0),
        GeoPoint(latitude: 0, longitude: 179.9), GeoPoint(latitude: 10, longitude: -179.9),
        GeoPoint(latitude: -16.5, longitude: 179.95), GeoPoint(latitude: 65, longitude: 179.99),
        GeoPoint(latitude: 89.5, longitude: 0), GeoPoint(latitude: 89.5, longitude: 150), GeoPoint(latitude: -89.5, longitude: -60),
    ]
    static let radii: [Double] = [100, 1_000, 10_000, 100_000, 500_000, 2_000_000]

    /// A store holding a few hundred located records (businesses and entries) scattered around the centres
    /// and over the globe, plus records without a location; returns it with its located records as stored.
    static func scatteredStore(seed: UInt64) throws -> (IndexFixture, [IndexedPoint]) {
        let fixture = try IndexFixture()
        let dog = try fixture.dog(), journal = try fixture.journal()
        var random = SeededGenerator(seed: seed)
        var points: [GeoPoint] = []
        for centre in centres {
            for _ in 0..<40 {
                let distance = exp(Double.random(in: log(10.0)...log(3_000_000.0), using: &random))
                points.append(destination(from: centre, distance: distance, bearing: Double.random(in: 0..<360, using: &random)))
            }
        }
        for _ in 0..<60 {
            points.append(GeoPoint(latitude: asin(Double.random(in: -1...1, using: &random)) * 180 / .pi,
                                   longitude: Double.random(in: -180...180, using: &random)))
        }
        // Sure crossings: a few kilometres from the centres, on the other side of the antimeridian.
        points += [GeoPoint(latitude: 0.01, longitude: -179.98), GeoPoint(latitude: 65.01, longitude: -179.95),
                   GeoPoint(latitude: 89.6, longitude: -170), GeoPoint(latitude: -89.55, longitude: 120)]
        try fixture.store.transaction { transaction in
            for (number, point) in points.enumerated() {
                if number % 3 == 0 {
                    try transaction.put(["journalId": .string(journal), "text": "somewhere", "date": "2026-11-22T07:30:00.000Z",
                                         "location": IndexFixture.location(point, place: nil)], type: "entry")
                } else {
                    try transaction.put(["dogId": .string(dog), "kind": "pee", "at": "2026-11-22T07:55:12.345Z",
                                         "location": IndexFixture.location(point, place: nil)], type: "business")
                }
            }
            // Records without a location must never turn up.
            try transaction.put(["journalId": .string(journal), "text": "nowhere", "date": "2026-11-22T07:30:00.000Z"], type: "entry")
        }
        let located = try ["entry", "business"].flatMap { try fixture.store.records(ofType: $0) }.compactMap(IndexedPoint.init)
        return (fixture, located)
    }

    @Test("radius queries agree with a brute-force haversine scan", arguments: [3, 2_026] as [UInt64])
    func radiusAgreesWithBruteForce(seed: UInt64) throws {
        let (fixture, located) = try Self.scatteredStore(seed: seed)
        let index = try fixture.index()
        var random = SeededGenerator(seed: seed &+ 1)
        let extraCentres = (0..<10).map { _ in
            GeoPoint(latitude: Double.random(in: -90...90, using: &random), longitude: Double.random(in: -180...180, using: &random))
        }
        var crossings = 0, found = 0
        for centre in Self.centres + extraCentres {
            for radius in Self.radii {
                let expected = located.map { ($0, GeoMath.distance(centre, $0.point)) }.filter { $0.1 <= radius }
                    .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
                let answer = try index.records(near: centre, radius: radius)
                #expect(answer.map(\.record.id) == expected.map(\.0.id), "centre \(centre), radius \(radius) m")
                #expect(answer.map(\.distance) == expected.map(\.1))
                found += answer.count
                crossings += expected.filter { ($0.0.point.longitude < 0) != (centre.longitude < 0) && abs(centre.longitude) > 179 }.count
                let businesses = try index.records(near: centre, radius: radius, type: "business")
                #expect(businesses.map(\.record.id) == expected.filter { $0.0.type == "business" }.map(\.0.id))
                #expect(try index.records(near: centre, radius: radius, limit: 3).map(\.record.id) == Array(expected.prefix(3).map(\.0.id)))
            }
        }
        #expect(found > 500, "the queries must find records for the comparison to mean something")
        #expect(crossings > 10, "some answers must come from across the antimeridian")
    }

    @Test("a circle around a pole covers every longitude")
    func aroundThePole() throws {
        let (fixture, located) = try Self.scatteredStore(seed: 5)
        let index = try fixture.index()
        let pole = GeoPoint(latitude: 89.5, longitude: 0)
        let answer = try index.records(near: pole, radius: 200_000)
        let longitudes = answer.compactMap(\.record.longitude)
        #expect(longitudes.contains { $0 < -90 } && longitudes.contains { $0 > 90 }, "points on the far side of the pole")
        #expect(answer.count == located.filter { GeoMath.distance(pole, $0.point) <= 200_000 }.count)
    }

    @Test("a box crossing the antimeridian holds the points on both sides")
    func boxAcrossTheAntimeridian() throws {
        let (fixture, located) = try Self.scatteredStore(seed: 11)
        let index = try fixture.index()
        let box = GeoBox(south: -20, north: 70, west: 170, east: -170)
        let expected = located.filter { point in
            point.point.latitude >= -20 && point.point.latitude <= 70 && (point.point.longitude >= 170 || point.point.longitude <= -170)
        }.map(\.id).sorted()
        let answer = try index.records(in: box)
        #expect(answer.ids == expected)
        #expect(answer.contains { ($0.longitude ?? 0) > 0 } && answer.contains { ($0.longitude ?? 0) < 0 })
        #expect(try index.records(in: box, limit: 4).ids == Array(expected.prefix(4)))
        let entries = located.filter { $0.type == "entry" }.map(\.id)
        #expect(try index.records(in: box, type: "entry").ids == expected.filter(entries.contains))
        // The same edges with west < east mean the band between them instead.
        let band = located.filter { point in
            point.point.latitude >= -20 && point.point.latitude <= 70 && abs(point.point.longitude) <= 170
        }.map(\.id).sorted()
        #expect(try index.records(in: GeoBox(south: -20, north: 70, west: -170, east: 170)).ids == band)
    }

    @Test("moving, removing and adding a location updates the places")
    func locationChanges() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522), tokyo = GeoPoint(latitude: 35.6762, longitude: 139.6503)
        let entry = try fixture.entry(journal: journal, text: "travelling", location: paris)
        let index = try fixture.index()
        #expect(try index.records(near: paris, radius: 1_000).map(\.record.id) == [entry.id])
        try fixture.edit(entry.id, ["location": IndexFixture.location(tokyo, place: nil)])
        try index.catchUp()
        #expect(try index.records(near: paris, radius: 1_000).isEmpty)
        #expect(try index.records(near: tokyo, radius: 1_000).map(\.record.id) == [entry.id])
        try fixture.edit(entry.id, ["location": nil])
        try index.catchUp()
        #expect(try index.records(near: tokyo, radius: 20_000_000).isEmpty)
        #expect(try index.record(id: entry.id)?.latitude == nil)
    }
}

/// A located record as stored: its id, type and rounded coordinates.
struct IndexedPoint {
    var id: String
    var type: String
    var point: GeoPoint

    /// The record's location, or `nil` when it has none.
    init?(_ record: Record) {
        guard let lat = record.value["location"]?["lat"]?.doubleValue, let lon = record.value["location"]?["lon"]?.doubleValue
        else { return nil }
        id = record.id
        type = record.type
        point = GeoPoint(latitude: lat, longitude: lon)
    }
}

/// The point `distance` metres from `origin` along the great circle leaving it at `bearing` degrees.
func destination(from origin: GeoPoint, distance: Double, bearing: Double) -> GeoPoint {
    let delta = distance / GeoMath.earthRadius, theta = bearing * .pi / 180
    let phi1 = origin.latitude * .pi / 180, lambda1 = origin.longitude * .pi / 180
    let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
    let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
    var longitude = lambda2 * 180 / .pi
    while longitude > 180 { longitude -= 360 }
    while longitude < -180 { longitude += 360 }
    return GeoPoint(latitude: min(90, max(-90, phi2 * 180 / .pi)), longitude: longitude)
}
