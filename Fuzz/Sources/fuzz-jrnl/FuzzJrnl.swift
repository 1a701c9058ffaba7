import Foundation
import FuzzSupport
import TroveInterchange

/// The jrnl reader, both forms (it decides by content: `jrnl --export json` or the plain-text journal).
///
/// Any bytes give entries and problems or a `JrnlError`, never a crash. A fixed zone keeps runs
/// repeatable; both tag symbol settings jrnl has are tried.
nonisolated(unsafe) let zone = TimeZone(identifier: "Europe/Berlin")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJrnl(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    _ = try? JrnlJournal(parsing: bytes, file: "fuzz.txt", timeZone: zone, tagSymbols: "@")
    _ = try? JrnlJournal(parsing: bytes, file: "fuzz.txt", timeZone: zone, tagSymbols: "#@")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzJrnl) } }
