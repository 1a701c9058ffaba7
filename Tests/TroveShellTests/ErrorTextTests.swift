import Foundation
import Testing
import TroveKit
import TroveStore
@testable import TroveShell

/// Errors are worded below the shell without naming commands; the shell's `ErrorText` adds the command that helps.
@Suite("error text at the edge")
struct ErrorTextTests {
    /// The folder of the package's sources, from this file's place in it.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("no message below the shell names a trove command: the floors are used without the command line too")
    func floorsNameNoCommands() throws {
        var found: [String] = []
        for module in ["TroveGit", "TroveICal", "TroveJSON", "TroveMerge", "TroveSchema", "TroveStore", "TroveIndex", "TroveKit", "TroveInterchange"] {
            let folder = Self.sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(module)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    if code.contains("'trove ") || code.contains("`trove ") { found.append("\(module)/\(file):\(number + 1): \(code)") }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the shell's text adds the command to the error's own words")
    func commandsAdded() throws {
        let cases: [(Error, own: String, shown: String)] = [
            (StoreError.notAStore(path: "/tmp/x"), "/tmp/x is not a Trove store", "/tmp/x is not a Trove store (run 'trove init /tmp/x' to create one)"),
            (JournalError.noJournal, "there is no journal yet", "there is no journal yet: make one with 'trove journal new NAME'"),
            (DogError.unknownDog("Rex", known: []), "no dog called 'Rex': there is none yet", "no dog called 'Rex': add one with 'trove dog add NAME'"),
            (KeyError.noKey(path: "/k"), "there is no signing key at /k", "there is no signing key at /k: make one with 'trove key init'"),
            (AccountError.notSignedIn, "this store has an account: sign in first", "this store has an account: sign in first with 'trove login'"),
            (CalendarError.unknownEvent("ab"), "no event with id 'ab'", "no event with id 'ab': 'trove agenda' lists events with their ids"),
        ]
        for (error, own, shown) in cases {
            #expect(String(describing: error) == own)
            #expect(ErrorText.text(for: error) == shown)
        }
        // Where no command helps (the names are listed already), the error's own words are the text.
        let listed = DogError.unknownDog("Rex", known: ["Pixel"])
        #expect(ErrorText.text(for: listed) == listed.description)
        #expect(!listed.description.contains("trove"))
    }
}
