import CryptoPrimitives
import Foundation
import OAuth
import Testing

/// Checks the library against every published vector in `conformance/oauth/vectors.json`.
@Suite("Published vectors")
struct PublishedVectorTests {
    @Test func vectorFile_hasOnlyFieldsTheseTestsHonour() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: PublishedVectors.data()) as? [String: Any])
        #expect(Set(json.keys).isSubset(of: PublishedVectors.topLevelFields))
        let cases = try #require(json["oauth1"] as? [[String: Any]])
        #expect(!cases.isEmpty)
        for entry in cases {
            let unknown = Set(entry.keys).subtracting(PublishedVectors.oauth1Fields)
            #expect(unknown.isEmpty, "case \(entry["name"] ?? "?") has fields no test honours: \(unknown.sorted())")
        }
        let vectors = try PublishedVectors.load()
        #expect(vectors.oauth1.count == cases.count)
        #expect(!vectors.percentEncoding.isEmpty)
    }

    @Test(arguments: try PublishedVectors.load().oauth1)
    func signature_matchesEveryPublishedVector(_ vector: OAuth1Case) {
        let baseString = OAuth1Signer.signatureBaseString(method: vector.method, url: vector.url, parameters: vector.pairs)
        if let expected = vector.baseString {
            #expect(baseString == expected)
        }
        if let expected = vector.signingKey {
            #expect(OAuth1Signer.signingKey(consumerSecret: vector.consumerSecret, tokenSecret: vector.tokenSecret) == expected)
        }
        let signature = OAuth1Signer.signature(
            baseString: baseString,
            consumerSecret: vector.consumerSecret,
            tokenSecret: vector.tokenSecret
        )
        #expect(signature == vector.signature)
    }

    /// The listed params must be exactly the URL's query, the form body (where given) and the
    /// protocol parameters: this is what proves the query and body parsers sign the right things.
    @Test(arguments: try PublishedVectors.load().oauth1)
    func params_areTheQueryFormBodyAndProtocolParametersOfEveryVector(_ vector: OAuth1Case) throws {
        var expected = OAuth1Signer.queryParameters(of: vector.url) + vector.oauthPairs
        if let formBody = vector.formBody {
            let body = try #require(PercentDecoding.parseForm(formBody))
            expected += body
            // Our encoder writes the same body, up to the case of the hex digits.
            #expect(PercentEncoding.encodeForm(body).lowercased() == formBody.lowercased())
        } else {
            expected += vector.impliedBodyPairs
        }
        #expect(multiset(expected) == multiset(vector.pairs))
    }

    /// Drives the public entry point a connector uses, with the vector's nonce, timestamp, token,
    /// query and form body, and expects the published signature in the header it writes.
    @Test(arguments: try PublishedVectors.load().oauth1)
    func authorizationHeader_carriesEveryPublishedSignature(_ vector: OAuth1Case) throws {
        let defaults: Set = [
            "oauth_consumer_key", "oauth_nonce", "oauth_signature_method", "oauth_timestamp", "oauth_token",
            "oauth_version",
        ]
        var signer = OAuth1Signer(
            credentials: OAuth1Credentials(
                consumerKey: try #require(vector.value("oauth_consumer_key")),
                consumerSecret: vector.consumerSecret,
                token: vector.value("oauth_token"),
                tokenSecret: vector.tokenSecret.isEmpty ? nil : vector.tokenSecret
            )
        )
        signer.includesVersion = vector.value("oauth_version") != nil
        let formParameters = try vector.formBody.map { try #require(PercentDecoding.parseForm($0)) }
            ?? vector.impliedBodyPairs
        let nonce = try #require(vector.value("oauth_nonce"))
        let timestamp = try #require(vector.value("oauth_timestamp").flatMap { Int($0) })

        let header = signer.authorizationHeader(
            method: vector.method,
            url: vector.url,
            formParameters: formParameters,
            extraOAuthParameters: vector.oauthPairs.filter { !defaults.contains($0.0) },
            nonce: nonce,
            timestamp: timestamp
        )

        let parsed = try OAuth1AuthorizationHeader.parse(header)
        #expect(parsed.first { $0.0 == "oauth_signature" }?.1 == vector.signature)
        #expect(multiset(parsed.filter { $0.0 != "oauth_signature" }) == multiset(vector.oauthPairs))
        #expect(header.contains("oauth_signature=\"\(PercentEncoding.encode(vector.signature))\""))
        #expect(
            OAuth1Signer.verify(
                method: vector.method,
                url: vector.url,
                oauthParameters: parsed,
                formParameters: formParameters,
                consumerSecret: vector.consumerSecret,
                tokenSecret: vector.tokenSecret
            )
        )
    }

    @Test(arguments: try PublishedVectors.load().percentEncoding)
    func percentEncoding_matchesEveryPublishedVector(_ vector: PercentEncodingCase) {
        #expect(PercentEncoding.encode(vector.input) == vector.encoded)
        #expect(PercentDecoding.decode(vector.encoded) == vector.input)
    }

    @Test func pkce_matchesThePublishedS256Vector() throws {
        let vector = try PublishedVectors.load().pkceS256
        #expect(PKCE.challengeS256(verifier: vector.codeVerifier) == vector.codeChallenge)
        #expect(PKCE.verifyS256(verifier: vector.codeVerifier, challenge: vector.codeChallenge))
    }
}
