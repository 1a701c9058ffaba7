import Foundation
import Testing
import TroveKit
import TroveTestSupport

@Suite("words printed for pasting")
struct PastableWordTests {
    static let words = ["Rex", "Blue backpack", "CS 101", "Bob's bag", "Price $5", "back\\slash", "a\"quote", "tab\there", "", "Noël", "x;rm -rf"]

    @Test("plain words stay plain; others are quoted so that sh reads each back as one word, unchanged")
    func quoted() throws {
        #expect(PastableWord.quoted("Rex") == "Rex")
        #expect(PastableWord.quoted("Blue backpack") == "\"Blue backpack\"")
        for word in Self.words {
            let line = "printf '%s|' " + PastableWord.quoted(word)
            let output = try ProcessRunner.run("/bin/sh", ["-c", line], environment: [:])
            #expect(output.stdout == word + "|", "\(PastableWord.quoted(word)) read back by sh as \(output.stdout)")
        }
    }
}
