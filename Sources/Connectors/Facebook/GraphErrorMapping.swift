import Foundation
import HTTPClient
import SchedulerCore

/// Maps Graph API errors (Facebook Pages and Instagram) onto connector error classes by their codes,
/// since throttling arrives as codes (HTTP 400), not as HTTP 429: the platform's 4, 17, 32 and 613, and
/// the Business Use Case codes 80000–80014 (80001 for a Page token, 80002 for Instagram), which are what
/// Page and Instagram publishing meet (developers.facebook.com/docs/graph-api/overview/rate-limiting).
enum GraphErrorMapping {
    static func error(for response: HTTPResponse, network: String, now: Date = Date()) -> ConnectorError {
        let body = ConnectorTransport.json(response)
        let graph = body?["error"]
        let code = graph?["code"].flatMap(Self.int)
        let subcode = graph?["error_subcode"].flatMap(Self.int)
        let message = "\(network): \(graph?["message"]?.stringValue ?? "HTTP \(response.status)")"
        let excerpt = Excerpt.redacted(response.bodyText)
        switch code {
        case 190?, 102?:
            return ConnectorError(code: .authFailure, message: message, httpStatus: response.status, excerpt: excerpt)
        case 4?, 17?, 32?, 613?:
            return throttled(response, scope: code == 4 ? .network : .account, message: message, excerpt: excerpt, now: now)
        case let code? where businessUseCaseCodes.contains(code):
            // A Business Use Case limit: the Page's (80001) or the Instagram account's (80002) own budget.
            return throttled(response, scope: .account, message: message, excerpt: excerpt, now: now)
        case 9? where subcode == 2207042:
            // The publishing quota rolls over 24 hours; an hour is the least worth waiting.
            return throttled(response, scope: .account, message: message, excerpt: excerpt, now: now, atLeast: now.addingTimeInterval(3_600))
        case 1?, 2?:
            return ConnectorError(code: .retryable, message: message, httpStatus: response.status, excerpt: excerpt)
        case 9004? where subcode == 2207052:
            // Instagram could not download the image from media_base_url: the host may be down for a moment (or wrong).
            return ConnectorError(code: .retryable, message: message + " (Instagram could not download the image; check that media_base_url serves it)",
                                  httpStatus: response.status, excerpt: excerpt)
        case let code? where permissionCodes(code):
            var error = ConnectorError(code: .permanent, message: message, httpStatus: response.status, excerpt: excerpt)
            error.lacksPermission = true
            return error
        default:
            let retryable = response.status >= 500
            return ConnectorError(code: retryable ? .retryable : .permanent, message: message, httpStatus: response.status, excerpt: excerpt)
        }
    }

    /// Graph's permission errors: 3 (the app lacks the capability), 10 (a permission not granted) and 200–299 (the
    /// permission family, #200 being a Page publish without `pages_manage_posts`); developers.facebook.com/docs/graph-api/guides/error-handling.
    static func permissionCodes(_ code: Int) -> Bool {
        code == 3 || code == 10 || (200...299).contains(code)
    }

    /// Graph's Business Use Case rate-limit codes, 80000 (Ads Insights) to 80014 (Catalog Batch).
    static let businessUseCaseCodes = 80_000...80_014

    /// A throttling code: 4 is the app's budget (every account waits), 17 the user's, 32 the Page's,
    /// 613 a call-specific limit, 8000x a Business Use Case's, 9/2207042 Instagram's publishing quota.
    /// The wait is the longest the headers give (never before access is regained); with no headers, an hour.
    static func throttled(_ response: HTTPResponse, scope: RateLimitHint.Scope, message: String, excerpt: String, now: Date,
                          atLeast floor: Date? = nil) -> ConnectorError {
        let waits = [regainAccess(response, now: now), GraphUsageHeaders.hint(response, now: now, threshold: 100)?.resetAt, floor].compactMap { $0 }
        let retryAt = waits.max() ?? now.addingTimeInterval(3_600)
        var error = ConnectorError(code: .rateLimited, message: message, retryAt: retryAt, httpStatus: response.status, excerpt: excerpt)
        error.rateLimit = RateLimitHint(scope: scope, remaining: 0, resetAt: retryAt)
        return error
    }

    /// `X-Business-Use-Case-Usage` says in minutes when a throttled Page may call again.
    static func regainAccess(_ response: HTTPResponse, now: Date) -> Date? {
        guard let minutes = GraphUsageHeaders.businessUsage(response)?.regainMinutes, minutes > 0 else { return nil }
        return now.addingTimeInterval(TimeInterval(minutes * 60))
    }

    static func int(_ value: JSONValue) -> Int? {
        switch value {
        case .integer(let number): Int(number)
        case .double(let number): Int(number)
        case .string(let text): Int(text)
        default: nil
        }
    }
}
