import Foundation
import HTTPClient
import Testing
@testable import Connectors

/// How X's answers and transport failures become error classes the engine acts on.
@Suite struct XResponseMappingTests {
    private func response(_ status: Int, _ body: String = "", headers: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array(body.utf8), newConnections: 0)
    }

    @Test func status429_withARateLimitReset_isRateLimitedUntilThatInstant() {
        let reset = 2_000_000_123
        let error = XResponseMapping.error(for: response(
            429, #"{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}"#,
            headers: [HTTPHeader("x-rate-limit-limit", "100"), HTTPHeader("X-Rate-Limit-Reset", "\(reset)")]))

        #expect(error.code == .rateLimited)
        #expect(error.retryAt == Date(timeIntervalSince1970: TimeInterval(reset)))
        #expect(error.httpStatus == 429)
        #expect(error.message == "X: Too Many Requests")
    }

    @Test func status429_withOnlyRetryAfter_waitsThatLong() throws {
        let before = Date()
        let error = XResponseMapping.error(for: response(429, headers: [HTTPHeader("Retry-After", "120")]))
        let after = Date()

        #expect(error.code == .rateLimited)
        let retryAt = try #require(error.retryAt)
        #expect(retryAt >= before.addingTimeInterval(120) && retryAt <= after.addingTimeInterval(120))
    }

    @Test(arguments: [500, 502, 503, 504])
    func status5xx_isRetryable(status: Int) {
        let error = XResponseMapping.error(for: response(status, "<html>upstream error</html>"))
        #expect(error.code == .retryable)
        #expect(error.httpStatus == status)
        #expect(error.message == "X: HTTP \(status)")
        #expect(error.retryAt == nil)
    }

    @Test func status403_usageCapped_isRateLimited() {
        let body = #"""
            {"title":"UsageCapExceeded","detail":"Usage cap exceeded: Monthly product cap",
             "type":"https://api.twitter.com/2/problems/usage-capped","period":"Monthly","scope":"Product"}
            """#
        let error = XResponseMapping.error(for: response(403, body, headers: [HTTPHeader("x-rate-limit-reset", "2000000000")]))

        #expect(error.code == .rateLimited)
        #expect(error.httpStatus == 403)
        #expect(error.message == "X: Usage cap exceeded: Monthly product cap")
        #expect(error.retryAt == Date(timeIntervalSince1970: 2_000_000_000))
    }

    @Test func status403_otherwise_isPermanent() {
        let error = XResponseMapping.error(for: response(403, #"{"title":"Forbidden","detail":"You are not permitted to perform this action.","type":"about:blank","status":403}"#))
        #expect(error.code == .permanent)
        #expect(error.message == "X: You are not permitted to perform this action.")
        #expect(!error.duplicateContent)
    }

    @Test func status403_duplicateContent_isPermanent_andSaysSo() {
        let body = #"{"detail":"You are not allowed to create a Tweet with duplicate content.","status":403,"title":"Forbidden","type":"about:blank"}"#
        let error = XResponseMapping.error(for: response(403, body))
        #expect(error.code == .permanent)
        #expect(error.duplicateContent, "the engine looks again when it follows a request in doubt")
    }

    @Test func status401_isAnAuthFailure() {
        let error = XResponseMapping.error(for: response(401, #"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}"#))
        #expect(error.code == .authFailure)
        #expect(error.httpStatus == 401)
    }

    @Test func status400_isPermanentWithXsDetail() {
        let error = XResponseMapping.error(for: response(400, #"{"title":"Invalid Request","detail":"Your Tweet text is too long."}"#))
        #expect(error.code == .permanent)
        #expect(error.message == "X: Your Tweet text is too long.")
    }

    @Test func anErrorBody_isKeptRedactedOnTheError() {
        let error = XResponseMapping.error(for: response(400, #"{"detail":"bad","oauth_token":"1700-abcdef"}"#))
        #expect(error.excerpt?.contains("1700-abcdef") == false)
        #expect(error.excerpt?.contains("bad") == true)
    }

    @Test func aConnectionThatNeverOpened_isRetryableEvenForAPost() {
        let error = XResponseMapping.transportError(
            HTTPClientError(code: .couldNotConnect, message: "connection refused", requestMayHaveBeenSent: false), publishing: true)
        #expect(error.code == .retryable)
    }

    @Test func aTimeoutAfterThePostWasSent_isUncertain() {
        let error = XResponseMapping.transportError(
            HTTPClientError(code: .timedOut, message: "timed out", requestMayHaveBeenSent: true), publishing: true)
        #expect(error.code == .uncertain)
        #expect(error.message.contains("no answer from X after sending the post"))
    }

    @Test func aTimeoutOfARead_isRetryable() {
        let error = XResponseMapping.transportError(
            HTTPClientError(code: .timedOut, message: "timed out", requestMayHaveBeenSent: true), publishing: false)
        #expect(error.code == .retryable)
    }
}
