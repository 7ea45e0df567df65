import Foundation
import HTTPClient
import Testing
@testable import Connectors

/// Facebook, Instagram and LinkedIn answers mapped onto error classes from their real bodies and headers.
@Suite struct GraphAndLinkedInErrorMappingTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func graph(_ code: Int, subcode: Int? = nil, status: Int = 400, headers: [HTTPHeader] = []) -> HTTPResponse {
        let sub = subcode.map { ",\"error_subcode\":\($0)" } ?? ""
        let body = #"{"error":{"message":"Graph says no","type":"OAuthException","code":\#(code)\#(sub),"fbtrace_id":"A1"}}"#
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8), newConnections: 0)
    }

    @Test(arguments: [190, 102])
    func invalidTokens_areAuthFailures(code: Int) {
        #expect(GraphErrorMapping.error(for: graph(code, subcode: 463), network: "Facebook", now: now).code == .authFailure)
    }

    @Test(arguments: [4, 17, 32, 613])
    func throttlingCodes_areRateLimits_untilTheBusinessUseCaseSaysSo(code: Int) {
        let usage = HTTPHeader("X-Business-Use-Case-Usage", #"{"105":[{"type":"pages","call_count":100,"estimated_time_to_regain_access":15}]}"#)
        let error = GraphErrorMapping.error(for: graph(code, headers: [usage]), network: "Facebook", now: now)
        #expect(error.code == .rateLimited)
        #expect(error.retryAt == now.addingTimeInterval(15 * 60))
    }

    @Test func instagramsPublishingQuota_transientCodes_andDuplicates_areClassified() {
        #expect(GraphErrorMapping.error(for: graph(9, subcode: 2207042), network: "Instagram", now: now).code == .rateLimited)
        // The image could not be downloaded from media_base_url: the host may be back a moment later.
        let download = GraphErrorMapping.error(for: graph(9004, subcode: 2207052), network: "Instagram", now: now)
        #expect(download.code == .retryable && download.message.contains("media_base_url"))
        #expect(GraphErrorMapping.error(for: graph(2, status: 500), network: "Facebook", now: now).code == .retryable)
        let duplicate = GraphErrorMapping.error(for: graph(506), network: "Facebook", now: now)
        #expect(duplicate.code == .permanent && duplicate.message == "Facebook: Graph says no")
        #expect(GraphErrorMapping.error(for: graph(200, status: 403), network: "Facebook", now: now).code == .permanent)
    }

    @Test func linkedIn_mapsAuthQuotaAndServerErrors() {
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "id", clientSecret: "secret"), transport: CurlHTTPClient())
        func response(_ status: Int) -> HTTPResponse {
            HTTPResponse(status: status, headers: [], body: Array(#"{"status":\#(status),"serviceErrorCode":65600,"code":"X","message":"LinkedIn says no"}"#.utf8), newConnections: 0)
        }
        #expect(connector.error(for: response(401)).code == .authFailure)
        let quota = connector.error(for: HTTPResponse(status: 429, headers: [], body: [], newConnections: 0))
        #expect(quota.code == .rateLimited)
        let midnight = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: quota.retryAt!)
        #expect(midnight.hour == 0 && midnight.minute == 0, "LinkedIn's daily quota resets at midnight UTC")
        #expect(connector.error(for: response(503)).code == .retryable)
        #expect(connector.error(for: response(422)).message == "LinkedIn: LinkedIn says no")
    }
}
