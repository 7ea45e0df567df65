import OAuth
import Testing

@Suite("OAuth1AuthorizationHeader")
struct OAuth1AuthorizationHeaderTests {
    let signer = OAuth1Signer(
        credentials: OAuth1Credentials(consumerKey: "key with space", consumerSecret: "cs", token: "tok/en", tokenSecret: "ts")
    )

    @Test func parse_ofAGeneratedHeader_roundTripsEveryParameter() throws {
        let header = signer.authorizationHeader(
            method: "POST",
            url: "http://127.0.0.1:8080/oauth/access_token",
            extraOAuthParameters: [("oauth_verifier", "v+1=2&3"), ("oauth_callback", "http://127.0.0.1:9/cb?x=1")],
            nonce: "abc",
            timestamp: 1_700_000_000
        )
        let parsed = try OAuth1AuthorizationHeader.parse(header)
        let expected: [(String, String)] = [
            ("oauth_callback", "http://127.0.0.1:9/cb?x=1"),
            ("oauth_consumer_key", "key with space"),
            ("oauth_nonce", "abc"),
            ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", "1700000000"),
            ("oauth_token", "tok/en"),
            ("oauth_verifier", "v+1=2&3"),
            ("oauth_version", "1.0"),
        ]
        #expect(multiset(parsed.filter { $0.0 != "oauth_signature" }) == multiset(expected))
        #expect(
            OAuth1Signer.verify(
                method: "POST",
                url: "http://127.0.0.1:8080/oauth/access_token",
                oauthParameters: parsed,
                consumerSecret: "cs",
                tokenSecret: "ts"
            )
        )
    }

    @Test func parse_acceptsAnySchemeCaseAndFlexibleSpacing_andDropsRealm() throws {
        let parsed = try OAuth1AuthorizationHeader.parse(
            "oauth realm=\"Example\",oauth_nonce=\"a%20b\" ,\toauth_token=\"\""
        )
        #expect(multiset(parsed) == multiset([("oauth_nonce", "a b"), ("oauth_token", "")]))
    }

    @Test(
        arguments: [
            "",
            "OAuth",
            "OAuth ",
            "Bearer oauth_token=\"abc\"",
            "OAuthoauth_nonce=\"abc\"",
            "OAuth oauth_nonce=abc",
            "OAuth oauth_nonce=\"abc",
            "OAuth oauth_nonce",
            "OAuth =\"abc\"",
            "OAuth oauth_nonce=\"a%zzb\"",
            "OAuth oauth_nonce=\"a%2\"",
            "OAuth oauth_nonce=\"a\\\"b\"",
            "OAuth oauth_nonce=\"a b\"",
            "OAuth oauth_nonce=\"a\" oauth_token=\"b\"",
            "OAuth oauth_nonce=\"a\", oauth_nonce=\"b\"",
            "OAuth oauth_nonce=\"a\",",
            "OAuth oauth_nonce=\"a\" trailing",
            "OAuth realm=\"only\"",
        ]
    )
    func parse_ofMalformedHeader_throwsMalformedHeader(_ header: String) throws {
        let error = try #require(throws: OAuthError.self) { try OAuth1AuthorizationHeader.parse(header) }
        #expect(error.code == .malformedHeader)
        #expect(error.message.contains("Authorization header"))
    }

    @Test func parse_errorsNeverQuoteValues() throws {
        let error = try #require(throws: OAuthError.self) {
            try OAuth1AuthorizationHeader.parse("OAuth oauth_token=\"secret-token\", oauth_token=\"secret-token\"")
        }
        #expect(!error.description.contains("secret-token"))
    }
}
