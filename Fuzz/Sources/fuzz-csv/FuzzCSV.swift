import FuzzSupport
import TroveInterchange

/// The CSV readers: business points, items, and tracker report lines (one CSV or JSON line each).
///
/// All three take the same bytes: their RFC 4180 splitting is shared, their columns are not.
/// Any bytes give rows and problems or an error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    _ = try? BusinessCSVReader.read(bytes)
    _ = try? ItemCSVReader.read(bytes)
    for line in bytes.split(separator: 0x0A) {
        _ = ReportLine.parse(line, source: "fuzz")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzCSV) } }
