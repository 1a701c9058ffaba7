/// The record schemas under `Formats/schemas/`, compiled into the binary.
///
/// SwiftPM embeds each file as bytes (`PackageResources`), so a `trove`
/// binary needs no resource folder beside it to validate records.
public enum BundledFormats {
    /// Every bundled schema file, by file name.
    public static var files: [String: [UInt8]] { [:] }
}
