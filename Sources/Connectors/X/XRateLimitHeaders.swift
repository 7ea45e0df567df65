import Foundation
import HTTPClient
import SchedulerCore

/// Reads X's rate-limit headers into a ``RateLimitHint`` for the engine's budgets.
///
/// `x-rate-limit-*` is the endpoint's window for this user (15 minutes for posting), so it is an
/// account hint. `x-app-limit-24hour-*` is the app's daily cap shared by every account, so when it
/// is spent the hint covers the whole network; `x-user-limit-24hour-*` is one user's daily cap.
enum XRateLimitHeaders {
    /// The hint an answer carries, the tightest first: the app's daily cap when spent, then the
    /// user's daily cap when spent, then the endpoint's window. Nil when X sent none of them.
    static func hint(_ response: HTTPResponse) -> RateLimitHint? {
        if let app = window(response, prefix: "x-app-limit-24hour", scope: .network), app.remaining == 0 { return app }
        if let user = window(response, prefix: "x-user-limit-24hour", scope: .account), user.remaining == 0 { return user }
        return window(response, prefix: "x-rate-limit", scope: .account)
    }

    /// The hint on a refusal: X's headers, else an exhausted account window until `retryAt`.
    static func refusalHint(_ response: HTTPResponse, retryAt: Date?, usageCapped: Bool) -> RateLimitHint {
        if usageCapped { return RateLimitHint(scope: .network, remaining: 0, resetAt: retryAt) }
        var hint = hint(response) ?? RateLimitHint(scope: .account)
        hint.remaining = 0
        hint.resetAt = hint.resetAt ?? retryAt
        return hint
    }

    /// `{prefix}-remaining` and `{prefix}-reset` (Unix seconds), when either is there.
    private static func window(_ response: HTTPResponse, prefix: String, scope: RateLimitHint.Scope) -> RateLimitHint? {
        // Values arrive trimmed; the trimming pass is only for one that does not parse as it is.
        let remaining = response.header("\(prefix)-remaining").flatMap { Int($0) ?? Int($0.trimmingCharacters(in: .whitespaces)) }
        let reset = response.header("\(prefix)-reset").flatMap { TimeInterval($0) ?? TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
        guard remaining != nil || reset != nil else { return nil }
        return RateLimitHint(scope: scope, remaining: remaining, resetAt: reset.map(Date.init(timeIntervalSince1970:)))
    }
}
