import CryptoPrimitives
import Foundation
import OAuth
import Testing

@Suite("OAuth2Client.startAuthorization")
struct OAuth2AuthorizationURLTests {
    let client = OAuth2Client(
        configuration: {
            var configuration = Fixtures.configuration()
            configuration.extraAuthorizationParameters = [("prompt", "consent")]
            return configuration
        }(),
        transport: RecordingTransport()
    )

    /// The raw (still encoded) `name=value` segments of the URL's query.
    func rawQuery(_ url: String) -> [String: String] {
        let query = url.split(separator: "?", maxSplits: 1)[1]
        return Dictionary(uniqueKeysWithValues: query.split(separator: "&").map { segment in
            let parts = segment.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
    }

    @Test func startAuthorization_putsEveryRequiredParameterInTheURL_percentEncoded() throws {
        let session = client.startAuthorization(redirectURI: Fixtures.redirectURI)
        #expect(session.url.hasPrefix("https://auth.example/i/oauth2/authorize?"))
        let query = rawQuery(session.url)
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "my%20client%3A1")
        #expect(query["redirect_uri"] == "http%3A%2F%2F127.0.0.1%3A8123%2Fcallback")
        #expect(query["scope"] == "tweet.read%20offline.access")
        #expect(query["state"] == session.state)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["prompt"] == "consent")
        let verifier = try #require(session.codeVerifier)
        #expect(query["code_challenge"] == PKCE.challengeS256(verifier: verifier))
        #expect(PKCE.verifyS256(verifier: verifier, challenge: try #require(query["code_challenge"])))
    }

    @Test func startAuthorization_makesAFresh32ByteStateAndVerifierEachTime() throws {
        let first = client.startAuthorization(redirectURI: Fixtures.redirectURI)
        let second = client.startAuthorization(redirectURI: Fixtures.redirectURI)
        #expect(Base64.decodeURL(first.state)?.count == 32)
        #expect(first.state != second.state)
        #expect(first.codeVerifier != second.codeVerifier)
        #expect((43...128).contains(try #require(first.codeVerifier).count))
        #expect(first.redirectURI == Fixtures.redirectURI)
    }

    @Test func startAuthorization_recordsTheTimeItWasGiven() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(client.startAuthorization(redirectURI: Fixtures.redirectURI, now: now).createdAt == now)
    }

    @Test func startAuthorization_withoutPKCE_sendsNoChallenge() {
        var configuration = Fixtures.configuration()
        configuration.usesPKCE = false
        let session = OAuth2Client(configuration: configuration, transport: RecordingTransport())
            .startAuthorization(redirectURI: Fixtures.redirectURI)
        #expect(session.codeVerifier == nil)
        #expect(rawQuery(session.url)["code_challenge"] == nil)
        #expect(rawQuery(session.url)["code_challenge_method"] == nil)
    }

    @Test func startAuthorization_joinsScopesWithTheConfiguredSeparator_andAppendsToAnExistingQuery() {
        var configuration = Fixtures.configuration(scopes: ["pages_manage_posts", "pages_show_list"])
        configuration.scopeSeparator = ","
        configuration.authorizationEndpoint = "https://www.facebook.example/v19.0/dialog/oauth?display=page"
        let session = OAuth2Client(configuration: configuration, transport: RecordingTransport())
            .startAuthorization(redirectURI: Fixtures.redirectURI)
        #expect(session.url.hasPrefix("https://www.facebook.example/v19.0/dialog/oauth?display=page&response_type=code&"))
        #expect(rawQuery(session.url)["scope"] == "pages_manage_posts%2Cpages_show_list")
    }

    @Test func startAuthorization_withoutScopes_sendsNoScopeParameter() {
        let session = OAuth2Client(configuration: Fixtures.configuration(scopes: []), transport: RecordingTransport())
            .startAuthorization(redirectURI: Fixtures.redirectURI)
        #expect(rawQuery(session.url)["scope"] == nil)
    }

    @Test func session_roundTripsThroughJSON_andItsDescriptionHidesStateAndVerifier() throws {
        let session = client.startAuthorization(redirectURI: Fixtures.redirectURI)
        let decoded = try JSONDecoder().decode(OAuth2AuthorizationSession.self, from: JSONEncoder().encode(session))
        #expect(decoded == session)
        let verifier = try #require(session.codeVerifier)
        for text in [session.description, String(reflecting: session), { var out = ""; dump(session, to: &out); return out }()] {
            #expect(!text.contains(session.state))
            #expect(!text.contains(verifier))
        }
    }

    @Test func configuration_descriptionHidesTheClientSecret() {
        let configuration = Fixtures.configuration(.basic)
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!configuration.description.contains(Fixtures.clientSecret))
        #expect(!dumped.contains(Fixtures.clientSecret))
        #expect(configuration.description.contains("redacted"))
    }
}
