import TroveTestSupport
import Foundation
import Testing
import TroveJSON

/// The canonical writer agrees byte for byte with
/// `json.dumps(d, indent=2, sort_keys=True, ensure_ascii=False) + "\n"`, so records written by
/// Python tools (or checked with them) are the same blobs. Needs python3 on PATH.
@Suite struct PythonAgreementTests {
    /// The reformatting command as documented, for one document on standard input.
    static let documentedScript =
        #"import json,sys; d=json.load(sys.stdin); sys.stdout.write(json.dumps(d, indent=2, sort_keys=True, ensure_ascii=False)+"\n")"#

    /// The same reformatting for many documents: one compact document a line in, outputs joined by U+001E.
    /// (Split on b"\n" only: raw U+2028 may appear inside a compact document.)
    static let batchScript = #"""
    import json, sys
    documents = [line for line in sys.stdin.buffer.read().split(b"\n") if line]
    out = [json.dumps(json.loads(d), indent=2, sort_keys=True, ensure_ascii=False) + "\n" for d in documents]
    sys.stdout.buffer.write("\x1e".join(out).encode("utf-8"))
    """#

    /// Runs python3 with `script`, feeding `input`, and returns its standard output.
    static func python(_ script: String, input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        environment["PYTHONUTF8"] = "1"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var errors = Data()
        DispatchQueue.global().async(group: group) {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        DispatchQueue.global().async(group: group) { errors = stderr.fileHandleForReading.readDataToEndOfFile() }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        let message = String(decoding: errors, as: UTF8.self)
        try #require(process.terminationStatus != 127,
                     "python3 is required for the canonical JSON cross-check but was not found on PATH: \(message)")
        try #require(process.terminationStatus == 0, "python3 failed (\(process.terminationStatus)): \(message)")
        return Array(output)
    }

    /// Python's canonical text of a JSON document, using the documented command verbatim.
    static func pythonCanonical(_ text: String) throws -> String {
        String(decoding: try python(documentedScript, input: Array(text.utf8)), as: UTF8.self)
    }

    @Test("a document full of awkward cases is the same bytes as Python writes")
    func handWritten() throws {
        let text = #"""
        {"z": [1, -2, 0.5, 1.5e-07, 123.456, 0.30000000000000004, 1e-05, 5e-324, 1e+16, 9223372036854775807],
         "url": "https:\/\/example.invalid\/a", "ctl": "\u0000\u0001\u001f\u007f\b\f\n\r\t\"\\",
         "uni": "é日本😀\u2028\u2029\ud83d\ude00", "ｚ": {}, "😀": [], "\u212b": null, "Ç": true, "": false,
         "nested": {"b": [{"y": 1, "x": [[], {}]}], "a": "text"}}
        """#
        let ours = CanonicalJSON.string(try JSONValue(parsing: text))
        #expect(ours == (try Self.pythonCanonical(text)))
    }

    @Test("generated documents are the same bytes as Python writes", arguments: [UInt64(7), 8, 9])
    func generated(seed: UInt64) throws {
        var generator = JSONGenerator(seed: seed)
        let documents = (0..<100).map { _ in generator.object() }
        // Feed Python the compact form, so it really reformats rather than echoing our layout.
        let input = documents.map { CanonicalJSON.compact($0) }.joined(separator: "\n") + "\n"
        let output = try Self.python(Self.batchScript, input: Array(input.utf8))
        let theirs = output.split(separator: 0x1E, omittingEmptySubsequences: false).map(Array.init)
        try #require(theirs.count == documents.count)
        for (number, (document, pythonBytes)) in zip(documents, theirs).enumerated() {
            let ours = CanonicalJSON.encode(document)
            #expect(ours == pythonBytes, """
                seed \(seed) document \(number) differs
                ours:   \(String(decoding: ours, as: UTF8.self))
                python: \(String(decoding: pythonBytes, as: UTF8.self))
                """)
        }
    }

    /// Deliberate differences: Trove keeps one value per number (a whole number is an integer)
    /// and refuses what Python accepts loosely. Each pins both sides, so a change on either shows.
    @Test("documented differences from Python", arguments: [
        // Python keeps the float type of a whole number; Trove stores the integer.
        ("2.0", "2.0\n", "2\n"),
        ("1E2", "100.0\n", "100\n"),
        ("-0.0", "-0.0\n", "0\n"),
        // A whole double of 2^53 or more cannot be an exact integer: Swift writes exponent form
        // from 2^53, Python's repr only from 1e16.
        ("9500000000000000.0", "9500000000000000.0\n", "9.5e+15\n"),
        // Python's integers are unbounded; beyond Int64, Trove keeps the nearest double.
        ("9223372036854775808", "9223372036854775808\n", "9.223372036854776e+18\n"),
    ])
    func differences(text: String, python: String, trove: String) throws {
        #expect(try Self.pythonCanonical(text) == python)
        #expect(CanonicalJSON.string(try JSONValue(parsing: text)) == trove)
    }

    @Test("Python accepts duplicate keys and 1e400, which Trove rejects")
    func pythonIsLooser() throws {
        #expect(try Self.pythonCanonical(#"{"a": 1, "a": 2}"#) == "{\n  \"a\": 2\n}\n")
        #expect(try Self.pythonCanonical("1e400") == "Infinity\n")
        #expect(parseError(#"{"a": 1, "a": 2}"#) != nil)
        #expect(parseError("1e400") != nil)
    }
}
