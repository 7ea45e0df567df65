import Foundation
import HTTPClient

/// Maps X's answers and transport failures onto ``ConnectorError`` classes.
enum XResponseMapping {
    static func error(for response: HTTPResponse) -> ConnectorError {
        let problem = try? JSONDecoder().decode(XProblem.self, from: Data(response.body))
        // X puts the specific reason (a text too long) in `errors` and a generic sentence in `detail`.
        let detail = problem?.errors?.compactMap(\.message).first ?? problem?.detail ?? problem?.title ?? "HTTP \(response.status)"
        let excerpt = Excerpt.redacted(response.bodyText)
        let message = "X: \(detail)"
        switch response.status {
        case 401:
            return ConnectorError(code: .authFailure, message: message, httpStatus: 401, excerpt: excerpt)
        case 402:
            // Pay-per-use: the app's credits are spent. No post of any account goes out until they are topped up.
            var error = ConnectorError(code: .appBlocked, message: "X refuses this app's requests: its pay-per-use credits are used up (\(detail))",
                                       httpStatus: 402, excerpt: excerpt)
            error.remedy = "add credits to the X app in the developer console, then `schedctl resume --network x`"
            return error
        case 403 where isUsageCapped(problem), 429:
            let capped = isUsageCapped(problem)
            var error = ConnectorError(code: .rateLimited, message: message, retryAt: resetTime(response), httpStatus: response.status, excerpt: excerpt)
            error.rateLimit = XRateLimitHeaders.refusalHint(response, retryAt: error.retryAt, usageCapped: capped)
            // A spent daily cap outlasts the 15-minute window the reset header describes.
            if let daily = error.rateLimit?.resetAt, let retryAt = error.retryAt, daily > retryAt { error.retryAt = daily }
            return error
        case 500...599:
            return ConnectorError(code: .retryable, message: message, retryAt: retryAfter(response), httpStatus: response.status, excerpt: excerpt)
        default:
            var error = ConnectorError(code: .permanent, message: message, httpStatus: response.status, excerpt: excerpt)
            // "You are not allowed to create a Tweet with duplicate content." (403)
            error.duplicateContent = response.status == 403 && detail.localizedCaseInsensitiveContains("duplicate content")
            error.lacksPermission = response.status == 403 && isPermissionRefusal(problem, detail: detail)
            return error
        }
    }

    /// A read-only OAuth 1.0a token posting (`…/2/problems/oauth1-permissions`: "Your client app is not configured with the
    /// appropriate oauth1 app permissions for this endpoint.", observed in plhery/node-twitter-api-v2#493), or X's
    /// "You are not permitted to perform this action.": the token, not the post, is what X refuses.
    private static func isPermissionRefusal(_ problem: XProblem?, detail: String) -> Bool {
        problem?.type?.hasSuffix("/oauth1-permissions") == true || detail.localizedCaseInsensitiveContains("not permitted to perform")
    }

    /// A usage cap is the app's monthly quota on X's product tier: every account is stopped.
    private static func isUsageCapped(_ problem: XProblem?) -> Bool {
        problem?.type?.hasSuffix("usage-capped") == true
    }

    static func malformed(_ response: HTTPResponse, expecting: String) -> ConnectorError {
        ConnectorError(code: .permanent, message: "X answered HTTP \(response.status) without \(expecting)",
                       httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
    }

    /// A request that never left the machine published nothing; a timeout or a dropped connection after
    /// a POST was sent may have published.
    static func transportError(_ error: HTTPClientError, publishing: Bool) -> ConnectorError {
        ConnectorTransport.classify(error, network: "X", publishing: publishing)
    }

    /// `x-rate-limit-reset` is Unix seconds.
    static func resetTime(_ response: HTTPResponse) -> Date? {
        response.header("x-rate-limit-reset").flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)) ?? retryAfter(response)
    }

    static func retryAfter(_ response: HTTPResponse) -> Date? {
        response.header("retry-after").flatMap(TimeInterval.init).map { Date().addingTimeInterval($0) }
    }
}
