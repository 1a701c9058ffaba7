import Testing
@testable import TroveInterchange

/// Front matter must read back as the same strings in any YAML reader.
@Suite("export YAML")
struct ExportYAMLTests {
    @Test("plain words stay plain")
    func plain() {
        #expect(ExportYAML.scalar("Europe/Paris") == "\"Europe/Paris\"")
        #expect(ExportYAML.scalar("Morning run") == "Morning run")
        #expect(ExportYAML.scalar("dev-journal_2.md") == "dev-journal_2.md")
    }

    @Test("awkward strings are double-quoted with JSON escapes", arguments: [
        ("Re: lunch", "\"Re: lunch\""),
        ("She said \"hi\"", "\"She said \\\"hi\\\"\""),
        ("- not a list", "\"- not a list\""),
        ("#hashtag", "\"#hashtag\""),
        ("yes", "\"yes\""),
        ("No", "\"No\""),
        ("null", "\"null\""),
        ("123", "\"123\""),
        ("2026-11-22", "\"2026-11-22\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("two\nlines\ttab", "\"two\\nlines\\ttab\""),
        ("bell\u{07}", "\"bell\\u0007\""),
        ("sep\u{2028}", "\"sep\\u2028\""),
        ("trailing ", "\"trailing \""),
        ("", "\"\""),
        ("Été à Paris", "\"Été à Paris\""),
        ("[brackets] {braces}", "\"[brackets] {braces}\""),
        ("'single'", "\"'single'\""),
    ])
    func quoted(input: String, expected: String) {
        #expect(ExportYAML.scalar(input) == expected)
    }

    @Test("numbers never use an exponent")
    func numbers() {
        #expect(ExportYAML.number(48.8566) == "48.8566")
        #expect(ExportYAML.number(-0.00001) == "-0.00001")
        #expect(ExportYAML.number(2) == "2.0")
    }

    @Test("lists are block lists; empty lists are []")
    func lists() {
        let yaml = ExportYAML.frontMatter([("tags", .list(["a", "b: c"])), ("photos", .list([])), ("starred", .bool(true))])
        #expect(yaml == "---\ntags:\n  - a\n  - \"b: c\"\nphotos: []\nstarred: true\n---\n")
    }
}
