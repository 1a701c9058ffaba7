/// Writes JSON in Trove's canonical form.
///
/// Sorted keys (by UTF-8 bytes), 2-space indent, `": "` between a key and its
/// value, a trailing newline, raw UTF-8, and no escaped `/`. It matches
/// Python's `json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)`,
/// so the same record is the same bytes on every machine and in every tool.
public enum CanonicalJSON {
    /// The canonical bytes of a document, ending in a newline.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, indent: 0, into: &out)
        out.append(0x0A)
        // Grown by doubling, the buffer can be twice the text: an import holds 16 MB of records between spills,
        // which took 23 MB of a 300,000-entry import's heap (heaptrack) until they were copied to their size.
        guard out.capacity - out.count > 64 else { return out }
        return [UInt8](unsafeUninitializedCapacity: out.count) { buffer, count in
            count = out.withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
        }
    }

    /// The canonical text of a document, ending in a newline.
    public static func string(_ value: JSONValue) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    /// A compact one-line rendering (no newline), for JSONL logs and messages.
    public static func compact(_ value: JSONValue) -> String {
        String(decoding: compactLine(value).dropLast(), as: UTF8.self)
    }

    /// The compact rendering as a JSONL line: its bytes, ending in a newline.
    public static func compactLine(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(192)
        write(value, indent: nil, into: &out)
        out.append(0x0A)
        return out
    }

    /// The keys of an object in canonical order.
    public static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        members.keys.sorted(by: precedesInUTF8)
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes, compared over the strings' own storage
    /// (the generic `utf8.lexicographicallyPrecedes` showed in bulk imports).
    public static func precedesInUTF8(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index]
                }
                return left.count < right.count
            }
        }
    }

    private static func write(_ value: JSONValue, indent: Int?, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): out.append(contentsOf: format(number).utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 }, into: &out)
                write(element, indent: indent.map { $0 + 1 }, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            // Sorted as pairs: no second lookup of each value by its key.
            for (position, member) in members.sorted(by: { precedesInUTF8($0.key, $1.key) }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 }, into: &out)
                writeString(member.key, into: &out)
                out.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
                write(member.value, indent: indent.map { $0 + 1 }, into: &out)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int?, into out: inout [UInt8]) {
        guard let indent else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Shortest round-trip digits, as Python's `repr` writes them.
    ///
    /// A whole number that `JSONValue.number` would store as an integer is written as
    /// that integer, so `.double(2.0)` and `.integer(2)` give the same bytes and reading
    /// the bytes back gives the same value.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if case .integer(let whole) = JSONValue.number(number) { return String(whole) }
        return number.description
    }

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
