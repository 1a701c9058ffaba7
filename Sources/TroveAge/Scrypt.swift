import CSodium

/// scrypt (RFC 7914) from libsodium: swift-crypto has no scrypt, and age's passphrase recipient needs it.
enum Scrypt {
    private static let initialized: Bool = sodium_init() >= 0

    /// scrypt(N = 2^logN, r = 8, p = 1) of `passphrase` and `salt`, 32 bytes.
    static func derive(passphrase: [UInt8], salt: [UInt8], logN: Int) throws -> [UInt8] {
        guard initialized else { throw AgeError.scryptFailed }
        var output = [UInt8](repeating: 0, count: 32)
        let result = passphrase.withUnsafeBufferPointer { password in
            salt.withUnsafeBufferPointer { salt in
                output.withUnsafeMutableBufferPointer { out in
                    // An empty passphrase still needs a non-null pointer (the function is declared nonnull).
                    var empty: UInt8 = 0
                    return withUnsafePointer(to: &empty) { fallback in
                        crypto_pwhash_scryptsalsa208sha256_ll(
                            password.baseAddress ?? fallback, password.count, salt.baseAddress!, salt.count,
                            UInt64(1) << UInt64(logN), 8, 1, out.baseAddress!, out.count)
                    }
                }
            }
        }
        guard result == 0 else { throw AgeError.scryptFailed }
        return output
    }
}
