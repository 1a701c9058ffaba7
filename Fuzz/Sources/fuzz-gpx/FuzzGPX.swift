import FuzzSupport
import TroveInterchange

/// The GPX reader (business points import): any bytes give points and problems or an error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    if let file = try? GPXReader.read(bytes) {
        for point in file.points {
            require(point.latitude.isFinite && point.longitude.isFinite, "a point at \(point.latitude), \(point.longitude)")
        }
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzGPX) } }
