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
        checkStream(bytes, parsed: .failure(error))
        return 0
    }
    checkStream(bytes, parsed: .success(value))
    let canonical = CanonicalJSON.encode(value)
    let reparsed = try? JSONValue(parsing: canonical)
    require(reparsed.map(CanonicalJSON.encode) == canonical, "canonical bytes do not parse back to themselves: \(text(canonical))")
    let line = CanonicalJSON.compactLine(value)
    require((try? JSONValue(parsing: line)).map(CanonicalJSON.encode) == canonical, "the compact line differs: \(text(line))")
    return 0
}

/// `JSONObjectStream`, cutting the same bytes into chunks of 1 to 8 bytes, reads what the parser reads: the same
/// `entries` elements and other members, or the same error at the same line and column. A document that is JSON but
/// no object may instead be said to be no object (the stream stops at its first value).
func checkStream(_ bytes: [UInt8], parsed: Result<JSONValue, JSONParseError>) {
    var stream = JSONObjectStream(bytes: bytes, chunkSize: 1 + bytes.count % 8)
    var elements: [JSONValue] = [], members: [String: JSONValue] = [:]
    do {
        try stream.read(streaming: "entries", element: { elements.append($0) }, member: { members[$0] = $1 })
        guard case .success(.object(var expected)) = parsed else {
            require(false, "the stream read an object the parser did not: \(parsed)")
            return
        }
        if stream.sawArrayMember { require(expected.removeValue(forKey: "entries") == .array(elements), "entries differ") }
        require(members == expected, "members differ")
    } catch let error as JSONParseError {
        require(parsed == .failure(error), "the stream says \(error), the parser \(parsed)")
    } catch JSONStreamError.notAnObject {
        if case .success(let value) = parsed { require(value.objectValue == nil, "an object said to be none") }
    } catch {
        require(false, "unexpected \(error)")
    }
}

@main enum Main { static func main() { runFuzzer(fuzzJSON) } }
