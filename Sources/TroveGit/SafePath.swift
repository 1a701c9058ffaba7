/// Which repository paths may ever be written into a work tree.
///
/// The last line of defence under every check above it: a path that could leave
/// the work tree (`..`, an absolute path) or reach the git directory (`.git` in any
/// spelling that some file system or git itself treats as `.git`) is refused before
/// anything is opened. The spellings are the ones git's own `verify_path` refuses:
/// any case, trailing dots and spaces (Windows drops them), the short name `git~1`,
/// and code points HFS+ ignores (`.g\u{200C}it`).
public enum SafePath {
    /// Why `path` must not be written into a work tree, or `nil` when it may be.
    public static func problem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.first == UInt8(ascii: "/") { return "is an absolute path" }
        if path.utf8.contains(0) { return "holds a NUL byte" }
        if path.utf8.contains(UInt8(ascii: "\\")) { return "holds a backslash, a folder separator on Windows" }
        // Cut at "/" bytes, as file systems and git do: cut by Characters, "/" and a combining mark
        // after it are one Character, so ".git/\u{301}x" would pass as a single harmless name.
        for bytes in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            let component = Substring(bytes)
            if component.isEmpty { return "has an empty folder name" }
            if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) {
                return "names the folder '\(component)', which leads out of its place"
            }
            if isGitFolderSpelling(component) { return "names git's own folder ('\(component)')" }
        }
        return nil
    }

    /// Whether `name` is `.git` as some file system would read it.
    static func isGitFolderSpelling(_ name: Substring) -> Bool {
        // Most names are plain ASCII with nothing for a file system to drop at their end: such a name is `.git`
        // only when it is, in any case. This runs for every path of every commit a sync or clone checks (100,000
        // on a first push), where the general path below cost 10 % of the push's time.
        let bytes = name.utf8
        if let last = bytes.last, last != UInt8(ascii: "."), last != UInt8(ascii: " "),
           !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: ":") }) {
            guard bytes.count == 4 || bytes.count == 5 else { return false }
            let lower = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
            return lower.elementsEqual(".git".utf8) || lower.elementsEqual("git~1".utf8)
        }
        // Code points HFS+ ignores in names, so that ".g\u{200C}it" opens ".git" there.
        let ignorable: Set<UInt32> = [0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                      0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F, 0xFEFF]
        var scalars = name.unicodeScalars.filter { !ignorable.contains($0.value) }
        // NTFS drops trailing dots and spaces, and reads "name::$INDEX_ALLOCATION" as the folder itself.
        // By code points, not Characters: a combining mark after ":" or "." would hide it in one Character.
        if let stream = scalars.firstIndex(of: ":") { scalars.removeSubrange(stream...) }
        while let last = scalars.last, last == "." || last == " " { scalars.removeLast() }
        let folded = String(String.UnicodeScalarView(scalars)).lowercased()
        return folded.utf8.elementsEqual(".git".utf8) || folded.utf8.elementsEqual("git~1".utf8)
    }
}
