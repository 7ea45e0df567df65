import CCrypto

/// Passwords kept as scrypt hashes (RFC 7914), derived by libcrypto's `EVP_PBE_scrypt`: memory-hard, so a stolen
/// database costs an attacker 32 MiB and about a tenth of a second per guess. (Argon2 reaches libcrypto only in
/// OpenSSL 3.2; Debian 12 has 3.0.) Each hash carries its own salt and parameters, `scrypt$LOG2N$R$P$SALT$HASH`
/// (base64), so the parameters can grow without invalidating stored hashes.
public enum PasswordHash {
    public struct Parameters: Sendable, Equatable {
        /// log2 of scrypt's N (cost): 15 is N = 32,768.
        public var log2N: UInt8
        public var r: UInt32
        public var p: UInt32

        /// 128 · r · N = 32 MiB, the interactive setting of RFC 7914 §2's successors (OWASP's scrypt minimum is N = 2^17
        /// with r = 8 at 128 MiB for servers that can afford it; a 2-core runner's daemon cannot spare that per login).
        public static let interactive = Parameters(log2N: 15, r: 8, p: 1)

        public init(log2N: UInt8, r: UInt32, p: UInt32) { self.log2N = log2N; self.r = r; self.p = p }

        /// The memory one derivation takes, which libcrypto is allowed with a margin.
        var memory: UInt64 { 128 * UInt64(r) * (UInt64(1) << UInt64(log2N)) * UInt64(max(p, 1)) }
    }

    static let saltLength = 16
    static let keyLength = 32

    /// scrypt of `password` with `salt`; nil when libcrypto refuses the parameters (N not a power of two, too much memory).
    public static func derive(_ password: [UInt8], salt: [UInt8], parameters: Parameters, length: Int) -> [UInt8]? {
        guard parameters.log2N >= 1, parameters.log2N <= 22, parameters.r >= 1, parameters.p >= 1 else { return nil }
        var key = [UInt8](repeating: 0, count: length)
        let ok = password.withNonNullBytes { pass, passCount in
            salt.withNonNullBytes { saltBytes, saltCount in
                pass.withMemoryRebound(to: CChar.self, capacity: max(passCount, 1)) { passChars in
                    EVP_PBE_scrypt(passChars, passCount, saltBytes, saltCount, UInt64(1) << UInt64(parameters.log2N), UInt64(parameters.r),
                                   UInt64(parameters.p), parameters.memory + 1_048_576, &key, length)
                }
            }
        }
        return ok == 1 ? key : nil
    }

    /// A new hash of `password` with a fresh random salt.
    public static func make(_ password: String, parameters: Parameters = .interactive) -> String {
        let salt = SecureRandom.bytes(saltLength)
        guard let key = derive(Array(password.utf8), salt: salt, parameters: parameters, length: keyLength) else {
            LibCrypto.fatal("EVP_PBE_scrypt")
        }
        return ["scrypt", "\(parameters.log2N)", "\(parameters.r)", "\(parameters.p)", Base64.encode(salt), Base64.encode(key)].joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from, compared in constant time; false for a malformed hash.
    public static func verify(_ password: String, against stored: String) -> Bool {
        let fields = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, fields[0] == "scrypt", let log2N = UInt8(fields[1]), let r = UInt32(fields[2]), let p = UInt32(fields[3]),
              let salt = Base64.decode(fields[4]), let expected = Base64.decode(fields[5]), !expected.isEmpty,
              let key = derive(Array(password.utf8), salt: salt, parameters: Parameters(log2N: log2N, r: r, p: p), length: expected.count)
        else { return false }
        return ConstantTime.equals(key, expected)
    }
}
