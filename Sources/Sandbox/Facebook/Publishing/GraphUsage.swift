#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Counts Graph calls per app and per Page against an hourly budget, as Graph's rate limiting does,
/// and renders what Graph reports: `X-App-Usage` and, for Page tokens, `X-Business-Use-Case-Usage`.
///
/// Usage is a percentage of the budget; past 100 Graph refuses with code 4 (app) or 80001 (a Page token's
/// Business Use Case budget).
actor GraphUsage {
    /// Where one call leaves its app (and Page), and whether it may go ahead.
    struct Reading: Sendable {
        var allowed: Bool
        /// The error when not allowed: code 80001 for the Page's budget, 4 for the app's.
        var refusal: GraphError?
        var headers: HTTPFields
    }

    private var apps: FixedWindowRateLimiter
    private var pages: FixedWindowRateLimiter

    init(budget: Int, window: TimeInterval = 3_600) {
        apps = FixedWindowRateLimiter(limit: max(1, budget), window: window)
        pages = FixedWindowRateLimiter(limit: max(1, budget), window: window)
    }

    /// Counts one call by `appID`, acting as `pageID` when the token is a Page token.
    func consume(appID: String, pageID: String?, now: Date) -> Reading {
        let app = apps.consume(key: appID, now: now)
        var headers = HTTPFields()
        headers[Self.appUsage] = Self.usageJSON(app)
        var refusal: GraphError? = app.allowed ? nil : .appRateLimited
        if let pageID {
            let page = pages.consume(key: pageID, now: now)
            headers[Self.businessUseCaseUsage] = Self.businessJSON(pageID: pageID, page, now: now)
            if !page.allowed { refusal = .pageRateLimited }
        }
        return Reading(allowed: refusal == nil, refusal: refusal, headers: headers)
    }

    /// `{"call_count":N,"total_time":N,"total_cputime":N}`, each a percentage of the budget.
    private static func usageJSON(_ status: RateLimitStatus) -> String {
        let percent = percentUsed(status)
        return #"{"call_count":\#(percent),"total_time":\#(percent / 2),"total_cputime":\#(percent / 3)}"#
    }

    /// `{"<page-id>":[{"type":"pages","call_count":N,…,"estimated_time_to_regain_access":minutes}]}`.
    private static func businessJSON(pageID: String, _ status: RateLimitStatus, now: Date) -> String {
        let percent = percentUsed(status)
        let regain = status.allowed ? 0 : max(1, Int((Double(status.reset) - now.timeIntervalSince1970) / 60))
        return #"{"\#(pageID)":[{"type":"pages","call_count":\#(percent),"total_cputime":\#(percent / 3),"total_time":\#(percent / 2),"estimated_time_to_regain_access":\#(regain)}]}"#
    }

    private static func percentUsed(_ status: RateLimitStatus) -> Int {
        guard status.allowed else { return 100 }
        return min(100, (status.limit - status.remaining) * 100 / status.limit)
    }

    static let appUsage = HTTPField.Name("X-App-Usage")!
    static let businessUseCaseUsage = HTTPField.Name("X-Business-Use-Case-Usage")!
}
