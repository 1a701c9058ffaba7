import FuzzSupport
import TroveJSON

/// TroveJSON's parser and canonical writer.
///
/// Any bytes give a value or a `JSONParseError` at a real line and column, never a crash; a
/// parsed value's canonical bytes, and its compact line, parse back to the same canonical bytes
/// (records are stored canonically, so a value that changed on the way back would change on disk).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let value: JSONValue
    do {
        value = try JSONValue(parsing: bytes)
    } catch {
        require(error.line >= 1 && error.column >= 1, "error at line \(error.line), column \(error.column)")
        return 0
    }
    let canonical = CanonicalJSON.encode(value)
    let reparsed = try? JSONValue(parsing: canonical)
    require(reparsed.map(CanonicalJSON.encode) == canonical, "canonical bytes do not parse back to themselves: \(text(canonical))")
    let line = CanonicalJSON.compactLine(value)
    require((try? JSONValue(parsing: line)).map(CanonicalJSON.encode) == canonical, "the compact line differs: \(text(line))")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzJSON) } }
