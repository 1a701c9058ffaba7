import Foundation
import Testing
import TroveInterchange
import TroveJSON

/// Records that exercise the writers: a name and none, a note needing escapes, negative
/// coordinates, more than 7 decimals, milliseconds.
private let records = [
    ExportedBusiness(
        id: "0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10", kind: "pee",
        time: Date(timeIntervalSince1970: 1_795_334_112.345), latitude: 45.757933259, longitude: 14.294899916,
        dogID: "5b0c8c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d", dogName: "Rex", note: "by the <gate> & \"bench\"\nsecond line"),
    ExportedBusiness(
        id: "9f8e7d6c-5b4a-4321-8fed-cba987654321", kind: "poo",
        time: Date(timeIntervalSince1970: 1_795_334_100), latitude: -33.8688, longitude: -151.2093,
        dogID: "5b0c8c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d"),
    ExportedBusiness(
        id: "00000000-0000-4000-8000-000000000003", kind: "pee",
        time: Date(timeIntervalSince1970: 0.001), latitude: 0.00001, longitude: 180,
        dogID: "1a2b3c4d-0000-4000-8000-000000000000", dogName: "Ünal & Bea"),
]

/// The values a reader must give back for `records`: coordinates to 7 decimals, kinds,
/// times, record ids and dogs (the name when there is one, else the dog id).
private func expectRoundTrip(_ file: PointFile, position: String) {
    #expect(file.problems.isEmpty)
    #expect(file.notes.isEmpty)
    #expect(file.points.count == records.count)
    for (point, record) in zip(file.points, records) {
        #expect((point.latitude * 1e7).rounded() == (record.latitude * 1e7).rounded())
        #expect((point.longitude * 1e7).rounded() == (record.longitude * 1e7).rounded())
        #expect(point.kind == record.kind)
        #expect(point.time.map { ($0.timeIntervalSince1970 * 1000).rounded() } == (record.time.timeIntervalSince1970 * 1000).rounded())
        #expect(point.recordID == record.id)
        #expect(point.dog == record.dogName ?? record.dogID)
    }
    #expect(file.points.map(\.position) == (1...records.count).map { "\(position) \($0)" })
}

/// GeoJSON writing.
struct GeoJSONWriterTests {
    @Test func writesFeatureCollectionOfPoints() throws {
        let document = try JSONValue(parsing: GeoJSONWriter.write(records))
        #expect(document["type"]?.stringValue == "FeatureCollection")
        let features = try #require(document["features"]?.arrayValue)
        #expect(features.count == 3)
        let first = features[0]
        #expect(first["type"]?.stringValue == "Feature")
        #expect(first["geometry"] == ["type": "Point", "coordinates": [.double(14.294899916), .double(45.757933259)]])
        #expect(first["properties"] == [
            "id": "0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10", "kind": "pee", "time": "2026-11-22T07:55:12.345Z",
            "dogId": "5b0c8c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d", "dog": "Rex",
            "note": "by the <gate> & \"bench\"\nsecond line",
        ])
        // No name and no note: the members are left out rather than null.
        #expect(features[1]["properties"] == [
            "id": "9f8e7d6c-5b4a-4321-8fed-cba987654321", "kind": "poo", "time": "2026-11-22T07:55:00.000Z",
            "dogId": "5b0c8c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d",
        ])
        #expect(features[2]["properties"]?["time"]?.stringValue == "1970-01-01T00:00:00.001Z")
    }

    @Test func outputIsCanonicalAndStable() {
        let bytes = GeoJSONWriter.write(records)
        #expect(bytes == GeoJSONWriter.write(records))
        #expect(bytes.last == 0x0A)
        #expect(String(decoding: GeoJSONWriter.write([]), as: UTF8.self) == "{\n  \"features\": [],\n  \"type\": \"FeatureCollection\"\n}\n")
    }

    @Test func roundTripsThroughTheReader() throws {
        expectRoundTrip(try GeoJSONReader.read(GeoJSONWriter.write(records)), position: "feature")
        let notes = try GeoJSONReader.read(GeoJSONWriter.write(records)).points.map(\.note)
        #expect(notes == [records[0].note, nil, nil])
        #expect(try GeoJSONReader.read(GeoJSONWriter.write([])) == PointFile())
    }
}

/// GPX writing.
struct GPXWriterTests {
    @Test func writesGPX11WaypointsWithTroveExtensions() {
        let text = String(decoding: GPXWriter.write(Array(records.prefix(2)), creator: "Trove 1.0 <test>"), as: UTF8.self)
        #expect(text.hasPrefix("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Trove 1.0 &lt;test&gt;" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:trove="https://trove.invalid/gpx/1">
            """))
        #expect(text.contains("""
              <wpt lat="45.757933259" lon="14.294899916">
                <time>2026-11-22T07:55:12.345Z</time>
                <name>pee</name>
                <desc>by the &lt;gate&gt; &amp; &quot;bench&quot;
            second line</desc>
                <type>pee</type>
                <extensions>
                  <trove:id>0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10</trove:id>
                  <trove:dog>Rex</trove:dog>
                </extensions>
              </wpt>
            """))
        // No name: the dog id stands in; no note: no <desc>.
        #expect(text.contains("""
              <wpt lat="-33.8688" lon="-151.2093">
                <time>2026-11-22T07:55:00.000Z</time>
                <name>poo</name>
                <type>poo</type>
                <extensions>
                  <trove:id>9f8e7d6c-5b4a-4321-8fed-cba987654321</trove:id>
                  <trove:dog>5b0c8c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d</trove:dog>
            """))
        #expect(text.hasSuffix("</gpx>\n"))
    }

    @Test func coordinatesNeverUseExponents() {
        let text = String(decoding: GPXWriter.write([records[2]]), as: UTF8.self)
        #expect(text.contains(#"<wpt lat="0.00001" lon="180">"#))
        #expect(text.contains("<trove:dog>Ünal &amp; Bea</trove:dog>"))
    }

    @Test func roundTripsThroughTheReader() throws {
        let file = try GPXReader.read(GPXWriter.write(records))
        expectRoundTrip(file, position: "waypoint")
        #expect(file.points.map(\.note) == [records[0].note, nil, nil])
        #expect(try GPXReader.read(GPXWriter.write([])) == PointFile())
    }

    @Test func controlCharactersDoNotBreakTheFile() throws {
        var record = records[1]
        record.note = "tab\there\u{1}bell\rreturn"
        let file = try GPXReader.read(GPXWriter.write([record]))
        #expect(file.points.first?.note == "tab\therebell\rreturn")
    }
}
