import Testing
@testable import TroveInterchange

/// Slugs name exported files and pages, so they must be stable, short and safe.
@Suite("export slugs")
struct ExportSlugTests {
    @Test("lowercase ASCII letters, digits and single dashes, trimmed", arguments: [
        ("Hello, World!", "hello-world"),
        ("  --Many   spaces -- and___dashes--  ", "many-spaces-and-dashes"),
        ("Café crème à Noël", "cafe-creme-a-noel"),
        ("Straße, Æsir, Øresund, Łódź", "strasse-aesir-oresund-lodz"),
        ("2026: a year", "2026-a-year"),
        ("日本語", "entry"),
        ("", "entry"),
        ("---", "entry"),
        ("C'est l'été", "c-est-l-ete"),
    ])
    func slugRules(input: String, expected: String) {
        #expect(ExportSlug.slug(input) == expected)
    }

    @Test("long slugs are cut to 50 characters, at a dash when one is near")
    func longSlugs() {
        let long = ExportSlug.slug("The quick brown fox jumps over the lazy dog and keeps running far away")
        #expect(long.count <= 50)
        #expect(long == "the-quick-brown-fox-jumps-over-the-lazy-dog-and")
        let oneWord = ExportSlug.slug(String(repeating: "x", count: 80))
        #expect(oneWord.count == 50)
        #expect(!long.hasSuffix("-"))
    }

    @Test("untitled entries are named by their first words, without markup")
    func firstWords() {
        #expect(ExportSlug.firstWords(ofMarkdown: "\n\n# Morning *run*, by the river today and then home") == "Morning run by the river today")
        #expect(ExportSlug.firstWords(ofMarkdown: "![photo](trove-media:abc)\nSecond line") == "Second line")
        #expect(ExportSlug.firstWords(ofMarkdown: "   ") == "")
    }

    @Test("media names must be a SHA-256 and a plain extension")
    func mediaNames() {
        let sha = String(repeating: "ab", count: 32)
        #expect(ExportSlug.mediaFileName(ExportedMedia(sha256: sha.uppercased(), fileExtension: "JPG")) == "\(sha).jpg")
        #expect(ExportSlug.mediaFileName(ExportedMedia(sha256: "../../etc/passwd", fileExtension: "jpg")) == nil)
        #expect(ExportSlug.mediaFileName(ExportedMedia(sha256: sha, fileExtension: "jpg/../x")) == nil)
        #expect(ExportSlug.mediaFileName(ExportedMedia(sha256: sha, fileExtension: "")) == nil)
    }

    @Test("ids that are not safe file names are slugged")
    func fileComponents() {
        #expect(ExportSlug.fileComponent("01HZX-abc_9") == "01HZX-abc_9")
        #expect(ExportSlug.fileComponent("../secret") == "secret")
        #expect(ExportSlug.fileComponent("a/b") == "a-b")
    }
}
