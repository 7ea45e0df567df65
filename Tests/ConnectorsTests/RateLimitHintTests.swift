import Foundation
import HTTPClient
import Testing
@testable import Connectors
import SchedulerCore

/// What each network's answers say about rate limits, as ``RateLimitHint``s the engine keeps budgets with.
@Suite struct RateLimitHintTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func response(_ status: Int, _ body: String = "", _ headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Array(body.utf8), newConnections: 0)
    }

    // MARK: X

    @Test func x_everyAnswerWithRateLimitHeaders_givesAnAccountHint() {
        let hint = XRateLimitHeaders.hint(response(201, "", [("x-rate-limit-remaining", "42"), ("x-rate-limit-reset", "1900000900")]))
        #expect(hint == RateLimitHint(scope: .account, remaining: 42, resetAt: Date(timeIntervalSince1970: 1_900_000_900)))
        #expect(XRateLimitHeaders.hint(response(201)) == nil)
    }

    @Test func x_a429_isAnExhaustedAccountWindow() {
        let error = XResponseMapping.error(for: response(429, #"{"title":"Too Many Requests"}"#, [("x-rate-limit-remaining", "0"), ("x-rate-limit-reset", "1900000900")]))
        #expect(error.rateLimit == RateLimitHint(scope: .account, remaining: 0, resetAt: Date(timeIntervalSince1970: 1_900_000_900)))
        #expect(error.rateLimit?.isExhausted == true)
    }

    @Test func x_a429_withTheAppsDailyCapSpent_stopsTheWholeNetwork_untilTheDailyReset() {
        let error = XResponseMapping.error(for: response(429, "", [
            ("x-rate-limit-remaining", "57"), ("x-rate-limit-reset", "1900000900"),
            ("x-app-limit-24hour-remaining", "0"), ("x-app-limit-24hour-reset", "1900050000"),
        ]))
        #expect(error.rateLimit == RateLimitHint(scope: .network, remaining: 0, resetAt: Date(timeIntervalSince1970: 1_900_050_000)))
        #expect(error.retryAt == Date(timeIntervalSince1970: 1_900_050_000), "the daily cap outlasts the 15-minute window")
    }

    @Test func x_aUsageCap_isANetworkHint() {
        let body = #"{"title":"UsageCapExceeded","type":"https://api.twitter.com/2/problems/usage-capped"}"#
        let error = XResponseMapping.error(for: response(403, body, [("x-rate-limit-reset", "1900000900")]))
        #expect(error.code == .rateLimited)
        #expect(error.rateLimit?.scope == .network)
        #expect(error.rateLimit?.isExhausted == true)
    }

    // MARK: Graph

    @Test func graph_appUsageAt100_isAnExhaustedNetwork_forFiveMinutes() {
        let hint = GraphUsageHeaders.hint(response(200, "{}", [("X-App-Usage", #"{"call_count":100,"total_time":20,"total_cputime":10}"#)]), now: now)
        #expect(hint == RateLimitHint(scope: .network, remaining: 0, resetAt: now.addingTimeInterval(300)))
    }

    @Test func graph_usageFrom95_isPassedOnAsAWarning_andBelowItNothing() {
        let near = GraphUsageHeaders.hint(response(200, "{}", [("X-App-Usage", #"{"call_count":12,"total_time":96,"total_cputime":10}"#)]), now: now)
        #expect(near == RateLimitHint(scope: .network, remaining: nil, resetAt: now.addingTimeInterval(300)))
        #expect(near?.isExhausted == false)
        #expect(GraphUsageHeaders.hint(response(200, "{}", [("X-App-Usage", #"{"call_count":94,"total_time":1,"total_cputime":1}"#)]), now: now) == nil)
        let page = GraphUsageHeaders.hint(response(200, "{}", [("X-Business-Use-Case-Usage", #"{"105":[{"type":"pages","call_count":97,"estimated_time_to_regain_access":0}]}"#)]), now: now)
        #expect(page?.scope == .account && page?.remaining == nil)
    }

    @Test func graph_aRegainTime_isAnExhaustedAccountUntilThen() {
        let usage = ("X-Business-Use-Case-Usage", #"{"105":[{"type":"pages","call_count":100,"estimated_time_to_regain_access":15}]}"#)
        #expect(GraphUsageHeaders.hint(response(200, "{}", [usage]), now: now) == RateLimitHint(scope: .account, remaining: 0, resetAt: now.addingTimeInterval(900)))
    }

    func graphError(_ code: Int, _ headers: [(String, String)] = []) -> HTTPResponse {
        response(400, #"{"error":{"message":"slow down","type":"OAuthException","code":\#(code)}}"#, headers)
    }

    @Test func graph_code4_isTheApp_soTheWholeNetworkWaits() {
        let error = GraphErrorMapping.error(for: graphError(4, [("X-App-Usage", #"{"call_count":100,"total_time":5,"total_cputime":5}"#)]), network: "Facebook", now: now)
        #expect(error.code == .rateLimited)
        #expect(error.rateLimit == RateLimitHint(scope: .network, remaining: 0, resetAt: now.addingTimeInterval(300)))
        #expect(error.retryAt == now.addingTimeInterval(300))
    }

    @Test(arguments: [17, 32, 613])
    func graph_userPageAndCallLimits_areTheAccount_andWaitAtLeastTheRegainTime(code: Int) {
        let usage = ("X-Business-Use-Case-Usage", #"{"105":[{"type":"pages","call_count":100,"estimated_time_to_regain_access":20}]}"#)
        let error = GraphErrorMapping.error(for: graphError(code, [usage, ("X-App-Usage", #"{"call_count":100}"#)]), network: "Facebook", now: now)
        #expect(error.rateLimit?.scope == .account)
        #expect(error.rateLimit?.remaining == 0)
        #expect(error.retryAt == now.addingTimeInterval(20 * 60), "the longer of the regain time and the app's wait")
        #expect(error.rateLimit?.resetAt == error.retryAt)
    }

    @Test func graph_throttlingWithoutHeaders_waitsAnHour() {
        let error = GraphErrorMapping.error(for: graphError(32), network: "Facebook", now: now)
        #expect(error.retryAt == now.addingTimeInterval(3_600))
        #expect(error.rateLimit?.scope == .account)
    }

    // MARK: LinkedIn

    @Test func linkedIn_a429_honoursRetryAfter_elseMidnightUTC_asAnAccountHint() throws {
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "id", clientSecret: "secret"), transport: CurlHTTPClient())
        let told = connector.error(for: response(429, "", [("Retry-After", "120")]), now: now)
        #expect(told.retryAt == now.addingTimeInterval(120))
        #expect(told.rateLimit == RateLimitHint(scope: .account, remaining: 0, resetAt: now.addingTimeInterval(120)))
        let daily = connector.error(for: response(429), now: now)
        let reset = try #require(daily.retryAt)
        #expect(reset > now && reset.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0)
        #expect(daily.rateLimit?.resetAt == reset)
    }
}
