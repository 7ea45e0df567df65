import CCrypto

/// AES-256-GCM sealing of credentials at rest, so a copied database file does not leak tokens.
///
/// Sealed format: `1` (version) ‖ 12-byte random nonce ‖ ciphertext ‖ 16-byte tag. The
/// associated data is authenticated but not stored: it binds a blob to its owner (for example
/// `"account:7"`), so a blob moved to another row fails to open. A fresh random nonce per seal
/// is safe for far more seals than one key will ever see here (NIST's 2^32 limit).
///
/// ```swift
/// let box = try SecretBox(key: keyFromConfig)
/// let sealed = try box.seal(Array(token.utf8), associatedData: Array("account:7".utf8))
/// let plain = try box.open(sealed, associatedData: Array("account:7".utf8))
/// ```
public struct SecretBox: Sendable {
    /// AES-256 key length in bytes.
    public static let keyLength = 32
    /// The first byte of every sealed blob; bumped if the format ever changes.
    public static let formatVersion: UInt8 = 1
    static let nonceLength = 12
    static let tagLength = 16

    let key: [UInt8]

    /// - Throws: ``CryptoError/Code/invalidKey`` unless `key` is exactly ``keyLength`` bytes.
    public init(key: [UInt8]) throws(CryptoError) {
        guard key.count == Self.keyLength else {
            throw CryptoError(
                code: .invalidKey,
                message: "The sealing key must be \(Self.keyLength) bytes; got \(key.count). Generate one with SecretBox.generateKey()."
            )
        }
        self.key = key
    }

    /// A new random key from libcrypto's CSPRNG.
    public static func generateKey() -> [UInt8] {
        SecureRandom.bytes(keyLength)
    }

    /// Encrypts and authenticates `plaintext`, binding it to `associatedData`.
    ///
    /// - Throws: ``CryptoError/Code/cryptoFailure`` if libcrypto fails (it should not).
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) throws(CryptoError) -> [UInt8] {
        let nonce = SecureRandom.bytes(Self.nonceLength)
        let cipher = try CipherContext()
        try cipher.check(EVP_EncryptInit_ex(cipher.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_EncryptInit_ex")
        try cipher.setIVLength(Self.nonceLength)
        try cipher.check(EVP_EncryptInit_ex(cipher.pointer, nil, nil, key, nonce), "EVP_EncryptInit_ex(key)")
        try cipher.addAssociatedData(associatedData, encrypting: true)
        let ciphertext = try cipher.update(plaintext, encrypting: true)
        var length: Int32 = 0
        var trailing = [UInt8](repeating: 0, count: 16)
        try cipher.check(EVP_EncryptFinal_ex(cipher.pointer, &trailing, &length), "EVP_EncryptFinal_ex")
        var tag = [UInt8](repeating: 0, count: Self.tagLength)
        let tagOK = EVP_CIPHER_CTX_ctrl(cipher.pointer, EVP_CTRL_GCM_GET_TAG, Int32(Self.tagLength), &tag)
        try cipher.check(tagOK, "EVP_CIPHER_CTX_ctrl(GET_TAG)")
        return [Self.formatVersion] + nonce + ciphertext + trailing.prefix(Int(length)) + tag
    }

    /// Verifies and decrypts a blob made by ``seal(_:associatedData:)``.
    ///
    /// - Throws: ``CryptoError/Code/sealedDataRejected`` when the key differs from the sealing key,
    ///   any byte was altered, the associated data differs, or the blob is truncated or of an
    ///   unknown version; nothing is returned from a blob that fails authentication.
    public func open(_ sealed: [UInt8], associatedData: [UInt8]) throws(CryptoError) -> [UInt8] {
        let headerLength = 1 + Self.nonceLength
        guard sealed.count >= headerLength + Self.tagLength else {
            throw Self.rejected("it is shorter than the smallest sealed blob")
        }
        guard sealed[0] == Self.formatVersion else {
            throw Self.rejected("its format version \(sealed[0]) is not \(Self.formatVersion)")
        }
        let nonce = Array(sealed[1..<headerLength])
        let ciphertext = Array(sealed[headerLength..<(sealed.count - Self.tagLength)])
        var tag = Array(sealed.suffix(Self.tagLength))

        let cipher = try CipherContext()
        try cipher.check(EVP_DecryptInit_ex(cipher.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_DecryptInit_ex")
        try cipher.setIVLength(Self.nonceLength)
        try cipher.check(EVP_DecryptInit_ex(cipher.pointer, nil, nil, key, nonce), "EVP_DecryptInit_ex(key)")
        try cipher.addAssociatedData(associatedData, encrypting: false)
        let plaintext = try cipher.update(ciphertext, encrypting: false)
        let tagOK = EVP_CIPHER_CTX_ctrl(cipher.pointer, EVP_CTRL_GCM_SET_TAG, Int32(Self.tagLength), &tag)
        try cipher.check(tagOK, "EVP_CIPHER_CTX_ctrl(SET_TAG)")
        var length: Int32 = 0
        var trailing = [UInt8](repeating: 0, count: 16)
        guard EVP_DecryptFinal_ex(cipher.pointer, &trailing, &length) == 1 else {
            ERR_clear_error()
            throw Self.rejected("the key does not match the one it was sealed with, or the data or its associated data was altered")
        }
        return plaintext + trailing.prefix(Int(length))
    }

    private static func rejected(_ reason: String) -> CryptoError {
        CryptoError(code: .sealedDataRejected, message: "The sealed secret could not be opened: \(reason).")
    }
}

extension SecretBox: CustomStringConvertible, CustomReflectable {
    /// Never shows the key.
    public var description: String { "SecretBox(key: redacted)" }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
