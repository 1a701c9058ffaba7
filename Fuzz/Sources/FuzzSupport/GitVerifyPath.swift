/// Which paths git itself refuses to check out: an independent copy of git's `verify_path`
/// (read-cache.c, with `is_hfs_dotgit` from utf8.c and `is_ntfs_dotgit` from path.c), as git runs it
/// on a regular file with `core.protectHFS` and `core.protectNTFS` both on, its strictest setting.
///
/// The tree-path targets hold Trove's own checks to it: whatever git refuses, Trove must refuse too.
/// Written from git's C code, case by case, rather than from Trove's `SafePath`, so that the two
/// can disagree.
public enum GitVerifyPath {
    private static let slash: UInt32 = 0x2F, backslash: UInt32 = 0x5C, dot: UInt32 = 0x2E, colon: UInt32 = 0x3A
    private static let space: UInt32 = 0x20, tilde: UInt32 = 0x7E, one: UInt32 = 0x31

    /// Code points HFS+ ignores in names (utf8.c's next_hfs_char).
    private static let hfsIgnorable: Set<UInt32> = [0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D,
                                                    0x202E, 0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF]

    /// Whether git refuses `path` as a tree entry of a regular file.
    public static func refuses(_ path: String) -> Bool {
        // git reads a C string: a NUL ends it.
        let s = path.unicodeScalars.prefix { $0.value != 0 }.map(\.value)
        func at(_ i: Int) -> UInt32 { i < s.count ? s[i] : 0 }
        var i = 0
        while true {
            // The start of a component ("inside:" in verify_path).
            if isHFSDotGit(s, from: i) || isNTFSDotGit(s, from: i) { return true }
            let first = at(i)
            i += 1
            if first == dot && !verifyDotfile(s, from: i) { return true }
            if first == slash { return true }
            // An empty path or a trailing slash: only a directory entry may have one.
            if first == 0 { return true }
            // The rest of the component.
            while true {
                let c = at(i)
                i += 1
                if c == 0 { return false }
                if c == slash { break }
                if c == backslash && isNTFSDotGit(s, from: i) { return true }
            }
        }
    }

    /// `verify_dotfile`: what may follow a component's leading dot (`s[i...]` is after the dot).
    static func verifyDotfile(_ s: [UInt32], from i: Int) -> Bool {
        func at(_ k: Int) -> UInt32 { k < s.count ? s[k] : 0 }
        let rest = at(i)
        if rest == 0 || rest == slash { return false }  // "."
        switch rest {
        case 0x67, 0x47:  // ".git", any case
            if at(i + 1) == 0x69 || at(i + 1) == 0x49, at(i + 2) == 0x74 || at(i + 2) == 0x54, at(i + 3) == 0 || at(i + 3) == slash {
                return false
            }
        case dot:  // ".."
            if at(i + 1) == 0 || at(i + 1) == slash { return false }
        default: break
        }
        return true
    }

    /// `is_hfs_dotgit`: ".git" with ignorable code points anywhere, ASCII case folded, then the component ends.
    static func isHFSDotGit(_ s: [UInt32], from i: Int) -> Bool {
        var j = i
        func next() -> UInt32 {
            while j < s.count, hfsIgnorable.contains(s[j]) { j += 1 }
            defer { j += 1 }
            return j < s.count ? s[j] : 0
        }
        guard next() == dot else { return false }
        for needle in [UInt32(0x67), 0x69, 0x74] {
            let c = next()
            if c > 127 { return false }
            if c | 0x20 != needle || !(c >= 0x41 && c <= 0x5A || c >= 0x61 && c <= 0x7A) { return false }
        }
        let end = next()
        return end == 0 || end == slash
    }

    /// `is_ntfs_dotgit`: ".git" or "git~1", any case, then only dots and spaces up to the component's
    /// end, a separator of either platform, or a colon (an NTFS stream).
    static func isNTFSDotGit(_ s: [UInt32], from i: Int) -> Bool {
        var j = i
        func next() -> UInt32 {
            defer { j += 1 }
            return j < s.count ? s[j] : 0
        }
        func isLetter(_ c: UInt32, _ lower: UInt32) -> Bool { c == lower || c == lower - 0x20 }
        let c = next()
        if c == dot {
            guard isLetter(next(), 0x67), isLetter(next(), 0x69), isLetter(next(), 0x74) else { return false }
        } else if isLetter(c, 0x67) {
            guard isLetter(next(), 0x69), isLetter(next(), 0x74), next() == tilde, next() == one else { return false }
        } else {
            return false
        }
        while true {
            let c = next()
            if c == 0 || c == slash || c == backslash || c == colon { return true }
            if c != dot && c != space { return false }
        }
    }

    /// Whether a component of `path`, cut at "/" bytes as a file system cuts it, is "..".
    public static func hasParentComponent(_ path: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { $0.elementsEqual("..".utf8) }
    }
}
