import FuzzSupport
import TroveGit

/// `SafePath.problem`, the last check before a tree path is written into a work tree.
///
/// Property: a path it accepts has no ".." component, no NUL, and is not refused by git's own
/// `verify_path` (every `.git` spelling of HFS+ and NTFS included; see GitVerifyPath).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSafePath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = text(fuzzInput(data, size))
    guard SafePath.problem(path) == nil else { return 0 }
    let shown = escaped(path)
    require(!GitVerifyPath.hasParentComponent(path), "SafePath accepts \"\(shown)\", which has a '..' component")
    require(!path.utf8.contains(0), "SafePath accepts \"\(shown)\", which holds a NUL")
    require(!GitVerifyPath.refuses(path), "SafePath accepts \"\(shown)\", which git's verify_path refuses")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzSafePath) } }
