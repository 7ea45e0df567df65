import CCrypto

/// Comparison whose running time does not depend on where two byte strings differ.
///
/// A verifying server must compare signatures and PKCE challenges this way, or an attacker
/// could learn a valid value one byte at a time from response timings.
public enum ConstantTime {
    /// Whether `a` and `b` are equal; lengths are not secret, contents are.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withNonNullBytes { pa, count in
            b.withNonNullBytes { pb, _ in CRYPTO_memcmp(pa, pb, count) == 0 }
        }
    }

    /// Whether the UTF-8 bytes of `a` and `b` are equal.
    public static func equals(_ a: String, _ b: String) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }
}
