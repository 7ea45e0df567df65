import CCrypto

/// Owns one `EVP_CIPHER_CTX` and frees it, so every exit path of a seal or open cleans up.
///
/// Not `Sendable` and never escapes the call that made it: a cipher context is not thread-safe.
final class CipherContext {
    let pointer: OpaquePointer

    init() throws(CryptoError) {
        guard let pointer = EVP_CIPHER_CTX_new() else { throw LibCrypto.failure("EVP_CIPHER_CTX_new") }
        self.pointer = pointer
    }

    deinit {
        // Also wipes the expanded key schedule held inside the context.
        EVP_CIPHER_CTX_free(pointer)
    }

    /// Turns a libcrypto status (1 is success) into a thrown ``CryptoError``.
    func check(_ status: Int32, _ function: String) throws(CryptoError) {
        guard status == 1 else { throw LibCrypto.failure(function) }
    }

    func setIVLength(_ length: Int) throws(CryptoError) {
        try check(EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(length), nil), "EVP_CIPHER_CTX_ctrl(SET_IVLEN)")
    }

    /// Feeds authenticated-but-unencrypted bytes; must come before any plaintext or ciphertext.
    func addAssociatedData(_ data: [UInt8], encrypting: Bool) throws(CryptoError) {
        guard !data.isEmpty else { return }
        var length: Int32 = 0
        try run(data, output: nil, length: &length, encrypting: encrypting)
    }

    /// Encrypts or decrypts `input`; GCM is a stream mode, so the output is as long as the input.
    func update(_ input: [UInt8], encrypting: Bool) throws(CryptoError) -> [UInt8] {
        guard !input.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: input.count + 16)
        var length: Int32 = 0
        try output.withUnsafeMutableBufferPointer { (buffer) throws(CryptoError) in
            try run(input, output: buffer.baseAddress, length: &length, encrypting: encrypting)
        }
        return Array(output.prefix(Int(length)))
    }

    private func run(
        _ input: [UInt8],
        output: UnsafeMutablePointer<UInt8>?,
        length: inout Int32,
        encrypting: Bool
    ) throws(CryptoError) {
        guard input.count <= Int(Int32.max) else {
            throw CryptoError(code: .cryptoFailure, message: "The data is too large to seal in one piece.")
        }
        let status = encrypting
            ? EVP_EncryptUpdate(pointer, output, &length, input, Int32(input.count))
            : EVP_DecryptUpdate(pointer, output, &length, input, Int32(input.count))
        try check(status, encrypting ? "EVP_EncryptUpdate" : "EVP_DecryptUpdate")
    }
}
