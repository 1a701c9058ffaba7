import Foundation
import FuzzSupport
@testable import TroveSchema

/// Schema patterns: `BytePattern`, the matcher of our own, against `NSRegularExpression` (ICU).
///
/// Input: a pattern, a NUL byte, then a text. Properties: any pattern gives a matcher or `nil`, never a
/// crash; a pattern the matcher takes compiles as a regular expression too (else a schema with a bad
/// pattern would pass the catalog's check unseen); its table and its simulation agree; and on printable
/// ASCII text it gives ICU's answer.
/// Texts are kept to 24 bytes: ICU backtracks, and a nested quantifier would otherwise stall the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let source = String(decoding: bytes[..<split], as: UTF8.self)
    let textBytes = bytes.count > split ? Array(bytes[(split + 1)...].prefix(24)) : []
    guard let fast = BytePattern(source) else { return 0 }
    guard let regex = try? NSRegularExpression(pattern: Pattern.icu(source)) else {
        require(false, "BytePattern takes \(source.debugDescription), which ICU refuses")
        return 0
    }
    let text = String(decoding: textBytes, as: UTF8.self)
    // The first match is simulated; once the table is built, it must give the same answer.
    let simulated = fast.matches(text)
    _ = fast.isDeterministic
    require(fast.matches(text) == simulated, "\(source.debugDescription) on \(text.debugDescription): the table and the simulation differ")
    guard let answer = simulated else {
        require(textBytes.contains { $0 < 0x20 || $0 >= 0x7F }, "no answer on printable text \(text.debugDescription)")
        return 0
    }
    let expected = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    require(answer == expected, "\(source.debugDescription) on \(text.debugDescription): BytePattern says \(answer), ICU \(expected)")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzPattern) } }
