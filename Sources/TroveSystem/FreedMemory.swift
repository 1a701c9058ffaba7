import Foundation

/// Handing memory the process has freed back to the system.
///
/// glibc keeps the pages of freed allocations in its heaps (one per thread that allocated) until told, so a long
/// job that frees one batch before making the next still grows in resident memory: at 300,000 jrnl entries an
/// import's live heap peaked at 44 MB (heaptrack) while its resident memory climbed to 160 MB (issue 25).
public enum FreedMemory {
    /// Returns the free pages of every heap to the system (`malloc_trim(0)`); a no-op where there is none.
    public static func giveBack() {
        _ = mallocTrim?(0)
    }

    /// glibc's `malloc_trim`, which Swift's Glibc module does not declare.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
