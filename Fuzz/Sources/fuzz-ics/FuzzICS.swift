import Foundation
import FuzzSupport
import TroveInterchange
import TroveJSON

/// The iCalendar readers (ICSReader for imports, ITIPReader for invitations), over libical, and a large file's
/// reading in parts (`ICSCalendarFile`, two components a part here).
///
/// Any text gives records and problems or an `ICSFileError`, never a crash; each record's fields
/// are JSON that writes and parses back (they become stored records); read in parts, a file gives as many
/// records and problems as read whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = text(fuzzInput(data, size))
    if let file = try? ICSReader.read(input, file: "fuzz.ics") {
        for record in file.records {
            let value = JSONValue.object(record.fields)
            let bytes = CanonicalJSON.encode(value)
            require((try? JSONValue(parsing: bytes)).map(CanonicalJSON.encode) == bytes, "a record's fields do not round-trip: \(text(bytes))")
        }
    }
    _ = try? ITIPReader.read(input, file: "fuzz.ics")
    let bytes = fuzzInput(data, size)
    guard (try? Data(bytes).write(to: URL(fileURLWithPath: scratch))) != nil else { return 0 }
    if let parted = try? ICSCalendarFile.open(scratch, partSize: 2, partedSize: 0), parted is ICSCalendarFile,
       let whole = try? ICSReader.read(contentsOf: scratch) {
        var count = 0
        _ = try? parted.forEachPart { count += $0.count }
        require(count == whole.records.count && parted.recordCount == count && parted.invalid.count == whole.invalid.count,
                "read in parts, \(count) records and \(parted.invalid.count) problems; read whole, \(whole.records.count) and \(whole.invalid.count)")
    }
    return 0
}

/// Where each input is written for the reading from disk.
private let scratch = NSTemporaryDirectory() + "/trove-fuzz-ics-\(getpid()).ics"

@main enum Main { static func main() { runFuzzer(fuzzICS) } }
