import Foundation
import TroveSystem

/// Standard input copied into an unnamed scratch file, for an importer that reads its file from disk twice, a piece
/// at a time (once to check it, once to import it): a pipe can be read only once, and held whole it took memory in
/// proportion to its length. The file is gone when this is released.
///
/// ```swift
/// let spooled = try SpooledInput(env.input)
/// let file = try GeoJSONFile(path: spooled.path)   // reads /proc/self/fd/N
/// ```
final class SpooledInput {
    private let descriptor: Int32

    /// A path that opens the file again, as long as this lives.
    var path: String { "/proc/self/fd/\(descriptor)" }

    /// Copies what is left of `input` into a new scratch file in the temporary folder (`TMPDIR`).
    init(_ input: InputReader) throws {
        guard let made = ScratchFile.make(in: NSTemporaryDirectory(), named: "trove-input") else {
            throw CommandFailure(message: "standard input cannot be kept to be read: \(String(cString: strerror(errno)))")
        }
        descriptor = made
        do {
            try input.forEachPart { part in
                if let failure = ScratchFile.write(part, to: made, at: nil) {
                    throw CommandFailure(message: "standard input cannot be kept to be read: \(String(cString: strerror(failure)))")
                }
            }
        } catch {
            close(made)
            throw error
        }
    }

    deinit { close(descriptor) }
}
