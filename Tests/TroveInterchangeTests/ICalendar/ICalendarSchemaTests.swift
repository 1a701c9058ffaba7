import Foundation
import Testing
import TroveICal
import TroveInterchange
import TroveJSON
import TroveSchema

/// What the reader makes is a valid event or task once the store adds the envelope.
@Suite struct ICalendarSchemaTests {
    static let envelope: [String: JSONValue] = [
        "id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "v": 1, "createdAt": "2026-01-01T00:00:00.000Z",
        "updatedAt": "2026-01-01T00:00:00.000Z", "clock": "2026-01-01T00:00:00.000Z/0000/peer-1",
        "calendarId": "019a4c2e-8f10-7c3a-9b2d-4e5f60718294",
    ]

    @Test(arguments: ICSFixtures.names)
    func fixtureRecordsAreValid(name: String) throws {
        for record in try ICSReader.read(contentsOf: ICSFixtures.path(name)).records {
            var fields = record.fields.merging(Self.envelope) { ours, _ in ours }
            fields["type"] = .string(record.kind.rawValue)
            let violations = FormatCatalog.bundled.validate(record: .object(fields))
            #expect(violations.isEmpty, "\(record.uid ?? ""): \(violations)")
        }
    }
}
