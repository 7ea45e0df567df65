import Foundation
import OAuth
import Testing

@testable import Sandbox

/// The verifier must accept exactly what a correct OAuth 1.0a client sends, and say why it refuses anything else.
@Suite struct OAuth1VerifierTests {
    static let consumerKey = SandboxCredentials.xConsumerKey
    static let consumerSecret = SandboxCredentials.xConsumerSecret
    static let token = "1700000000000000001-AbCdEf"
    static let tokenSecret = "token-secret-40-characters-long-xxxxxxxxx"
    static let url = "http://127.0.0.1:8080/2/tweets"
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let timestamp = 1_700_000_000

    let verifier = OAuth1Verifier(consumers: [consumerKey: consumerSecret], timestampTolerance: .seconds(300))

    func header(
        method: String = "POST",
        url: String = url,
        form: [(String, String)] = [],
        tokenSecret: String = tokenSecret,
        consumerKey: String = consumerKey,
        nonce: String = "nonce-1",
        timestamp: Int = timestamp
    ) -> String {
        let credentials = OAuth1Credentials(
            consumerKey: consumerKey,
            consumerSecret: Self.consumerSecret,
            token: Self.token,
            tokenSecret: tokenSecret
        )
        return OAuth1Signer(credentials: credentials)
            .authorizationHeader(method: method, url: url, formParameters: form, nonce: nonce, timestamp: timestamp)
    }

    func verify(
        _ request: OAuth1SignedRequest,
        now: Date = now,
        nonces: inout NonceCache
    ) -> Result<OAuth1Identity, OAuth1Rejection> {
        verifier.verify(request, tokenSecret: { $0 == Self.token ? Self.tokenSecret : nil }, now: now, nonces: &nonces)
    }

    func verify(_ request: OAuth1SignedRequest, now: Date = now) -> Result<OAuth1Identity, OAuth1Rejection> {
        var nonces = verifier.makeNonceCache()
        return verify(request, now: now, nonces: &nonces)
    }

    func rejection(_ result: Result<OAuth1Identity, OAuth1Rejection>) -> OAuth1Rejection.Code? {
        if case .failure(let rejection) = result { return rejection.code }
        return nil
    }

