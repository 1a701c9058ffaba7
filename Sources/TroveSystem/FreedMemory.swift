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

    /// Sets glibc's allocator to give large blocks back as soon as they are freed, for the whole process; call it
    /// first thing, before any thread starts.
    ///
    /// By default glibc raises the size from which it maps a block of its own (128 KB) to the largest block freed
    /// so far, so that the megabyte buffers of a long import come from the heap and leave it fragmented; and each
    /// thread that allocates may get a heap of its own (up to 16 on two cores), none reusing another's free pages.
    /// A fixed threshold of 256 KB and two heaps (glibc's tunables `mmap_threshold` and `arena_max`): an import of
    /// 1,000,000 jrnl entries peaked at 164 MB against 182 MB, without a spike of 47 MB its default heaps took
    /// part way (`/proc/PID/status` every 0.1 s); 100,000 entries at 115 MB against 128 MB, in the same CPU time.
    ///
    /// A heap's free top is kept up to 4 MB (`trim_threshold`, 128 KB by default) before it is handed back: with
    /// the default, an import of 10,000 jrnl entries shrank and regrew its heaps 14,500 times (`brk`, `madvise`;
    /// `strace -c`), each a flush of both cores' address caches and the pages faulted in again, 40 % of the main
    /// thread's time in the kernel (`perf`); with 4 MB, 220 times. 100,000 entries: 12.8 and 13.1 s against 13.6
    /// and 14.9 s, 3 s less kernel time, peak 2 to 4 MB higher. A peak is the most ever held, which a trim does
    /// not lower; `giveBack` still empties the heaps when a job ends.
    public static func returnLargeBlocksAtOnce() {
        guard let mallopt = mallopt else { return }
        _ = mallopt(-3, 256 << 10)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 4 << 20)    // M_TRIM_THRESHOLD
        _ = mallopt(-8, 2)          // M_ARENA_MAX
    }

    /// glibc's `mallopt` and `malloc_trim`, which Swift's Glibc module does not declare.
    private static let mallopt = glibcFunction("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)
    private static let mallocTrim = glibcFunction("malloc_trim", as: (@convention(c) (Int) -> Int32).self)

    /// The C function `name` of the running process, looked up at run time; `nil` without glibc.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
