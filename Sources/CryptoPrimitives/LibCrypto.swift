import CCrypto

/// Shared plumbing for calling libcrypto: turning its error queue into ``CryptoError`` values.
enum LibCrypto {
    /// Drains OpenSSL's thread-local error queue into a ``CryptoError``.
    ///
    /// Draining matters: a stale entry would otherwise be blamed on the next unrelated call.
    /// OpenSSL's error strings name the routine and reason only, never key or data bytes.
    static func failure(_ function: String, code: CryptoError.Code = .cryptoFailure) -> CryptoError {
        let raw = ERR_get_error()
        var reason = ""
        if raw != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(raw, &buffer, buffer.count)
            reason = ": " + String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        ERR_clear_error()
        return CryptoError(
            code: code,
            message: "libcrypto \(function) failed\(reason)",
            openSSLErrorCode: raw == 0 ? nil : UInt(raw)
        )
    }

    /// Stops the process when libcrypto cannot do something that has no safe fallback.
    ///
    /// Used only by the non-throwing digest and random APIs: continuing with a missing digest or
    /// predictable random bytes would be worse than crashing, and no caller could recover.
    static func fatal(_ function: String) -> Never {
        fatalError(failure(function).description)
    }
}
