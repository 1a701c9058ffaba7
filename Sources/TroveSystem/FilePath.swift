/// The folder part of a path, worked out here rather than by `NSString.deletingLastPathComponent`, which crashes
/// (an illegal instruction in `String._startOfLastPathComponent`, swift-corelibs-foundation of Swift 6.3.1) on a path
/// of one character such as `a` or `-`, and on `a/`: a one-letter file given to `trove import`, or a hub's tree
/// with a one-letter folder, stopped the process.
///
/// ```swift
/// FilePath.folder(of: "photos/bag.jpg")   // "photos"
/// FilePath.folder(of: "bag.jpg")          // ""
/// FilePath.folder(of: "/bag.jpg")         // "/"
/// ```
public enum FilePath {
    /// `path` without its last component, as `deletingLastPathComponent` means it: "" for a name alone, "/" for a
    /// name at the root; slashes at the end are not a component.
    public static func folder(of path: String) -> String {
        var units = Substring(path)
        while units.count > 1, units.last == "/" { units.removeLast() }
        if units == "/" { return "/" }
        guard let slash = units.lastIndex(of: "/") else { return "" }
        var folder = units[..<slash]
        while folder.last == "/" { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
