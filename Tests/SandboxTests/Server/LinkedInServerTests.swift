import Foundation
import HTTPClient
import Testing

@testable import Sandbox

/// LinkedIn's OAuth 2.0 and the identity endpoints a linking client reads, over the wire.
@Suite struct LinkedInServerTests {
    static let redirect = "http://127.0.0.1:5555/linkedin"
    static let credentials = [("client_id", SandboxCredentials.linkedinClientID), ("client_secret", SandboxCredentials.linkedinClientSecret)]
    static var rest: [HTTPHeader] { SandboxHarness.rest }

    func code(_ sandbox: SandboxHarness, scope: String = "openid profile email w_member_social rw_organization_admin") async throws -> String {
        let response = try await sandbox.get(SandboxHarness.url(sandbox.linkedin, "/oauth/v2/authorization", [
            ("response_type", "code"), ("client_id", SandboxCredentials.linkedinClientID), ("redirect_uri", Self.redirect),
            ("state", "li"), ("scope", scope), ("sandbox_user", "rower"),
        ]))
        #expect(response.redirectQuery["state"] == "li")
        return try #require(response.redirectQuery["code"])
    }

    func token(_ sandbox: SandboxHarness, code: String) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.linkedin + "/oauth/v2/accessToken", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
        ] + Self.credentials)
    }

    @Test func linking_givesASixtyDayTokenWithoutRefresh_theMemberAndTheirOrganization() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let body = try #require(try await token(sandbox, code: try await code(sandbox)).json)
            #expect(body["expires_in"] == .integer(5_184_000))
            #expect(body["scope"]?.stringValue == "openid profile email w_member_social rw_organization_admin")
            #expect(body["refresh_token"] == nil)
            let access = try #require(body["access_token"]?.stringValue)

            let me = try #require(try await sandbox.get(sandbox.linkedin + "/v2/userinfo", headers: [.bearer(access)]).json)
            #expect(me["given_name"]?.stringValue == "Rower")
            #expect(me["email"]?.stringValue == "rower@sandbox.example")
            let sub = try #require(me["sub"]?.stringValue)

            let acls = try await sandbox.get(sandbox.linkedin + "/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR", headers: Self.rest + [.bearer(access)])
            let element = try #require(acls.json?["elements"]?[0])
            #expect(element["role"]?.stringValue == "ADMINISTRATOR")
            #expect(element["state"]?.stringValue == "APPROVED")
            #expect(element["roleAssignee"]?.stringValue == "urn:li:person:" + sub)
            #expect(element["organization"]?.stringValue?.hasPrefix("urn:li:organization:") == true)
        }
    }

    @Test func token_refusesBasicAuthenticationAndAReusedCode() async throws {
        try await SandboxHarness.run { sandbox in
            let code = try await code(sandbox, scope: "openid profile w_member_social")
            let basic = try await sandbox.post(sandbox.linkedin + "/oauth/v2/accessToken", form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
            ], headers: [.basic(SandboxCredentials.linkedinClientID, SandboxCredentials.linkedinClientSecret)])
            #expect(basic.status == 401)
            #expect(basic.json?["error"]?.stringValue == "invalid_client")
            #expect(try await token(sandbox, code: code).status == 200)
            let reused = try await token(sandbox, code: code)
            #expect(reused.status == 400)
            #expect(reused.json?["error_description"]?.stringValue?.hasPrefix("Unable to retrieve access token") == true)
        }
    }

    @Test func revoke_makesTheTokenAnswerRevoked_andExpiryAnswersExpired() async throws {
        try await SandboxHarness.run(configuration: .init(accessTokenLifetime: .seconds(2))) { sandbox in
            let first = try #require(try await token(sandbox, code: try await code(sandbox, scope: "openid profile")).json?["access_token"]?.stringValue)
            let revoke = try await sandbox.post(sandbox.linkedin + "/oauth/v2/revoke", form: [("token", first)] + Self.credentials)
            #expect(revoke.status == 200)
            #expect(revoke.body.isEmpty)
            let revoked = try await sandbox.get(sandbox.linkedin + "/v2/userinfo", headers: [.bearer(first)])
            #expect(revoked.json?["serviceErrorCode"] == .integer(65602))

            let second = try #require(try await token(sandbox, code: try await code(sandbox, scope: "openid")).json)
            #expect(second["expires_in"] == .integer(2))
            sandbox.clock.advance(by: 2)
            let expired = try await sandbox.get(sandbox.linkedin + "/v2/userinfo", headers: [.bearer(try #require(second["access_token"]?.stringValue))])
            #expect(expired.status == 401)
            #expect(expired.json?["code"]?.stringValue == "EXPIRED_ACCESS_TOKEN")
            #expect(try await sandbox.get(sandbox.linkedin + "/v2/userinfo", headers: [.bearer("made-up")]).json?["serviceErrorCode"] == .integer(65600))
        }
    }

    @Test func restEndpoints_needAVersionAndAnOrganizationScope() async throws {
        try await SandboxHarness.run { sandbox in
            let access = try #require(try await token(sandbox, code: try await code(sandbox, scope: "openid profile")).json?["access_token"]?.stringValue)
            let unversioned = try await sandbox.get(sandbox.linkedin + "/rest/organizationAcls?q=roleAssignee", headers: [.bearer(access)])
            #expect(unversioned.json?["code"]?.stringValue == "VERSION_MISSING")
            let denied = try await sandbox.get(sandbox.linkedin + "/rest/organizationAcls?q=roleAssignee", headers: Self.rest + [.bearer(access)])
            #expect(denied.status == 403)
            #expect(denied.json?["code"]?.stringValue == "ACCESS_DENIED")
        }
    }

    @Test func authorize_cancelledByThePerson_redirectsWithLinkedInsError() async throws {
        try await SandboxHarness.run { sandbox in
            let response = try await sandbox.get(SandboxHarness.url(sandbox.linkedin, "/oauth/v2/authorization", [
                ("response_type", "code"), ("client_id", SandboxCredentials.linkedinClientID), ("redirect_uri", Self.redirect),
                ("state", "li"), ("scope", "openid"), ("sandbox_decision", "deny"),
            ]))
            #expect(response.redirectQuery["error"] == "user_cancelled_authorize")
            #expect(response.redirectQuery["state"] == "li")
        }
    }
}
