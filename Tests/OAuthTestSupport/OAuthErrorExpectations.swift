import OAuth
import Testing

/// One error body a token endpoint answers with, and what the OAuth client must make of it; shared by OAuthTests (the
/// standard shapes) and ConnectorsTests (Graph's, which the Facebook connector's reader reads).
public struct OAuthErrorCase: Sendable, CustomTestStringConvertible {
    public var name: String
    public var status: Int
    public var body: String
    public var code: OAuthError.Code
    public var serverErrorCode: String?
    /// Words the message must contain so a person knows what to do.
    public var advice: String
    public var testDescription: String { name }

    public init(name: String, status: Int, body: String, code: OAuthError.Code, serverErrorCode: String?, advice: String) {
        self.name = name
        self.status = status
        self.body = body
        self.code = code
        self.serverErrorCode = serverErrorCode
        self.advice = advice
    }
}

/// The expectations on the errors of an OAuth client whose token endpoint is `https://auth.example/oauth2/token`.
public enum OAuthErrorExpectations {
    /// Refreshing with `client`, which answers `testCase`'s body, fails with its code, identifier and status, and a
    /// message that says what was done and what to do.
    public static func refresh(
        _ client: OAuth2Client,
        maps testCase: OAuthErrorCase,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let error = try #require(
            await #expect(throws: OAuthError.self, sourceLocation: sourceLocation) { try await client.refresh(refreshToken: "RT-secret-value") },
            sourceLocation: sourceLocation
        )
        #expect(error.code == testCase.code, sourceLocation: sourceLocation)
        #expect(error.serverErrorCode == testCase.serverErrorCode, sourceLocation: sourceLocation)
        #expect(error.httpStatus == testCase.status, sourceLocation: sourceLocation)
        #expect(error.message.contains(testCase.advice), "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.hasPrefix("Refreshing the access token at https://auth.example/oauth2/token failed: "), sourceLocation: sourceLocation)
    }

    /// Exchanging `code` with `client`, whose server echoed the request back in its error, fails with an error whose
    /// every text masks each of `secrets` as `***`.
    public static func exchange(
        _ client: OAuth2Client,
        code: String,
        session: OAuth2AuthorizationSession,
        hides secrets: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let error = try #require(
            await #expect(throws: OAuthError.self, sourceLocation: sourceLocation) { try await client.exchange(code: code, session: session) },
            sourceLocation: sourceLocation
        )
        let texts = [error.description, error.message, String(describing: error), error.serverErrorCode ?? ""]
        for text in texts {
            for secret in secrets {
                #expect(!text.contains(secret), "\(text)", sourceLocation: sourceLocation)
            }
        }
        #expect(error.message.contains("***"), "\(error.message)", sourceLocation: sourceLocation)
    }
}
