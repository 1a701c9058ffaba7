import Foundation
import Testing

/// The README's table of environment variables names every `TROVE_*` variable the sources read, and no other.
@Suite("environment variables")
struct EnvironmentVariablesTests {
    /// The package's folder, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every TROVE_ variable in the sources has a row in the README's table, and every row is read somewhere")
    func documented() throws {
        var read = Set<String>()
        let sources = try #require(FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources").path))
        for case let path as String in sources where path.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/" + path), encoding: .utf8)
            for match in text.matches(of: #/"(TROVE_[A-Z_]+)"/#) { read.insert(String(match.output.1)) }
        }
        #expect(read.count >= 10)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Environment variables").dropFirst().first?.components(separatedBy: "\n## ").first)
        var documented = Set<String>()
        for line in section.split(separator: "\n") where line.hasPrefix("| `TROVE_") {
            let names = line.split(separator: "|").first ?? ""
            for match in names.matches(of: #/`(TROVE_[A-Z_]+)`/#) { documented.insert(String(match.output.1)) }
        }
        #expect(read.subtracting(documented).isEmpty, "not in the README's table: \(read.subtracting(documented).sorted())")
        #expect(documented.subtracting(read).isEmpty, "in the table but read nowhere: \(documented.subtracting(read).sorted())")
    }
}
