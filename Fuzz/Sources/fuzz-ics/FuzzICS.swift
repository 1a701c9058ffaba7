import FuzzSupport
import TroveInterchange
import TroveJSON

/// The iCalendar readers (ICSReader for imports, ITIPReader for invitations), over libical.
///
/// Any text gives records and problems or an `ICSFileError`, never a crash; each record's fields
/// are JSON that writes and parses back (they become stored records).
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
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzICS) } }
