import CryptoPrimitives
import Testing

@Suite("Digest, SecureRandom, ConstantTime")
struct DigestTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// FIPS 180-2 appendix B.1 and the empty message.
    @Test func sha256_matchesTheStandardVectors() {
        #expect(hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// The hex name files are kept under: the whole digest, or its first bytes.
    @Test func sha256Hex_isTheDigestInLowercaseHex() {
        #expect(Digest.sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.sha256Hex(Array("abc".utf8), bytes: 8) == "ba7816bf8f01cfea")
    }

    /// RFC 2202 test case 2 and RFC 4231 test case 2.
    @Test func hmac_matchesTheRFCVectors() {
        let key = Array("Jefe".utf8)
        let data = Array("what do ya want for nothing?".utf8)
        #expect(hex(Digest.hmacSHA1(key: key, data: data)) == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(
            hex(Digest.hmacSHA256(key: key, data: data))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        )
    }

    @Test func hmac_acceptsAnEmptyKeyAndMessage() {
        #expect(hex(Digest.hmacSHA256(key: [], data: [])) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        #expect(hex(Digest.hmacSHA1(key: [], data: [])) == "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d")
    }

    @Test func constantTimeEquals_comparesContentAndLength() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2], [1, 2, 3]))
        #expect(ConstantTime.equals([UInt8](), []))
    }

    @Test func secureRandom_givesTheRequestedLengthAndAlphabet() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(33).count == 33)
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
        let text = SecureRandom.alphanumeric(500)
        #expect(text.count == 500)
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(Set(text).count > 40)  // all 62 are expected; a broken sampler shows far fewer
    }

    /// The crypto codes were OAuthError's before CryptoPrimitives was split from OAuth (issue 27); `malformedHeader`
    /// stayed with OAuth 1.0a's header parsing.
    @Test func errorCodes_areDistinct_andDescriptionsNameTheCode() {
        let codes: [CryptoError.Code] = [.invalidKey, .sealedDataRejected, .cryptoFailure]
        #expect(Set(codes).count == codes.count)
        let error = CryptoError(code: .cryptoFailure, message: "m", openSSLErrorCode: 0x1C80_0064)
        #expect(error.description == "CryptoError.cryptoFailure: m (OpenSSL error 0x1c800064)")
    }
}
