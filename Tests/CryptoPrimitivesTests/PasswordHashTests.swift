import CryptoPrimitives
import Foundation
import Testing

/// scrypt through libcrypto, checked against RFC 7914 §12's test vectors (written from the RFC, not from this code),
/// and the stored form: its own salt per hash, verified in constant time, a malformed one never matching.
@Suite struct PasswordHashTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func rfc7914_vectors() {
        let empty = PasswordHash.derive([], salt: [], parameters: .init(log2N: 4, r: 1, p: 1), length: 64)
        #expect(empty.map(Self.hex) == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
        let nacl = PasswordHash.derive(Array("password".utf8), salt: Array("NaCl".utf8), parameters: .init(log2N: 10, r: 8, p: 16), length: 64)
        #expect(nacl.map(Self.hex) == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
    }

    @Test func aStoredHash_verifiesItsPasswordOnly_andEachHasItsOwnSalt() {
        let cheap = PasswordHash.Parameters(log2N: 10, r: 8, p: 1)
        let first = PasswordHash.make("correct horse", parameters: cheap)
        let second = PasswordHash.make("correct horse", parameters: cheap)
        #expect(first.hasPrefix("scrypt$10$8$1$") && first != second, "a salt per hash: \(first) \(second)")
        #expect(PasswordHash.verify("correct horse", against: first) && PasswordHash.verify("correct horse", against: second))
        #expect(!PasswordHash.verify("correct horsE", against: first) && !PasswordHash.verify("", against: first))
        for malformed in ["", "scrypt$10$8$1$c2FsdA==", "bcrypt$10$8$1$c2FsdA==$aGFzaA==", "scrypt$99$8$1$c2FsdA==$aGFzaA==", "scrypt$10$8$1$%%%$aGFzaA=="] {
            #expect(!PasswordHash.verify("correct horse", against: malformed), "\(malformed)")
        }
        #expect(PasswordHash.Parameters.interactive == .init(log2N: 15, r: 8, p: 1))
    }
}
