#if canImport(Glibc)
import Glibc
#endif

/// What every fuzz target shares: reading libFuzzer's input, and failing loudly when a property breaks.
///
/// A target is an executable with no main of its own: libFuzzer's main calls its
/// `LLVMFuzzerTestOneInput` with each input it makes. A crash, a trap or a broken `require`
/// ends the run, and libFuzzer saves the input as `crash-<sha1>` (tools/fuzz puts it under .fuzz/).

/// The bytes libFuzzer hands a target.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run when a property the code promises does not hold; libFuzzer keeps the input.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("property broken: \(message())", file: file, line: line) }
}

/// The input cut at NUL bytes into at most `count` parts (the last part keeps any further NULs).
///
/// Targets that need several documents (the merge's base, ours and theirs) take them this way:
/// NUL never appears raw in JSON text, so the seeds stay readable.
public func nulSeparated(_ bytes: [UInt8], count: Int) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false)
}

/// Text as the readers get it from a file: decoded as UTF-8, with invalid bytes replaced.
public func text(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// `text` with every code point outside printable ASCII written as `\u{…}`, to show a path in a message.
public func escaped(_ text: String) -> String {
    text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
}

/// libFuzzer's driver, for a main of our own (libclang_rt.fuzzer has it beside its own main).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer on `test` with the command line's options, then exits with its status.
///
/// Each target's `@main` calls this: SwiftPM links an executable's main under a name of its own
/// (`<module>_main`), so libFuzzer's own main cannot be the entry point there.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
