import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import Testing

@Suite("OAuth2Client token requests")
struct OAuth2TokenRequestTests {
    let session = Fixtures.session()

    @Test func exchange_sendsTheCodeGrantWithRedirectURIAndVerifier_andReadsTheTokens() async throws {
        let transport = RecordingTransport(.json(200, Fixtures.tokenBody))
        let client = OAuth2Client(configuration: Fixtures.configuration(.none), transport: transport)
        let tokens = try await client.exchange(code: "CODE/with+odd chars", session: session)

        let request = try transport.request
        #expect(request.method == "POST")
        #expect(request.url == Fixtures.tokenEndpoint)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.header("Accept") == "application/json")
        #expect(request.freshConnection)
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(body.contains("code=CODE%2Fwith%2Bodd%20chars"))
        #expect(request.formParameters == [
            "grant_type": "authorization_code",
            "code": "CODE/with+odd chars",
            "redirect_uri": Fixtures.redirectURI,
            "code_verifier": try #require(session.codeVerifier),
            "client_id": Fixtures.clientID,
        ])
        #expect(tokens == OAuth2TokenResponse(
            accessToken: "AT-123456", tokenType: "bearer", expiresIn: 7200, refreshToken: "RT-654321", scope: "tweet.read offline.access"
        ))
    }

    @Test func exchange_withBasicAuthentication_sendsTheEncodedPairInTheHeaderOnly() async throws {
        let transport = RecordingTransport(.json(200, Fixtures.tokenBody))
        let client = OAuth2Client(configuration: Fixtures.configuration(.basic), transport: transport)
        _ = try await client.exchange(code: "CODE", session: session)

        let request = try transport.request
        // RFC 6749 section 2.3.1: each half form-encoded, then joined by ":" and base64-encoded.
        let pair = "my%20client%3A1:s3cr%E2%82%ACt%2F%2Bclient-SECRET"
        #expect(request.header("Authorization") == "Basic " + Base64.encode(Array(pair.utf8)))
        #expect(request.formParameters["client_id"] == nil)
        #expect(request.formParameters["client_secret"] == nil)
        #expect(request.formParameters["code"] == "CODE")
        #expect(!request.url.contains("client"))
    }

    @Test func basicAuthentication_ofPlainCredentials_isTheFamiliarBase64() async throws {
        var configuration = Fixtures.configuration(.basic, secret: "secret")
        configuration.clientID = "client"
        let transport = RecordingTransport(.json(200, Fixtures.tokenBody))
        _ = try await OAuth2Client(configuration: configuration, transport: transport).refresh(refreshToken: "RT")
        #expect(try transport.request.header("Authorization") == "Basic Y2xpZW50OnNlY3JldA==")
    }

    @Test func exchange_withFormParameters_sendsIDAndSecretInTheBody() async throws {
        let transport = RecordingTransport(.json(200, Fixtures.tokenBody))
        let client = OAuth2Client(configuration: Fixtures.configuration(.formParameters), transport: transport)
        _ = try await client.exchange(code: "CODE", session: session)

        let request = try transport.request
        #expect(request.header("Authorization") == nil)
        #expect(request.formParameters["client_id"] == Fixtures.clientID)
        #expect(request.formParameters["client_secret"] == Fixtures.clientSecret)
        #expect(request.formParameters["grant_type"] == "authorization_code")
        #expect(request.url == Fixtures.tokenEndpoint)
    }

    @Test func exchange_asFacebookDoes_isAGETWithEverythingInTheQuery() async throws {
        let transport = RecordingTransport(.json(200, #"{"access_token":"EAAB","token_type":"bearer","expires_in":5183944}"#))
        let client = OAuth2Client(configuration: Fixtures.configuration(.queryParameters, method: "GET"), transport: transport)
        let tokens = try await client.exchange(code: "CODE", session: session)

        let request = try transport.request
        #expect(request.method == "GET")
        #expect(request.body == nil)
        #expect(request.header("Content-Type") == nil)
        #expect(request.header("Authorization") == nil)
        #expect(request.endpoint == Fixtures.tokenEndpoint)
        #expect(request.queryParameters == [
            "grant_type": "authorization_code",
            "code": "CODE",
            "redirect_uri": Fixtures.redirectURI,
            "code_verifier": try #require(session.codeVerifier),
            "client_id": Fixtures.clientID,
            "client_secret": Fixtures.clientSecret,
        ])
        #expect(tokens.expiresIn == 5_183_944)
        #expect(tokens.refreshToken == nil)
    }

    @Test func exchange_asAPublicClient_sendsTheClientIDAndNoSecret() async throws {
        let transport = RecordingTransport(.json(200, Fixtures.tokenBody))
        let client = OAuth2Client(configuration: Fixtures.configuration(.none), transport: transport)
        _ = try await client.exchange(code: "CODE", session: Fixtures.session(verifier: nil))

        let request = try transport.request
        #expect(request.header("Authorization") == nil)
        #expect(request.formParameters["client_id"] == Fixtures.clientID)
        #expect(request.formParameters["client_secret"] == nil)
        #expect(request.formParameters["code_verifier"] == nil)
    }

    @Test func refresh_sendsTheRefreshTokenGrant_andReadsTheNewPair() async throws {
        let transport = RecordingTransport(.json(200, #"{"access_token":"AT-2","token_type":"bearer","expires_in":"7200","refresh_token":"RT-2"}"#))
        let client = OAuth2Client(configuration: Fixtures.configuration(.basic), transport: transport)
        let tokens = try await client.refresh(refreshToken: "RT-1")

        let request = try transport.request
        #expect(request.formParameters == ["grant_type": "refresh_token", "refresh_token": "RT-1"])
        #expect(request.header("Authorization")?.hasPrefix("Basic ") == true)
        #expect(tokens.accessToken == "AT-2")
        #expect(tokens.refreshToken == "RT-2")
        #expect(tokens.expiresIn == 7200)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(tokens.expiresAt(from: now) == Date(timeIntervalSince1970: 8_200))
    }

    @Test func revoke_postsTheTokenAndItsTypeHint_toTheRevocationEndpoint() async throws {
        let transport = RecordingTransport(.text(200, ""))
        let client = OAuth2Client(configuration: Fixtures.configuration(.none), transport: transport)
        try await client.revoke(token: "RT-1", typeHint: "refresh_token")

        let request = try transport.request
        #expect(request.method == "POST")
        #expect(request.url == "https://auth.example/oauth2/revoke")
        #expect(request.formParameters == ["token": "RT-1", "token_type_hint": "refresh_token", "client_id": Fixtures.clientID])
    }

    @Test func revoke_whenTheServerRefuses_throwsItsError() async throws {
        let transport = RecordingTransport(.json(503, #"{"error":"unsupported_token_type"}"#))
        let client = OAuth2Client(configuration: Fixtures.configuration(.basic), transport: transport)
        let error = await #expect(throws: OAuthError.self) { try await client.revoke(token: "AT-1", typeHint: "") }
        #expect(error?.code == .invalidRequest)
        #expect(try transport.request.formParameters == ["token": "AT-1"])
    }

    @Test func revoke_withoutARevocationEndpoint_saysSoWithoutSending() async throws {
        var configuration = Fixtures.configuration()
        configuration.revocationEndpoint = nil
        let transport = RecordingTransport()
        let error = await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: configuration, transport: transport).revoke(token: "AT", typeHint: "access_token")
        }
        #expect(error?.code == .invalidRequest)
        #expect(transport.requests.isEmpty)
    }

    @Test func tokenRequest_sendsTheCallersParametersWithTheSameClientAuthentication() async throws {
        let transport = RecordingTransport(.json(200, #"{"access_token":"LONG-LIVED","token_type":"bearer","expires_in":5183944}"#))
        let client = OAuth2Client(configuration: Fixtures.configuration(.queryParameters, method: "GET"), transport: transport)
        let tokens = try await client.tokenRequest(parameters: [("grant_type", "fb_exchange_token"), ("fb_exchange_token", "SHORT")])

        let request = try transport.request
        #expect(request.method == "GET")
        #expect(request.queryParameters == [
            "grant_type": "fb_exchange_token", "fb_exchange_token": "SHORT",
            "client_id": Fixtures.clientID, "client_secret": Fixtures.clientSecret,
        ])
        #expect(tokens.accessToken == "LONG-LIVED")
    }

    @Test func tokenResponse_readsLinkedInsShape_withoutTokenType_andKeepsExtraFields() async throws {
        let body = #"{"access_token":"AQX","expires_in":5184000,"refresh_token":"AQR","refresh_token_expires_in":31536000,"scope":"w_member_social","id_token":"eyJ","nested":{"a":1}}"#
        let transport = RecordingTransport(.json(200, body))
        let tokens = try await OAuth2Client(configuration: Fixtures.configuration(.formParameters), transport: transport)
            .refresh(refreshToken: "AQR-old")
        #expect(tokens.tokenType == "Bearer")
        #expect(tokens.extra == ["refresh_token_expires_in": "31536000", "id_token": "eyJ"])
        #expect(!tokens.description.contains("AQX"))
        #expect(!tokens.description.contains("AQR"))
        #expect(!tokens.description.contains("eyJ"))
        var dumped = ""
        dump(tokens, to: &dumped)
        #expect(!dumped.contains("AQX"))
    }

    @Test func tokenResponse_readsAFormEncodedBody() async throws {
        let transport = RecordingTransport(.text(200, "access_token=AT%2F1&token_type=bearer&expires_in=3600"))
        let tokens = try await OAuth2Client(configuration: Fixtures.configuration(), transport: transport).refresh(refreshToken: "RT")
        #expect(tokens.accessToken == "AT/1")
        #expect(tokens.expiresIn == 3600)
    }

    @Test func tokenResponse_withoutExpiry_hasNoExpiryDate() {
        #expect(OAuth2TokenResponse(accessToken: "A").expiresAt(from: Date()) == nil)
    }
}
