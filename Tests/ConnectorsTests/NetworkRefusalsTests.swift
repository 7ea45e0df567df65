import Foundation
import HTTPClient
import NetworkRules
import Testing
@testable import Connectors

/// Answers that concern the app, not the post: a retired LinkedIn version and spent X credits pause the
/// network (`app_blocked`, with what to do); Graph's Business Use Case throttling is waited out, never a failure.
@Suite struct NetworkRefusalsTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func linkedIn_426ForARetiredVersion_blocksTheApp_namingTheSettingToChange() {
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "id", clientSecret: "secret", version: "202411"), transport: CurlHTTPClient())
        let body = #"{"status":426,"code":"NONEXISTENT_VERSION","message":"Requested version 20241101 is not active"}"#
        let error = connector.error(for: HTTPResponse(status: 426, headers: [], body: Array(body.utf8), newConnections: 0))
        #expect(error.code == .appBlocked)
        #expect(error.message.contains("API version 202411") && error.message.contains("Requested version 20241101 is not active"))
        #expect(error.remedy?.contains("[networks.linkedin]") == true && error.remedy?.contains(LinkedInApp.defaultVersion) == true)
    }

    @Test func x_402CreditsDepleted_blocksTheApp_inBothShapesXSends() {
        let bodies = [
            #"{"title":"Payment Required","detail":"credits depleted","type":"https://api.x.com/2/problems/credits-depleted","status":402}"#,
            #"{"account_id":1,"title":"CreditsDepleted","detail":"Your enrolled account [1] does not have any credits to fulfill this request.","type":"https://api.twitter.com/2/problems/credits"}"#,
        ]
        for body in bodies {
            let error = XResponseMapping.error(for: HTTPResponse(status: 402, headers: [], body: Array(body.utf8), newConnections: 0))
            #expect(error.code == .appBlocked)
            #expect(error.message.contains("credits"))
            #expect(error.remedy?.contains("schedctl resume --network x") == true)
        }
    }

    @Test func x_theSpecificReasonInErrors_isTheMessage() {
        let body = #"{"errors":[{"message":"Your Tweet text is too long."}],"title":"Invalid Request","detail":"One or more parameters to your request was invalid.","type":"https://api.twitter.com/2/problems/invalid-request"}"#
        let error = XResponseMapping.error(for: HTTPResponse(status: 400, headers: [], body: Array(body.utf8), newConnections: 0))
        #expect(error.code == .permanent)
        #expect(error.message == "X: Your Tweet text is too long.")
    }

    /// 80001 is what a Page token meets, 80002 an Instagram account: both rate limits of that account,
    /// waited out until `estimated_time_to_regain_access`, never permanent.
    @Test(arguments: [(80001, "pages"), (80002, "instagram")])
    func graph_businessUseCaseThrottling_waitsUntilAccessIsRegained(code: Int, type: String) {
        let usage = HTTPHeader("X-Business-Use-Case-Usage", #"{"17841":[{"type":"\#(type)","call_count":100,"total_cputime":40,"total_time":50,"estimated_time_to_regain_access":7}]}"#)
        let body = #"{"error":{"message":"(#\#(code)) There have been too many calls","type":"OAuthException","code":\#(code),"fbtrace_id":"A1"}}"#
        let error = GraphErrorMapping.error(for: HTTPResponse(status: 400, headers: [usage], body: Array(body.utf8), newConnections: 0),
                                            network: "Facebook", now: now)
        #expect(error.code == .rateLimited)
        #expect(error.retryAt == now.addingTimeInterval(7 * 60))
        #expect(error.rateLimit?.scope == .account)
        let bare = GraphErrorMapping.error(for: HTTPResponse(status: 400, headers: [], body: Array(body.utf8), newConnections: 0), network: "Facebook", now: now)
        #expect(bare.code == .rateLimited && bare.retryAt == now.addingTimeInterval(3_600), "without the header, an hour")
    }

    /// Reading a member's posts needs `r_member_social`, which self-serve apps do not get: a token whose
    /// scopes lack it is not even tried, and says why; a 403 from the finder says the same.
    @Test func linkedIn_aLookUpWithoutTheReadScope_isImpossible_saysWhy_andSendsNothing() async throws {
        let transport = ScriptedTransport([("GET", "/rest/posts", .respond(403, #"{"status":403,"serviceErrorCode":100,"code":"ACCESS_DENIED","message":"Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20260901"}"#))])
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "id", clientSecret: "secret"), transport: transport)
        let request = PublishRequest(text: "Easy 5k", accountRemoteID: "urn:li:person:abc")
        let scoped = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil, scopes: ["openid", "profile", "w_member_social"])
        do {
            _ = try await connector.findPublished(request, since: now, credentials: scoped)
            Issue.record("expected the look-up to be impossible")
        } catch {
            #expect(error.code == .permanent)
            #expect(error.message.contains("r_member_social"))
        }
        #expect(transport.sent.all.isEmpty, "nothing is asked that cannot be answered")

        let unscoped = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil)
        do {
            _ = try await connector.findPublished(request, since: now, credentials: unscoped)
            Issue.record("expected LinkedIn's 403")
        } catch {
            #expect(error.code == .permanent && error.httpStatus == 403)
            #expect(error.message.contains("needs the r_member_social permission"))
        }
        var organization = request
        organization.accountRemoteID = "urn:li:organization:90000001"
        let writeOnly = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil, scopes: ["w_organization_social"])
        await #expect(throws: ConnectorError.self) { try await connector.findPublished(organization, since: now, credentials: writeOnly) }
    }

    /// An ordinary app has "Share on LinkedIn" and "Sign In with OpenID Connect": a member link asks for no
    /// organization scope, which such an app would be refused; `--organization` asks for them.
    @Test func linkedIn_asksForTheOrganizationScopesOnlyForAnOrganization() async throws {
        let linker = LinkedInLinker(app: LinkedInApp(clientID: "id", clientSecret: "secret"), transport: CurlHTTPClient())
        func scopes(_ options: LinkOptions) async throws -> [String] {
            let url = try await linker.start(method: .oauth2, redirectURI: "http://127.0.0.1:1/cb", options: options).authorizationURL
            let scope = URLComponents(string: url)?.queryItems?.first { $0.name == "scope" }?.value ?? ""
            return scope.split(separator: " ").map(String.init)
        }
        #expect(try await scopes(LinkOptions()) == ["openid", "profile", "w_member_social"])
        #expect(try await scopes(LinkOptions(organization: "90000001")) == ["openid", "profile", "w_member_social", "w_organization_social",
                                                                            "r_organization_social", "r_organization_admin"])
        let approved = LinkedInLinker(app: LinkedInApp(clientID: "id", clientSecret: "secret", readsMemberPosts: true), transport: CurlHTTPClient())
        let url = try await approved.start(method: .oauth2, redirectURI: "http://127.0.0.1:1/cb", options: LinkOptions()).authorizationURL
        #expect(url.contains("r_member_social"), "an app approved for r_member_social asks for it, so members' posts can be looked up")
    }

    @Test func linkedIn_linkingAnOrganizationWithARetiredVersion_namesTheSettingToChange() async throws {
        let transport = ScriptedTransport([("GET", "/rest/organizationAcls",
                                            .respond(426, #"{"status":426,"code":"NONEXISTENT_VERSION","message":"Requested version 20241101 is not active"}"#))])
        let linker = LinkedInLinker(app: LinkedInApp(clientID: "id", clientSecret: "secret", version: "202411"), transport: transport)
        do {
            _ = try await linker.administeredOrganizations(HTTPHeader("Authorization", "Bearer t"))
            Issue.record("expected the retired version to be refused")
        } catch {
            #expect(error.code == .misconfigured)
            #expect(error.message.contains("version 202411") && error.message.contains("[networks.linkedin]"))
        }
    }
}
