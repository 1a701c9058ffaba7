import Foundation
import Testing
import TroveInterchange
import TroveKit
import TroveStore
import TroveTestSupport

/// Issue 25: a GeoJSON file on disk is read a feature at a time, twice (checked, then written), and gives what the
/// reader of a file held in memory gives.
@Suite("GeoJSON read from disk a feature at a time")
struct GeoJSONFileTests {
    static func feature(_ number: Int, kind: String = "pee") -> String {
        #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [-0.1\#(number % 10), 51.5]}, "properties": {"kind": "\#(kind)", "time": "2026-11-22T07:\#(10 + number % 50):00Z"}}"#
    }

    static func collection(_ features: [String], typeLast: Bool = false, type: String = "FeatureCollection") -> String {
        let list = "\"features\": [\n" + features.joined(separator: ",\n") + "\n]"
        return typeLast ? "{\(list), \"type\": \"\(type)\"}" : "{\"type\": \"\(type)\", \(list)}"
    }

    private func write(_ text: String, in folder: TemporaryFolder, name: String = "walk.geojson") throws -> String {
        let path = folder.child(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the points, problems and notes of a file on disk are those of the same bytes read whole, the type first or last")
    func sameAsInMemory() throws {
        let folder = TemporaryFolder("trove-geojson-file")
        var features = (0..<300).map { Self.feature($0, kind: $0 % 3 == 0 ? "poo" : "pee") }
        features[7] = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [500, 51.5]}, "properties": {"kind": "pee"}}"#
        features[9] = #"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}, "properties": {}}"#
        features[11] = #"{"type": "Feature", "properties": {"kind": "pee"}}"#
        for typeLast in [false, true] {
            let text = Self.collection(features, typeLast: typeLast)
            let whole = try GeoJSONReader.read(Array(text.utf8))
            let file = try GeoJSONFile(path: write(text, in: folder))
            var streamed: [BusinessPoint] = []
            try file.forEachPoint { streamed.append($0) }
            #expect(streamed == whole.points && streamed.count == 297)
            #expect(file.pointCount == 297)
            #expect(file.problems == whole.problems && file.problems.count == 2)
            #expect(file.notes == whole.notes && file.notes == ["1 LineString feature is not a point; only Point features are"])
        }
    }

    @Test("features read before a type that is not FeatureCollection make the file not GeoJSON; after it, they are a foreign member")
    func typeAfterFeatures() throws {
        let features = [Self.feature(1)]
        let late = Self.collection(features, typeLast: true, type: "Feature")
        #expect(throws: PointFileError.notGeoJSON(found: #"an object with "type": "Feature" and a "features" array"#)) {
            try GeoJSONReader.read(Array(late.utf8))
        }
        // A Feature that carries a "features" member after its type is read as the Feature it says it is.
        let feature = #"{"type": "Feature", "features": [1, 2], "geometry": {"type": "Point", "coordinates": [2, 3]}, "properties": {"kind": "poo"}}"#
        let read = try GeoJSONReader.read(Array(feature.utf8))
        #expect(read.points.count == 1 && read.points[0].kind == "poo" && read.problems.isEmpty)
    }

    @Test("a file that is missing, not JSON or not GeoJSON is refused before anything is read into the store")
    func refusals() throws {
        let folder = TemporaryFolder("trove-geojson-refused")
        #expect(throws: PointFileError.self) { try GeoJSONFile(path: folder.child("missing.geojson")) }
        #expect(throws: PointFileError.notJSON("line 1, column 2: expected a member name in quotes")) {
            try GeoJSONFile(path: write("{,", in: folder))
        }
        #expect(throws: PointFileError.notGeoJSON(found: "a JSON array")) { try GeoJSONFile(path: write("[1, 2]", in: folder)) }
        #expect(throws: PointFileError.notGeoJSON(found: #"a FeatureCollection without a "features" array"#)) {
            try GeoJSONFile(path: write(#"{"type": "FeatureCollection"}"#, in: folder))
        }
    }

    @Test("what the import throws while points are handed over comes out as it is, not as a changed file")
    func bodyErrorsPassThrough() throws {
        let folder = TemporaryFolder("trove-geojson-body")
        let file = try GeoJSONFile(path: write(Self.collection((0..<5).map { Self.feature($0) }), in: folder))
        for thrown in [PointFileError.invalidKind("x"), .notGeoJSON(found: "y")] {
            #expect(throws: thrown) { try file.forEachPoint { _ in throw thrown } }
        }
    }

    @Test("a file that changes between the check and the writing imports nothing, and says so")
    func changedBetweenReadings() throws {
        let folder = TemporaryFolder("trove-geojson-changed")
        let store = try Store.create(at: folder.child("store"))
        let dog = try DogBook(store: store).add(DogProfile(name: "Pixel")).dog
        let path = try write(Self.collection((0..<50).map { Self.feature($0) }), in: folder)
        let file = try GeoJSONFile(path: path)
        let head = try store.headHex()
        for changed in [Self.collection((0..<51).map { Self.feature($0) }), Self.collection((0..<49).map { Self.feature($0) }),
                        Self.collection((0..<50).map { Self.feature($0) }).replacingOccurrences(of: "\"pee\"", with: "\"wee\"")] {
            _ = try write(changed, in: folder)
            #expect(throws: PointFileError.changedWhileReading) {
                try BusinessImport(store: store).run(file, system: "geojson", path: path, defaultDog: dog)
            }
            #expect(try store.headHex() == head)
        }
        _ = try write(Self.collection((0..<50).map { Self.feature($0) }), in: folder)
        let report = try BusinessImport(store: store).run(file, system: "geojson", path: path, defaultDog: dog)
        #expect(report.added == 50 && report.commit != nil)
        let again = try BusinessImport(store: store).run(try GeoJSONFile(path: path), system: "geojson", path: path, defaultDog: dog)
        #expect(again.added == 0 && again.unchanged == 50)
    }
}
