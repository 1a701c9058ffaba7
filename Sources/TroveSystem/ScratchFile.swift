import Foundation

/// Unnamed files for scratch data: a spilled import's runs, a staged checkout, a Day One journal unpacked from its
/// ZIP, standard input kept to be read twice.
///
/// Each is made in a folder and unlinked at once, so it is gone when its descriptor is closed or the process ends,
/// killed or not, and nobody else can open it by name.
///
/// ```swift
/// guard let descriptor = ScratchFile.make(in: NSTemporaryDirectory(), named: "trove-input") else { … errno … }
/// defer { close(descriptor) }
/// if let failure = ScratchFile.write(bytes, to: descriptor, at: 0) { … failure is errno … }
/// ```
public enum ScratchFile {
    /// A descriptor of a new unnamed file in `folder`, or `nil` (with `errno` set) when none can be made there.
    ///
    /// - Parameter name: the start of the name it has for a moment, which says whose it was if one is ever left.
    public static func make(in folder: String, named name: String) -> Int32? {
        let prefix = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        var template = Array((prefix + name + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor`: at `offset`, or at the file's position when it is `nil`. Returns `nil`,
    /// or the `errno` of the write that failed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int?) -> Int32? {
        var done = 0
        while done < bytes.count {
            let step = offset.map { pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t($0 + done)) }
                ?? Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { return step < 0 ? errno : ENOSPC }
            done += step
        }
        return nil
    }

    /// `write(_:to:at:)` of an array's bytes.
    public static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int?) -> Int32? {
        bytes.withUnsafeBytes { write($0, to: descriptor, at: offset) }
    }
}
