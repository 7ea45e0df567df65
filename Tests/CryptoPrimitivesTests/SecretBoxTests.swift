import CryptoPrimitives
import Testing

@Suite("SecretBox")
struct SecretBoxTests {
    let owner = Array("account:7".utf8)
    let secret = Array("refresh-token-value".utf8)

    @Test(arguments: [0, 1, 15, 16, 17, 1000])
    func seal_thenOpen_returnsThePlaintext(length: Int) throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let plaintext = SecureRandom.bytes(length)
        let sealed = try box.seal(plaintext, associatedData: owner)
        #expect(try box.open(sealed, associatedData: owner) == plaintext)
    }

    @Test func seal_withEmptyAssociatedData_roundTrips() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        #expect(try box.open(box.seal(secret, associatedData: []), associatedData: []) == secret)
    }

    @Test func seal_writesVersionNonceCiphertextAndTag() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let sealed = try box.seal(secret, associatedData: owner)
        #expect(sealed.count == 1 + 12 + secret.count + 16)
        #expect(sealed[0] == 1)
        #expect(!sealed.windows(ofCount: secret.count).contains(secret[...]))
    }

    @Test func seal_twice_usesFreshNonces() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let first = try box.seal(secret, associatedData: owner)
        let second = try box.seal(secret, associatedData: owner)
        #expect(first[1..<13] != second[1..<13])
        #expect(first != second)
    }

    @Test func open_withWrongKey_isRejected() throws {
        let sealed = try SecretBox(key: SecretBox.generateKey()).seal(secret, associatedData: owner)
        let other = try SecretBox(key: SecretBox.generateKey())
        let error = try #require(throws: CryptoError.self) { try other.open(sealed, associatedData: owner) }
        #expect(error.code == .sealedDataRejected)
        #expect(error.message.contains("key does not match"))
        #expect(error.message.contains("altered"))
    }

    @Test func open_afterAnyByteIsTampered_isRejected() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let sealed = try box.seal(secret, associatedData: owner)
        for index in sealed.indices {
            var tampered = sealed
            tampered[index] ^= 0x01
            let error = try #require(throws: CryptoError.self) { try box.open(tampered, associatedData: owner) }
            #expect(error.code == .sealedDataRejected, "byte \(index)")
        }
    }

    @Test func open_withWrongAssociatedData_isRejected() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let sealed = try box.seal(secret, associatedData: owner)
        let error = try #require(throws: CryptoError.self) {
            try box.open(sealed, associatedData: Array("account:8".utf8))
        }
        #expect(error.code == .sealedDataRejected)
    }

    @Test func open_ofTruncatedData_isRejected() throws {
        let box = try SecretBox(key: SecretBox.generateKey())
        let sealed = try box.seal(secret, associatedData: owner)
        for length in [0, 1, 13, 28, sealed.count - 1] {
            let error = try #require(throws: CryptoError.self) {
                try box.open(Array(sealed.prefix(length)), associatedData: owner)
            }
            #expect(error.code == .sealedDataRejected, "length \(length)")
        }
    }

    @Test(arguments: [0, 16, 31, 33, 64])
    func init_withWrongKeyLength_throwsInvalidKey(length: Int) throws {
        let error = try #require(throws: CryptoError.self) { try SecretBox(key: [UInt8](repeating: 7, count: length)) }
        #expect(error.code == .invalidKey)
        #expect(error.message.contains("32"))
    }

    @Test func generateKey_givesDistinctKeysOfTheRightLength() {
        let first = SecretBox.generateKey()
        #expect(first.count == SecretBox.keyLength)
        #expect(first != SecretBox.generateKey())
    }

    @Test func descriptions_neverShowTheKeyOrPlaintext() throws {
        let key = [UInt8](repeating: 0x41, count: 32)  // "AAAA…" would be easy to spot
        let box = try SecretBox(key: key)
        #expect(!String(describing: box).contains("65"))
        #expect(!String(reflecting: box).contains("65"))
        var dumped = ""
        dump(box, to: &dumped)
        #expect(!dumped.contains("65"))
        let sealed = try box.seal(secret, associatedData: owner)
        let error = try #require(throws: CryptoError.self) { try box.open(sealed, associatedData: []) }
        #expect(!error.description.contains("refresh-token-value"))
    }
}

extension Array {
    /// Contiguous slices of `count` elements, for "does this byte string appear inside" checks.
    fileprivate func windows(ofCount count: Int) -> [ArraySlice<Element>] {
        guard count > 0, count <= self.count else { return [] }
        return (0...(self.count - count)).map { self[$0..<($0 + count)] }
    }
}
