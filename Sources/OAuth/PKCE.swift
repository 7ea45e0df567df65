import CryptoPrimitives

/// Proof Key for Code Exchange (RFC 7636), which every OAuth 2.0 flow here uses.
///
/// The verifier stays with the client; only its S256 challenge travels in the authorization URL,
/// so an intercepted authorization code is useless without it.
public enum PKCE {
    /// A fresh 64-character verifier from the unreserved set `A-Z a-z 0-9 - . _ ~` (RFC 7636 section 4.1 allows 43–128).
    public static func makeVerifier() -> String {
        SecureRandom.string(64, from: unreserved)
    }

    /// `base64url(SHA-256(ASCII(verifier)))` without padding: the `code_challenge` for `code_challenge_method=S256`.
    public static func challengeS256(verifier: String) -> String {
        Base64.encodeURL(Digest.sha256(Array(verifier.utf8)))
    }

    /// Whether `verifier` matches `challenge`, compared in constant time; for the verifying server.
    ///
    /// Also refuses a verifier outside RFC 7636's length and alphabet, as a real server does.
    public static func verifyS256(verifier: String, challenge: String) -> Bool {
        let bytes = Array(verifier.utf8)
        guard (43...128).contains(bytes.count), bytes.allSatisfy(PercentEncoding.isUnreserved) else { return false }
        return ConstantTime.equals(challengeS256(verifier: verifier), challenge)
    }

    private static let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
