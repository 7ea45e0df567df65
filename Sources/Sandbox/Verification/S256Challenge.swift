/// RFC 7636 §4.6: checks a `code_verifier` against the `S256` challenge of the authorization request,
/// in the sandbox's own code (libcrypto's one-shot SHA256, its own base64url), not the client's `PKCE`.
enum S256Challenge {
    /// Whether `verifier` is 43–128 unreserved characters whose `base64url(SHA-256(verifier))` is `challenge`.
    static func matches(verifier: String, challenge: String) -> Bool {
        let bytes = Array(verifier.utf8)
        guard (43...128).contains(bytes.count), bytes.allSatisfy(RFC3986.isUnreserved) else { return false }
        return ConstantTimeText.equal(OneShotCrypto.base64URL(OneShotCrypto.sha256(bytes)), challenge)
    }
}

/// Comparing secrets without an early exit, so timing does not tell how much of a guess matched.
enum ConstantTimeText {
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
