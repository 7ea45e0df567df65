import HTTPClient
import OAuth
import Testing

@Suite("OAuth2Client device flow")
struct OAuth2DeviceFlowTests {
    let device = DeviceAuthorization(
        deviceCode: "DEVICE-CODE-secret", userCode: "WDJB-MJHT", verificationURI: "https://auth.example/device", expiresIn: 1800, interval: 5
    )

    static let pending = HTTPResponse.json(400, #"{"error":"authorization_pending"}"#)
    static let slowDown = HTTPResponse.json(400, #"{"error":"slow_down"}"#)

    @Test func startDeviceAuthorization_postsClientAndScope_andReadsTheCodes() async throws {
        let transport = RecordingTransport(.json(200, #"""
            {"device_code":"GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS","user_code":"WDJB-MJHT",
             "verification_uri":"https://auth.example/device","verification_uri_complete":"https://auth.example/device?user_code=WDJB-MJHT",
             "expires_in":"1800"}
            """#))
        let client = OAuth2Client(configuration: Fixtures.configuration(.none), transport: transport)
        let started = try await client.startDeviceAuthorization()

        let request = try transport.request
        #expect(request.url == "https://auth.example/oauth2/device")
        #expect(request.formParameters == ["scope": "tweet.read offline.access", "client_id": Fixtures.clientID])
        #expect(started.userCode == "WDJB-MJHT")
        #expect(started.verificationURIComplete == "https://auth.example/device?user_code=WDJB-MJHT")
        #expect(started.expiresIn == 1800)
        #expect(started.interval == 5)
        #expect(!started.description.contains(started.deviceCode))
    }

    @Test func startDeviceAuthorization_withoutAnEndpoint_pointsToTheBrowserFlow() async throws {
        var configuration = Fixtures.configuration()
        configuration.deviceAuthorizationEndpoint = nil
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: configuration, transport: RecordingTransport()).startDeviceAuthorization()
        })
        #expect(error.code == .invalidRequest)
        #expect(error.message.contains("browser"))
    }

    @Test func poll_waitsWhilePending_addsFiveSecondsOnSlowDown_andReturnsTheTokens() async throws {
        let transport = RecordingTransport(Self.pending, Self.slowDown, .json(200, Fixtures.tokenBody))
        let client = OAuth2Client(configuration: Fixtures.configuration(.none), transport: transport)
        let sleeper = SleepRecorder()
        let tokens = try await client.pollDeviceToken(device, sleep: sleeper.sleep)

        #expect(tokens.accessToken == "AT-123456")
        #expect(sleeper.recorded == [.seconds(5), .seconds(5), .seconds(10)])
        #expect(transport.requests.count == 3)
        for request in transport.requests {
            #expect(request.formParameters == [
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
                "device_code": "DEVICE-CODE-secret",
                "client_id": Fixtures.clientID,
            ])
        }
    }

    @Test func poll_keepsTheSlowerIntervalForEveryLaterPoll() async throws {
        let transport = RecordingTransport(Self.slowDown, Self.pending, Self.slowDown, .json(200, Fixtures.tokenBody))
        let sleeper = SleepRecorder()
        _ = try await OAuth2Client(configuration: Fixtures.configuration(), transport: transport).pollDeviceToken(device, sleep: sleeper.sleep)
        #expect(sleeper.recorded == [.seconds(5), .seconds(10), .seconds(10), .seconds(15)])
    }

    @Test func poll_whenTheServerSaysExpired_throwsExpiredToken() async throws {
        let transport = RecordingTransport(Self.pending, .json(400, #"{"error":"expired_token"}"#))
        let sleeper = SleepRecorder()
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: Fixtures.configuration(), transport: transport).pollDeviceToken(device, sleep: sleeper.sleep)
        })
        #expect(error.code == .expiredToken)
        #expect(error.message.contains("Start again"))
        #expect(!error.description.contains("DEVICE-CODE-secret"))
    }

    @Test func poll_stopsOnItsOwnOnceTheCodeHasExpired() async throws {
        var short = device
        short.expiresIn = 12
        let transport = RecordingTransport(Self.pending, Self.pending)
        let sleeper = SleepRecorder()
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: Fixtures.configuration(), transport: transport).pollDeviceToken(short, sleep: sleeper.sleep)
        })
        #expect(error.code == .expiredToken)
        #expect(sleeper.recorded == [.seconds(5), .seconds(5)])
        #expect(transport.requests.count == 2)
    }

    @Test func poll_whenThePersonDeclines_throwsAccessDenied() async throws {
        let transport = RecordingTransport(.json(400, #"{"error":"access_denied"}"#))
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: Fixtures.configuration(), transport: transport).pollDeviceToken(device, sleep: SleepRecorder().sleep)
        })
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("declined"))
    }

    @Test func poll_whenTheWaitIsCancelled_throwsCancelled() async throws {
        let error = try #require(await #expect(throws: OAuthError.self) {
            try await OAuth2Client(configuration: Fixtures.configuration(), transport: RecordingTransport())
                .pollDeviceToken(device, sleep: { _ in throw CancellationError() })
        })
        #expect(error.code == .cancelled)
    }
}
