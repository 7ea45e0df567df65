import CryptoPrimitives
import HTTPClient
import OAuth
import OAuthTestSupport
import Testing

@Suite("OAuth2Client error mapping")
struct OAuth2ErrorMappingTests {
    typealias Case = OAuthErrorCase

    static let cases: [Case] = [
        Case(name: "RFC 6749 invalid_grant", status: 400, body: #"{"error":"invalid_grant","error_description":"Authorization code expired"}"#,
             code: .invalidGrant, serverErrorCode: "invalid_grant", advice: "Link the account again"),
        Case(name: "RFC 6749 invalid_client on 401", status: 401, body: #"{"error":"invalid_client"}"#,
             code: .invalidClient, serverErrorCode: "invalid_client", advice: "client ID and secret"),
        Case(name: "RFC 6749 unauthorized_client", status: 400, body: #"{"error":"unauthorized_client"}"#,
             code: .invalidClient, serverErrorCode: "unauthorized_client", advice: "client ID and secret"),
        Case(name: "RFC 6749 invalid_scope", status: 400, body: #"{"error":"invalid_scope","error_description":"bad scope"}"#,
             code: .invalidRequest, serverErrorCode: "invalid_scope", advice: "scopes"),
        Case(name: "X's invalid_request for a spent refresh token", status: 400,
             body: #"{"error":"invalid_request","error_description":"Value passed for the token was invalid."}"#,
             code: .invalidGrant, serverErrorCode: "invalid_request", advice: "Link the account again"),
        Case(name: "RFC 6749 temporarily_unavailable", status: 503, body: #"{"error":"temporarily_unavailable"}"#,
             code: .serverError, serverErrorCode: "temporarily_unavailable", advice: "Try again later"),
        Case(name: "LinkedIn revoked token", status: 401,
             body: #"{"status":401,"serviceErrorCode":65601,"code":"REVOKED_ACCESS_TOKEN","message":"The token used in the request has been revoked by the user"}"#,
             code: .invalidGrant, serverErrorCode: "linkedin:REVOKED_ACCESS_TOKEN", advice: "Link the account again"),
        Case(name: "LinkedIn access denied", status: 403,
             body: #"{"status":403,"serviceErrorCode":100,"code":"ACCESS_DENIED","message":"Not enough permissions"}"#,
             code: .accessDenied, serverErrorCode: "linkedin:ACCESS_DENIED", advice: "permission"),
        Case(name: "LinkedIn daily throttle", status: 429, body: #"{"status":429,"message":"Resource level throttle limit reached"}"#,
             code: .rateLimited, serverErrorCode: nil, advice: "Wait and try again"),
        Case(name: "an HTML 502 page", status: 502, body: "<html><body>Bad gateway</body></html>",
             code: .serverError, serverErrorCode: nil, advice: "Try again later"),
        Case(name: "an empty 401", status: 401, body: "", code: .invalidClient, serverErrorCode: nil, advice: "authentication style"),
        Case(name: "a 200 that is not JSON", status: 200, body: "hello", code: .invalidResponse, serverErrorCode: nil, advice: "token endpoint URL"),
        Case(name: "a 200 carrying an error", status: 200, body: #"{"error":"invalid_grant"}"#,
             code: .invalidGrant, serverErrorCode: "invalid_grant", advice: "Link the account again"),
        Case(name: "a 404", status: 404, body: "Not Found", code: .invalidResponse, serverErrorCode: nil, advice: "endpoint URL"),
    ]

    @Test(arguments: cases)
    func refresh_mapsEachErrorBodyShape_toAnActionableCode(_ testCase: Case) async throws {
        let transport = RecordingTransport(.json(testCase.status, testCase.body))
        let client = OAuth2Client(configuration: Fixtures.configuration(.basic), transport: transport)
        try await OAuthErrorExpectations.refresh(client, maps: testCase)
    }

    @Test func errorMessages_neverContainTheSecretsAServerEchoedBack() async throws {
        let session = Fixtures.session()
        let verifier = try #require(session.codeVerifier)
        let code = "AUTH-CODE-0123456789"
        let echo = "client_secret=\(Fixtures.clientSecret) code=\(code) verifier=\(verifier) encoded=\(PercentEncoding.encode(Fixtures.clientSecret))"
        let bodies = [
            #"{"error":"invalid_grant","error_description":"\#(echo)"}"#,
            #"{"status":401,"serviceErrorCode":65600,"code":"INVALID_ACCESS_TOKEN","message":"\#(echo)"}"#,
            #"{"title":"Unauthorized","detail":"\#(echo)","type":"about:blank","status":401}"#,
        ]
        for authentication in [OAuth2ClientAuthentication.basic, .formParameters, .queryParameters] {
            for body in bodies {
                let transport = RecordingTransport(.json(400, body))
                let client = OAuth2Client(configuration: Fixtures.configuration(authentication), transport: transport)
                try await OAuthErrorExpectations.exchange(
                    client, code: code, session: session, hides: [Fixtures.clientSecret, PercentEncoding.encode(Fixtures.clientSecret), code, verifier]
                )
            }
        }
    }

    @Test func refreshErrors_neverContainTheRefreshToken_evenInATransportMessage() async throws {
        let refreshToken = "RT-very-secret-refresh"
        let transport = RecordingTransport([
            .failure(HTTPClientError(code: .connectionLost, message: "lost while sending \(refreshToken)", requestMayHaveBeenSent: true)),
            .success(.json(400, #"{"error":"invalid_grant","error_description":"refresh token \#(refreshToken) was revoked"}"#)),
        ])
        let client = OAuth2Client(configuration: Fixtures.configuration(.formParameters), transport: transport)
        for _ in 0..<2 {
            let error = try #require(await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: refreshToken) })
            #expect(!error.description.contains(refreshToken))
            #expect(!error.description.contains(Fixtures.clientSecret))
        }
    }

    @Test func transportFailure_beforeSending_saysItIsSafeToRetry() async throws {
        let transport = RecordingTransport([.failure(HTTPClientError(code: .couldNotConnect, message: "could not connect to auth.example:443: refused"))])
        let client = OAuth2Client(configuration: Fixtures.configuration(), transport: transport)
        let error = try #require(await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: "RT-1234") })
        #expect(error.code == .transport)
        #expect(!error.requestMayHaveBeenSent)
        #expect(error.message.contains("could not connect"))
        #expect(error.message.contains("safe to try again"))
        #expect(error.cause is HTTPClientError)
    }

    @Test func transportFailure_afterSending_warnsTheRefreshTokenMayBeSpent() async throws {
        let transport = RecordingTransport([.failure(HTTPClientError(code: .timedOut, message: "auth.example:443 did not answer in time", requestMayHaveBeenSent: true))])
        let client = OAuth2Client(configuration: Fixtures.configuration(), transport: transport)
        let error = try #require(await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: "RT-1234") })
        #expect(error.code == .transport)
        #expect(error.requestMayHaveBeenSent)
        #expect(error.message.contains("may have reached the server"))
    }

    @Test func cancelledTransport_isReportedAsCancelled() async throws {
        let transport = RecordingTransport([.failure(HTTPClientError(code: .cancelled, message: "cancelled", requestMayHaveBeenSent: false))])
        let client = OAuth2Client(configuration: Fixtures.configuration(), transport: transport)
        let error = try #require(await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: "RT-1234") })
        #expect(error.code == .cancelled)
    }
}
