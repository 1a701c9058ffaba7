import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Holds a file open, as a live process holding a lock would, and lets go of it on `close()`.
///
/// The descriptor is close-on-exec. Foundation's `FileHandle` is not, so a child another test
/// starts in parallel inherits it and holds the file after the test lets go; stale-lock checks
/// read `/proc/*/fd` and then, rightly, see a live holder (CI failed that way once).
public final class OpenFileHolder {
    private var descriptor: Int32

    public init(_ path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    }

    public func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
