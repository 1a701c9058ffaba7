import Foundation
import Testing
import TroveJSON
import TroveSchema

/// The examples under `Formats/examples/` are valid and canonical, one per record type.
@Suite struct ExampleTests {
    @Test func everyExampleValidates() throws {
        let names = try Fixtures.jsonFiles(in: Fixtures.examplesDirectory)
        #expect(!names.isEmpty)
        for name in names {
            let type = String(name.dropLast(".json".count))
            let format = try #require(FormatCatalog.bundled.format(for: type), "no format for example \(name)")
            let value = try Fixtures.example(type)
            #expect(format.validate(value) == [], "\(name)")
            if !format.isLog {
                #expect(value["type"] == .string(type), "\(name) has the wrong type")
                #expect(FormatCatalog.bundled.validate(record: value) == [], "\(name)")
            }
        }
    }

    @Test func everyExampleIsCanonical() throws {
        for name in try Fixtures.jsonFiles(in: Fixtures.examplesDirectory) {
            let bytes = try Fixtures.bytes(Fixtures.examplesDirectory.appendingPathComponent(name))
            let value = try JSONValue(parsing: bytes)
            #expect(CanonicalJSON.encode(value) == bytes, "\(name) is not written canonically")
        }
    }

    @Test func everyTypeHasAnExample() throws {
        let examples = Set(try Fixtures.jsonFiles(in: Fixtures.examplesDirectory))
        for type in FormatCatalog.bundled.types {
            #expect(examples.contains("\(type).json"), "no example for \(type)")
        }
    }
}
