import FuzzSupport
import TroveInterchange

/// The vCard reader (contact import): any text gives contacts and problems or a `VCardError`, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = try? VCardReader.read(text(fuzzInput(data, size)), file: "fuzz.vcf")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzVCard) } }
