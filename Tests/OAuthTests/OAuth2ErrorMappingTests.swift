import HTTPClient
import OAuth
import Testing

@Suite("OAuth2Client error mapping")
struct OAuth2ErrorMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var status: Int
        var body: String
        var code: OAuthError.Code
        var serverErrorCode: String?
        /// Words the message must contain so a person knows what to do.
        var advice: String
        var testDescription: String { name }
    }

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
        Case(name: "Facebook 190/463 expired token", status: 400,
             body: #"{"error":{"message":"Error validating access token: Session has expired","type":"OAuthException","code":190,"error_subcode":463,"fbtrace_id":"A1"}}"#,
             code: .invalidGrant, serverErrorCode: "facebook:190/463", advice: "Link the account again"),
        Case(name: "Facebook 190/460 password changed", status: 400,
             body: #"{"error":{"message":"Error validating access token","type":"OAuthException","code":190,"error_subcode":460}}"#,
             code: .invalidGrant, serverErrorCode: "facebook:190/460", advice: "changed their Facebook password"),
        Case(name: "Facebook wrong client secret (code 1)", status: 400,
             body: #"{"error":{"message":"Error validating client secret.","type":"OAuthException","code":1}}"#,
             code: .invalidClient, serverErrorCode: "facebook:1", advice: "client ID and secret"),
        Case(name: "Facebook invalid app ID (code 101)", status: 400,
             body: #"{"error":{"message":"Error validating application. Invalid application ID.","type":"OAuthException","code":101}}"#,
             code: .invalidClient, serverErrorCode: "facebook:101", advice: "client ID and secret"),
        Case(name: "Facebook used code (100/36009)", status: 400,
             body: #"{"error":{"message":"This authorization code has been used.","type":"OAuthException","code":100,"error_subcode":36009}}"#,
             code: .invalidGrant, serverErrorCode: "facebook:100/36009", advice: "already used"),
        Case(name: "Facebook rate limit (code 4)", status: 400,
             body: #"{"error":{"message":"Application request limit reached","type":"OAuthException","code":4}}"#,
             code: .rateLimited, serverErrorCode: "facebook:4", advice: "Wait and try again"),
        Case(name: "Facebook transient (code 2)", status: 500,
             body: #"{"error":{"message":"An unexpected error has occurred.","type":"OAuthException","code":2}}"#,
             code: .serverError, serverErrorCode: "facebook:2", advice: "Try again later"),
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
        let error = try #require(await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: "RT-secret-value") })
        #expect(error.code == testCase.code)
        #expect(error.serverErrorCode == testCase.serverErrorCode)
        #expect(error.httpStatus == testCase.status)
        #expect(error.message.contains(testCase.advice), "\(error.message)")
        #expect(error.message.hasPrefix("Refreshing the access token at https://auth.example/oauth2/token failed: "))
    }

    @Test func errorMessages_neverContainTheSecretsAServerEchoedBack() async throws {
        let session = Fixtures.session()
        let verifier = try #require(session.codeVerifier)
        let code = "AUTH-CODE-0123456789"
        let echo = "client_secret=\(Fixtures.clientSecret) code=\(code) verifier=\(verifier) encoded=\(PercentEncoding.encode(Fixtures.clientSecret))"
        let bodies = [
            #"{"error":"invalid_grant","error_description":"\#(echo)"}"#,
            #"{"error":{"message":"\#(echo)","type":"OAuthException","code":190}}"#,
            #"{"status":401,"serviceErrorCode":65600,"code":"INVALID_ACCESS_TOKEN","message":"\#(echo)"}"#,
            #"{"title":"Unauthorized","detail":"\#(echo)","type":"about:blank","status":401}"#,
        ]
        for authentication in [OAuth2ClientAuthentication.basic, .formParameters, .queryParameters] {
            for body in bodies {
                let transport = RecordingTransport(.json(400, body))
                let client = OAuth2Client(configuration: Fixtures.configuration(authentication), transport: transport)
                let error = try #require(await #expect(throws: OAuthError.self) { try await client.exchange(code: code, session: session) })
                let texts = [error.description, error.message, String(describing: error), error.serverErrorCode ?? ""]
                for text in texts {
                    for secret in [Fixtures.clientSecret, PercentEncoding.encode(Fixtures.clientSecret), code, verifier] {
                        #expect(!text.contains(secret), "\(text)")
                    }
                }
                #expect(error.message.contains("***"), "\(error.message)")
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
