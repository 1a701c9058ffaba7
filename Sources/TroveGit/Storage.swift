import Foundation

/// The bytes of an index file: mapped read-only, or a small copy.
final class Storage {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: Bool
    /// The mapped file, kept open so that a writer can copy ranges of it inside the kernel; -1 for a copy.
    let descriptor: Int32

    /// Maps the file read-only; `nil` if it cannot be opened. The mapping stays valid after the file is replaced.
    ///
    /// `populate` faults the whole file in at once, which beats thousands of page faults when every entry is
    /// read; a file searched in a few places is better left to fault in where it is touched.
    init?(mapping path: String, populate: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        let flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0)
        guard fstat(descriptor, &info) == 0, info.st_size > 0,
              let address = mmap(nil, Int(info.st_size), PROT_READ, flags, descriptor, 0), address != MAP_FAILED
        else {
            close(descriptor)
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
        mapped = true
        self.descriptor = descriptor
    }

    /// Faults in the whole mapping now, before it is read from end to end.
    func populate() {
        guard mapped else { return }
        // MADV_POPULATE_READ (Linux 5.14); older kernels refuse it, and the pages fault in one by one.
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, 22)
    }

    init(copying contents: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: contents.count)
        _ = buffer.initialize(from: contents)
        bytes = UnsafeBufferPointer(buffer)
        mapped = false
        descriptor = -1
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
            close(descriptor)
        }
        else { bytes.deallocate() }
    }
}
