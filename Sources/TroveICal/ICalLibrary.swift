import CICal
import Foundation

/// Serializes every call into libical and sets it up once.
///
/// libical keeps per-process state (the builtin time zone cache, its error number, a ring
/// of temporary buffers), so calls from Swift's concurrent tests go through one lock.
enum ICalLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var configured = false

    /// Runs `body` holding the lock, with libical's errors cleared and made non-fatal.
    static func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        if !configured {
            // Some builds abort on the first error; we read errors as values instead.
            icalerror_set_errors_are_fatal(0)
            configured = true
        }
        trove_ical_clear_errno()
        return try body()
    }

    /// Frees `tree` on another thread, under the lock; libical calls made meanwhile wait for it.
    static func freeLater(_ tree: ICalOwnedComponent) {
        DispatchQueue.global(qos: .utility).async { locked { tree.free() } }
    }

    /// A Swift string copied from a C string libical owns, or `nil` for a null pointer.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// A Swift string from a buffer the caller owns (`*_r` functions), which is then freed.
    static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { icalmemory_free_buffer(pointer) }
        return String(cString: pointer)
    }
}

/// The libical version this module was built against, e.g. "3.0.16".
public var icalLibraryVersion: String { ICAL_VERSION }
