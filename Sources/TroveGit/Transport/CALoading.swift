import CGit2

/// Whether mbedTLS may read CA certificates now: only while `TLSSetup` sets the chain an https remote needs.
///
/// Debian's libgit2 reads and parses the whole system bundle in `git_libgit2_init` (about 200 KB of base64,
/// 7-10 ms of CPU), and every command waits for that set-up before it opens its store, though only an https
/// remote uses the chain, and `TLSSetup` sets it again before any. The linker's `--wrap` (Package.swift) sends
/// libgit2's calls to the two functions below; outside `TLSSetup` they leave the chain empty, so a TLS
/// connection made without `TLSSetup` trusts no one rather than everyone.
enum CALoading {
    /// Set by `TLSSetup` (under its lock) around its call.
    nonisolated(unsafe) static var allowed = false
    /// How many reads were left undone (libgit2's set-up makes one when the system bundle exists): a test checks
    /// that the linker's `--wrap` is in place.
    nonisolated(unsafe) static var skippedReads = 0
}

@_cdecl("__wrap_mbedtls_x509_crt_parse_file")
func troveWrappedParseFile(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    if CALoading.allowed { return __real_mbedtls_x509_crt_parse_file(chain, path) }
    CALoading.skippedReads += 1
    return 0
}

@_cdecl("__wrap_mbedtls_x509_crt_parse_path")
func troveWrappedParsePath(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    if CALoading.allowed { return __real_mbedtls_x509_crt_parse_path(chain, path) }
    CALoading.skippedReads += 1
    return 0
}
