import Foundation
import HTTPClient
import SchedulerCore

/// Reads Graph's usage headers into a ``RateLimitHint``.
///
/// `X-App-Usage` is the app's share (percent) of its rolling one-hour budget, shared by every Page and
/// Instagram account, so it is a network hint; Graph says nothing of when it drops, so a spent budget
/// is assumed to free up after ``appUsageWait``. `X-Business-Use-Case-Usage` is per Page or Instagram
/// account and says, once throttled, in how many minutes access comes back (`estimated_time_to_regain_access`).
enum GraphUsageHeaders {
    /// How long a spent app budget is waited out: the window rolls, so some calls come back within minutes.
    static let appUsageWait: TimeInterval = 5 * 60
    /// From this share on, a successful answer passes its usage on as a warning.
    static let warningPercent = 95

    /// The hint `response` carries once usage reaches `threshold` percent: spent (≥ 100, or a regain
    /// time given) → `remaining` 0 and `resetAt`; nearly spent → `remaining` nil and `resetAt` when the
    /// window should have room again. The app's budget comes first, since it stops every account.
    static func hint(_ response: HTTPResponse, now: Date, threshold: Int = warningPercent) -> RateLimitHint? {
        let app = appUsage(response)
        let account = businessUsage(response)
        if let app, app >= 100 { return RateLimitHint(scope: .network, remaining: 0, resetAt: now.addingTimeInterval(appUsageWait)) }
        if let account, account.regainMinutes > 0 || account.percent >= 100 {
            let wait = account.regainMinutes > 0 ? TimeInterval(account.regainMinutes * 60) : appUsageWait
            return RateLimitHint(scope: .account, remaining: 0, resetAt: now.addingTimeInterval(wait))
        }
        if let app, app >= threshold { return RateLimitHint(scope: .network, resetAt: now.addingTimeInterval(appUsageWait)) }
        if let account, account.percent >= threshold { return RateLimitHint(scope: .account, resetAt: now.addingTimeInterval(appUsageWait)) }
        return nil
    }

    /// The largest of `call_count`, `total_time` and `total_cputime` in `X-App-Usage`.
    static func appUsage(_ response: HTTPResponse) -> Int? {
        guard let usage = json(response.header("x-app-usage")) else { return nil }
        return percent(usage)
    }

    /// The busiest entry of `X-Business-Use-Case-Usage`: its largest percentage and its regain time in minutes.
    static func businessUsage(_ response: HTTPResponse) -> (percent: Int, regainMinutes: Int)? {
        guard case .object(let byAccount)? = json(response.header("x-business-use-case-usage")) else { return nil }
        let entries = byAccount.values.flatMap { value -> [JSONValue] in
            if case .array(let list) = value { return list }
            return []
        }
        guard !entries.isEmpty else { return nil }
        let regain = entries.compactMap { $0["estimated_time_to_regain_access"].flatMap(GraphErrorMapping.int) }.max() ?? 0
        return (entries.compactMap(percent).max() ?? 0, regain)
    }

    private static func percent(_ usage: JSONValue) -> Int? {
        ["call_count", "total_time", "total_cputime"].compactMap { usage[$0].flatMap(GraphErrorMapping.int) }.max()
    }

    private static func json(_ header: String?) -> JSONValue? {
        header.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }
}
