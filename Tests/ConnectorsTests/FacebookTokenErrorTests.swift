import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import OAuthTestSupport
import Testing
@testable import Connectors

/// Graph's error codes on Facebook's token endpoint, read by ``FacebookError`` through the OAuth client's
/// `errorReader`: the Facebook cases of OAuthTests' error mapping, moved here with the codes (issue 27).
@Suite("Facebook token errors")
struct FacebookTokenErrorTests {
    typealias Case = OAuthErrorCase

    static let clientSecret = "s3cr€t/+client-SECRET"

    /// A client of OAuthTests' fixture endpoints, reading errors as Facebook Login does.
    static func client(_ authentication: OAuth2ClientAuthentication, answering status: Int, _ body: String) -> OAuth2Client {
        let configuration = OAuth2ClientConfiguration(
            clientID: "my client:1", clientSecret: clientSecret, authentication: authentication,
            authorizationEndpoint: "https://auth.example/i/oauth2/authorize", tokenEndpoint: "https://auth.example/oauth2/token",
            scopes: ["tweet.read", "offline.access"], errorReader: FacebookError.reader)
        return OAuth2Client(configuration: configuration, transport: ScriptedTransport([("POST", "/oauth2/token", .respond(status, body))]))
    }

    static let cases: [Case] = [
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
    ]

    @Test(arguments: cases)
    func refresh_mapsEachErrorBodyShape_toAnActionableCode(_ testCase: Case) async throws {
        try await OAuthErrorExpectations.refresh(Self.client(.basic, answering: testCase.status, testCase.body), maps: testCase)
    }

    @Test func errorMessages_neverContainTheSecretsAServerEchoedBack() async throws {
        let verifier = "v" + String(repeating: "x", count: 50)
        let session = OAuth2AuthorizationSession(
            url: "https://auth.example/i/oauth2/authorize?state=S", state: "STATE-abcdefghijklmnopqrstuvwxyz0123456789",
            codeVerifier: verifier, redirectURI: "http://127.0.0.1:8123/callback", createdAt: Date(timeIntervalSince1970: 0))
        let code = "AUTH-CODE-0123456789"
        let echo = "client_secret=\(Self.clientSecret) code=\(code) verifier=\(verifier) encoded=\(PercentEncoding.encode(Self.clientSecret))"
        let body = #"{"error":{"message":"\#(echo)","type":"OAuthException","code":190}}"#
        for authentication in [OAuth2ClientAuthentication.basic, .formParameters, .queryParameters] {
            try await OAuthErrorExpectations.exchange(
                Self.client(authentication, answering: 400, body), code: code, session: session,
                hides: [Self.clientSecret, PercentEncoding.encode(Self.clientSecret), code, verifier]
            )
        }
    }
}
