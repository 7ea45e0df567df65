import HTTPClient
import OAuth
import Testing

@Suite("OAuth1Flow")
struct OAuth1FlowTests {
    static let consumerSecret = "consumer-SECRET-kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw"

    func flow(_ transport: RecordingTransport) -> OAuth1Flow {
        OAuth1Flow(
            consumerKey: "cChZNFj6T5R0TigYB9yd1w",
            consumerSecret: Self.consumerSecret,
            requestTokenURL: "http://127.0.0.1:8080/oauth/request_token",
            authorizeURL: "http://127.0.0.1:8080/oauth/authorize",
            accessTokenURL: "http://127.0.0.1:8080/oauth/access_token",
            transport: transport
        )
    }

    let temporary = OAuth1TemporaryCredentials(token: "NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0", secret: "veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI-secret")

    @Test func requestToken_isSignedWithTheCallback_andReadsTheTemporaryCredentials() async throws {
        let transport = RecordingTransport(.text(200, "oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0&oauth_token_secret=veNR%2Bsecret&oauth_callback_confirmed=true"))
        let temporary = try await flow(transport).requestToken(callback: "http://127.0.0.1:8123/callback")

        let request = try transport.request
        #expect(request.method == "POST")
        #expect(request.url == "http://127.0.0.1:8080/oauth/request_token")
        #expect(request.freshConnection)
        let oauth = try OAuth1AuthorizationHeader.parse(try #require(request.header("Authorization")))
        let fields = Dictionary(oauth, uniquingKeysWith: { first, _ in first })
        #expect(fields["oauth_callback"] == "http://127.0.0.1:8123/callback")
        #expect(fields["oauth_consumer_key"] == "cChZNFj6T5R0TigYB9yd1w")
        #expect(fields["oauth_token"] == nil)
        #expect(OAuth1Signer.verify(method: "POST", url: request.url, oauthParameters: oauth, consumerSecret: Self.consumerSecret, tokenSecret: nil))
        #expect(temporary == OAuth1TemporaryCredentials(token: "NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0", secret: "veNR+secret"))
        #expect(!temporary.description.contains("veNR"))
    }

    @Test func requestToken_defaultsToThePINCallback() async throws {
        let transport = RecordingTransport(.text(200, "oauth_token=T&oauth_token_secret=S&oauth_callback_confirmed=true"))
        _ = try await flow(transport).requestToken()
        let oauth = try OAuth1AuthorizationHeader.parse(try #require(try transport.request.header("Authorization")))
        #expect(oauth.contains { $0 == ("oauth_callback", "oob") })
    }

    @Test func requestToken_withoutCallbackConfirmation_isRefused() async throws {
        let transport = RecordingTransport(.text(200, "oauth_token=T&oauth_token_secret=S"))
        let error = try #require(await #expect(throws: OAuthError.self) { try await flow(transport).requestToken() })
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("oauth_callback_confirmed"))
    }

    @Test func requestToken_whenTheConsumerIsRefused_saysToCheckKeyAndClock() async throws {
        let transport = RecordingTransport(.json(401, #"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#))
        let error = try #require(await #expect(throws: OAuthError.self) { try await flow(transport).requestToken() })
        #expect(error.code == .invalidClient)
        #expect(error.message.contains("clock"))
        #expect(error.message.contains("Could not authenticate you."))
        #expect(!error.description.contains(Self.consumerSecret))
    }

    @Test func authorizationURL_carriesTheTemporaryToken() {
        #expect(flow(RecordingTransport()).authorizationURL(for: OAuth1TemporaryCredentials(token: "a b", secret: "s"))
            == "http://127.0.0.1:8080/oauth/authorize?oauth_token=a%20b")
    }

    @Test func accessToken_sendsTheVerifierSignedWithTheTemporarySecret_andReadsTheAccount() async throws {
        let transport = RecordingTransport(.text(200, "oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU&user_id=6253282&screen_name=twitterapi"))
        let token = try await flow(transport).accessToken(temporary: temporary, verifier: " 4567890\n")

        let request = try transport.request
        #expect(request.url == "http://127.0.0.1:8080/oauth/access_token")
        let oauth = try OAuth1AuthorizationHeader.parse(try #require(request.header("Authorization")))
        let fields = Dictionary(oauth, uniquingKeysWith: { first, _ in first })
        #expect(fields["oauth_verifier"] == "4567890")
        #expect(fields["oauth_token"] == temporary.token)
        #expect(OAuth1Signer.verify(method: "POST", url: request.url, oauthParameters: oauth, consumerSecret: Self.consumerSecret, tokenSecret: temporary.secret))
        #expect(token == OAuth1AccessToken(
            token: "6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY",
            secret: "2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU",
            userID: "6253282",
            screenName: "twitterapi"
        ))
        #expect(!token.description.contains("2EEfA6BG"))
    }

    @Test func accessToken_whenThePINIsRefused_saysItWasWrongOrExpired() async throws {
        let transport = RecordingTransport(.text(401, "Error processing your OAuth request: Invalid oauth_verifier parameter 4567890"))
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await flow(transport).accessToken(temporary: temporary, verifier: "4567890")
        })
        #expect(error.code == .invalidGrant)
        #expect(error.message.contains("the PIN was wrong or expired"))
        #expect(error.httpStatus == 401)
        for secret in ["4567890", temporary.secret, Self.consumerSecret] {
            #expect(!error.description.contains(secret))
        }
    }

    @Test func accessToken_whenTheServerFails_saysToTryLater() async throws {
        let transport = RecordingTransport(.text(503, "Over capacity"))
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await flow(transport).accessToken(temporary: temporary, verifier: "4567890")
        })
        #expect(error.code == .serverError)
        #expect(error.message.contains("Try again later"))
    }

    @Test func flow_descriptionAndDump_hideTheConsumerSecret() {
        let flow = flow(RecordingTransport())
        var dumped = ""
        dump(flow, to: &dumped)
        #expect(!flow.description.contains(Self.consumerSecret))
        #expect(!dumped.contains(Self.consumerSecret))
    }
}
