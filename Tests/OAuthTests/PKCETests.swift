import CryptoPrimitives
import OAuth
import Testing

@Suite("PKCE")
struct PKCETests {
    @Test func pkceVerifier_is64UnreservedCharacters_andFreshEachTime() {
        let verifier = PKCE.makeVerifier()
        #expect(verifier.count == 64)
        #expect(PercentEncoding.encode(verifier) == verifier)
        #expect(verifier != PKCE.makeVerifier())
        #expect(PKCE.verifyS256(verifier: verifier, challenge: PKCE.challengeS256(verifier: verifier)))
    }

    @Test func pkceVerify_rejectsAWrongOrOutOfRangeVerifier() {
        let verifier = PKCE.makeVerifier()
        let challenge = PKCE.challengeS256(verifier: verifier)
        #expect(!PKCE.verifyS256(verifier: PKCE.makeVerifier(), challenge: challenge))
        let short = String(repeating: "a", count: 42)
        #expect(!PKCE.verifyS256(verifier: short, challenge: PKCE.challengeS256(verifier: short)))
        let badCharacter = String(repeating: "a", count: 42) + "+"
        #expect(!PKCE.verifyS256(verifier: badCharacter, challenge: PKCE.challengeS256(verifier: badCharacter)))
    }
}
