import Testing
import TroveGit

/// SafePath: no path git's verify_path refuses may pass, however it is spelled in Unicode.
@Suite struct SafePathTests {
    @Test("plain store paths pass", arguments: [
        "trove.json", ".gitattributes", "entries/ab/0b8d1e4c-5f7a-7c3e-9a1b-2c3d4e5f6a7b.json", ".github/x", "a/.gitx", "café/é",
    ])
    func plainPaths(path: String) {
        #expect(SafePath.problem(path) == nil)
    }

    @Test("leaving the tree and .git spellings are refused", arguments: [
        "", "/etc/passwd", "a//b", "a/", ".", "a/../b", "..", ".git", "a/.GIT/config", ".git./x", ".git ", "git~1/x",
        ".g\u{200C}it/hooks", ".git::$INDEX_ALLOCATION/hooks", "a\\b", "a\u{0}b",
    ])
    func refused(path: String) {
        #expect(SafePath.problem(path) != nil)
    }

    /// Found by the fuzz-safepath target (Fuzz/): a combining mark after "/", ":" or "." joins it into
    /// one Character, and the checks cut and compared Characters, so these passed. git cuts bytes.
    @Test("a combining mark does not hide a separator, a stream colon or '..'", arguments: [
        "git~1:\u{64C}.w",  // the fuzzer's input: NTFS reads it as the stream ".w" of git~1, the .git folder
        ".git:\u{301}x",
        ".git/\u{301}x",  // was one component ".git/́x": a file inside .git
        "../\u{301}",  // was one component "../́": a file above the tree
        "a/../\u{301}b",
        "./\u{301}",
    ])
    func combiningMarks(path: String) {
        #expect(SafePath.problem(path) != nil)
    }
}
