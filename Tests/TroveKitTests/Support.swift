import Foundation
import Testing
import TroveStore
import TroveTestSupport

/// A fresh store in a temporary folder.
final class KitFixture: @unchecked Sendable {
    let folder = TemporaryFolder("trove-kit-test")
    let store: Store

    init() throws {
        store = try Store.create(at: folder.child("store"))
    }

    /// HEAD, to show that a refused change wrote nothing.
    func head() throws -> String? { try store.headCommitID()?.hex }

    /// Writes a file into the fixture folder and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String { try folder.write(name, bytes) }

    /// A real JPEG from the Day One fixture.
    static func jpeg(_ name: String = "31c871f18f68d2fde4196ccba1f8ece1") throws -> [UInt8] {
        let path = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/photos/\(name).jpeg"
        return Array(try #require(FileManager.default.contents(atPath: path), "missing fixture \(path)"))
    }
}
