import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// Warnings the store gives from below the commands reach the standard error of the command that
/// caused them, even with other commands running at once in the same process.
@Suite("store warnings, in process")
struct InProcessWarningTests {
    @Test("a clock file set to year 9999 is reset with one warning, on that command's standard error only")
    func futureClockFile() async throws {
        let fixture = try InProcessFixture(), bystander = try InProcessFixture()
        let peer = try String(contentsOfFile: fixture.store + "/.git/trove/peer", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try "9999-12-31T23:59:59.999Z/0000/\(peer)\n".write(toFile: fixture.store + "/.git/trove/clock", atomically: true, encoding: .utf8)

        async let others = Task.detached {
            (0..<10).map { bystander.run(["record", "put", "dog", "--json", #"{"name": "Bystander \#($0)"}"#]) }
        }.value
        let put = fixture.run(["record", "put", "dog", "--json", #"{"name": "Rex"}"#])
        #expect(put.status == 0, "\(put.stderr)")
        let warnings = put.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("trove: warning: ") == true && warnings.first?.contains("9999") == true,
                "\(put.stderr)")
        #expect(put.stdout.trimmingCharacters(in: .newlines) == put.trimmed && isUUIDv7(put.trimmed))
        #expect(await others.allSatisfy { $0.status == 0 && $0.stderr.isEmpty })

        let record = try #require(parseJSON(fixture.trove("record", "get", put.trimmed).stdout) as? [String: Any])
        #expect((record["clock"] as? String)?.hasPrefix("9999") == false, "\(record)")
        #expect(fixture.trove("record", "put", "dog", "--json", #"{"name": "Fido"}"#).stderr.isEmpty)
    }
}