    @Test func verify_acceptsARequestSignedByOAuth1Signer() throws {
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header()))
        let identity = try result.get()
        #expect(identity.consumerKey == Self.consumerKey)
        #expect(identity.token == Self.token)
        #expect(identity.oauthParameters["oauth_signature"] == nil)
        #expect(identity.oauthParameters["oauth_nonce"] == "nonce-1")
    }

    @Test func verify_acceptsASignedQueryAndATimestampInsideTheTolerance() throws {
        let url = "http://127.0.0.1:8080/2/users/me?user.fields=created_at,description&x=a%20b"
        let request = OAuth1SignedRequest(method: "GET", url: url, authorization: header(method: "GET", url: url, timestamp: Self.timestamp - 299))
        _ = try verify(request).get()
    }

    @Test func verify_rejectsAWrongSignature() {
        let tampered = header().replacingOccurrences(of: "oauth_nonce=\"nonce-1\"", with: "oauth_nonce=\"nonce-2\"")
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: tampered))
        #expect(rejection(result) == .badSignature)
    }

    @Test func verify_rejectsASignatureForAnotherURL() {
        let signedForOtherPort = header(url: "http://127.0.0.1:9090/2/tweets")
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: signedForOtherPort))
        #expect(rejection(result) == .badSignature)
    }

    @Test func verify_rejectsASignatureMadeWithTheWrongTokenSecret() {
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(tokenSecret: "not-the-secret")))
        #expect(rejection(result) == .badSignature)
    }

    @Test func verify_rejectsAStaleTimestampInEitherDirection() {
        let old = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(timestamp: Self.timestamp - 301)))
        let future = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(timestamp: Self.timestamp + 301)))
        #expect(rejection(old) == .staleTimestamp)
        #expect(rejection(future) == .staleTimestamp)
    }

    @Test func verify_rejectsAReusedNonceButAcceptsAFreshOne() throws {
        var nonces = verifier.makeNonceCache()
        let request = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header())
        _ = try verify(request, nonces: &nonces).get()
        #expect(rejection(verify(request, now: Self.now.addingTimeInterval(10), nonces: &nonces)) == .reusedNonce)
        let fresh = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(nonce: "nonce-2"))
        _ = try verify(fresh, now: Self.now.addingTimeInterval(10), nonces: &nonces).get()
    }

    @Test func verify_rejectsAReplayOfAFutureStampedRequestForAsLongAsItsTimestampIsAcceptable() throws {
        var nonces = verifier.makeNonceCache()
        let request = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(timestamp: Self.timestamp + 300))
        _ = try verify(request, nonces: &nonces).get()
        #expect(rejection(verify(request, now: Self.now.addingTimeInterval(590), nonces: &nonces)) == .reusedNonce)
        #expect(rejection(verify(request, now: Self.now.addingTimeInterval(601), nonces: &nonces)) == .staleTimestamp)
    }

    @Test func verify_doesNotBurnTheNonceOfARequestItRefuses() throws {
        var nonces = verifier.makeNonceCache()
        let forged = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(tokenSecret: "guess"))
        #expect(rejection(verify(forged, nonces: &nonces)) == .badSignature)
        _ = try verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header()), nonces: &nonces).get()
    }

    @Test func verify_rejectsAnUnknownToken() {
        var nonces = verifier.makeNonceCache()
        let verdict = verifier.verify(
            OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header()),
            tokenSecret: { _ in nil },
            now: Self.now,
            nonces: &nonces
        )
        #expect(rejection(verdict) == .unknownToken)
    }

    @Test func verify_rejectsAnUnknownConsumerKey() {
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: header(consumerKey: "someone-else")))
        #expect(rejection(result) == .unknownConsumerKey)
    }

    @Test func verify_rejectsAMissingOrNonOAuthAuthorizationHeader() {
        #expect(rejection(verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: nil))) == .missingHeader)
        #expect(rejection(verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: "  "))) == .missingHeader)
        let bearer = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: "Bearer abc")
        #expect(rejection(verify(bearer)) == .unsupportedScheme)
        let garbage = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: "OAuth oauth_nonce=unquoted")
        #expect(rejection(verify(garbage)) == .malformedHeader)
    }

    @Test func verify_rejectsAnUnsupportedSignatureMethod() {
        let plaintext = header().replacingOccurrences(of: "HMAC-SHA1", with: "PLAINTEXT")
        #expect(rejection(verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: plaintext))) == .unsupportedSignatureMethod)
    }

    @Test func verify_rejectsARequestWithoutATokenWhenUserContextIsRequired() {
        let appOnly = OAuth1Signer(credentials: .init(consumerKey: Self.consumerKey, consumerSecret: Self.consumerSecret))
            .authorizationHeader(method: "POST", url: Self.url, nonce: "n", timestamp: Self.timestamp)
        let result = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: appOnly))
        #expect(rejection(result) == .missingToken)
    }

    @Test func verify_includesFormBodyParametersInTheSignature() throws {
        let form = [("status", "Sunday run: 10 km"), ("lang", "en")]
        let signed = header(form: form)
        _ = try verify(OAuth1SignedRequest(method: "POST", url: Self.url, formBody: "status=Sunday%20run%3A%2010%20km&lang=en", authorization: signed)).get()
        let withoutForm = OAuth1SignedRequest(method: "POST", url: Self.url, authorization: signed)
        #expect(rejection(verify(withoutForm)) == .badSignature)
        let changed = OAuth1SignedRequest(method: "POST", url: Self.url, formBody: "status=edited&lang=en", authorization: signed)
        #expect(rejection(verify(changed)) == .badSignature)
    }

    @Test func rejectionMessages_neverContainTheSignatureOrSecrets() {
        let signed = header(tokenSecret: "guess")
        let signature = try? OAuth1AuthorizationHeader.parse(signed).first { $0.0 == "oauth_signature" }?.1
        guard case .failure(let rejection) = verify(OAuth1SignedRequest(method: "POST", url: Self.url, authorization: signed)) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(signature != nil)
        #expect(!rejection.message.contains(signature ?? "-"))
        #expect(!rejection.message.contains(Self.tokenSecret))
        #expect(!rejection.message.contains(Self.consumerSecret))
    }
}
