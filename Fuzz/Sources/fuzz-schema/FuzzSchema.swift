import FuzzSupport
import TroveJSON
import TroveSchema

/// The schema validator, on fuzzed JSON against the bundled record schemas.
///
/// Validation never crashes, whatever the document; `isValid` agrees with `validate`. Each input
/// is validated as the catalog would (by its `type`) and against one format chosen by its length,
/// so that documents of any type reach every schema.
let catalog = FormatCatalog.bundled
let formats = catalog.types.compactMap { catalog.format(for: $0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let value = try? JSONValue(parsing: bytes) else { return 0 }
    _ = catalog.validate(record: value)
    let format = formats[bytes.count % formats.count]
    let violations = format.validate(value)
    require(format.isValid(value) == violations.isEmpty, "\(format.type): isValid disagrees with \(violations.count) violations")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzSchema) } }
