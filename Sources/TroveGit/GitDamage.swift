import Foundation

/// Damage to a git folder that makes libgit2 say only "not found" or "not a repository": what a
/// person should be told instead, found by looking at the files themselves.
public enum GitDamage {
    /// The first problem found in `gitDirectory` (with its trailing slash): its HEAD file, or a
    /// pack that lost its index. `nil` when neither is wrong.
    public static func diagnose(gitDirectory: String) -> String? {
        let head = gitDirectory + "HEAD"
        guard let bytes = FileManager.default.contents(atPath: head) else {
            return FileManager.default.fileExists(atPath: head) ? ".git/HEAD cannot be read" : ".git/HEAD is missing"
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let namesBranch = text.hasPrefix("ref: refs/") && !text.contains(" ", after: 5)
        let namesCommit = text.count == 40 && text.allSatisfy(\.isHexDigit)
        if !namesBranch && !namesCommit {
            return ".git/HEAD is damaged (it should hold 'ref: refs/heads/main')"
        }
        let packs = gitDirectory + "objects/pack/"
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? [])
        for name in names.sorted() where name.hasSuffix(".pack") {
            let index = String(name.dropLast(5)) + ".idx"
            if !names.contains(index) { return "the index of .git/objects/pack/\(name) (\(index)) is missing" }
        }
        return nil
    }
}

private extension String {
    /// Whether `character` occurs past the first `offset` characters.
    func contains(_ character: Character, after offset: Int) -> Bool { dropFirst(offset).contains(character) }
}
