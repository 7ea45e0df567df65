import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The rules that make the sandbox at least as strict as the networks' 2026 references, one test each; the
/// README's "What the networks require" table names them.
@Suite struct NetworkRulesServerTests {
    @Test func linkedIn_servesTheLastTwelveMonthlyVersions_andAnswers426ToOlderAndFutureOnes() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            func post(_ version: String, _ text: String) async throws -> HTTPResponse {
                try await sandbox.post(sandbox.linkedin + "/rest/posts", json: LinkedInPostsServerTests.postJSON(author: account.person, commentary: text),
                                       headers: [HTTPHeader("LinkedIn-Version", version), HTTPHeader("X-Restli-Protocol-Version", "2.0.0"), .bearer(account.token)])
            }
            #expect(try await post(SandboxHarness.linkedInVersion(monthsFromNow: 0), "This month").status == 201)
            #expect(try await post(SandboxHarness.linkedInVersion(monthsFromNow: -11), "Eleven months old").status == 201)
            let retired = try await post(SandboxHarness.linkedInVersion(monthsFromNow: -12), "A year old")
            #expect(retired.status == 426)
            #expect(retired.json?["code"]?.stringValue == "NONEXISTENT_VERSION")
            #expect(retired.json?["message"]?.stringValue == "Requested version \(SandboxHarness.linkedInVersion(monthsFromNow: -12))01 is not active")
            #expect(try await post("202411", "Pinned long ago").status == 426)
            #expect(try await post(SandboxHarness.linkedInVersion(monthsFromNow: 1), "Next month").status == 426)
            let received = try await sandbox.receivedRecords()
            #expect(received.count == 2)
            #expect(received.first?["version"]?.stringValue == SandboxHarness.linkedInVersion(monthsFromNow: 0), "the record keeps the version used")
        }
    }

    @Test func linkedIn_anAppWithShareAndOpenIDOnly_isRefusedTheOrganizationScopes_beforeThePersonSeesAnything() async throws {
        func authorize(_ sandbox: SandboxHarness, scope: String) async throws -> HTTPResponse {
            try await sandbox.get(SandboxHarness.url(sandbox.linkedin, "/oauth/v2/authorization", [
                ("response_type", "code"), ("client_id", SandboxCredentials.linkedinClientID), ("redirect_uri", "http://127.0.0.1:5555/li"),
                ("state", "s"), ("scope", scope),
            ]))
        }
        try await SandboxHarness.run { sandbox in
            let member = try await authorize(sandbox, scope: "openid profile w_member_social")
            #expect(member.redirectQuery["code"] != nil)
            let organization = try await authorize(sandbox, scope: "openid profile w_member_social w_organization_social r_organization_admin")
            #expect(organization.redirectQuery["error"] == "unauthorized_scope_error")
            #expect(organization.redirectQuery["code"] == nil)
            let minted = try await sandbox.post(sandbox.linkedin + "/_sandbox/linkedin/tokens", json: #"{"username":"x","scopes":["w_organization_social"]}"#)
            #expect(minted.status == 400, "the developer token tool grants only what the app's products give")
        }
        try await SandboxHarness.run(configuration: SandboxConfiguration(linkedinProducts: [.share, .openid, .community])) { sandbox in
            let organization = try await authorize(sandbox, scope: "openid profile w_member_social w_organization_social r_organization_admin")
            #expect(organization.redirectQuery["code"] != nil, "a Community Management app may ask for them")
            #expect(try await authorize(sandbox, scope: "openid r_member_social").redirectQuery["error"] == "unauthorized_scope_error",
                    "r_member_social is restricted: no self-serve product grants it")
        }
    }

    @Test func linkedIn_theAuthorFinder_needsTheReadScope_notThePostingOne() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let writer = try await sandbox.linkedInAccount("writer", scopes: ["openid", "w_member_social", "w_organization_social"])
            let reader = try await sandbox.linkedInAccount("writer", scopes: ["openid", "r_member_social", "r_organization_social"])
            for author in [writer.person, writer.organization] {
                let finder = sandbox.linkedin + "/rest/posts?author=\(author.replacingOccurrences(of: ":", with: "%3A"))&q=author"
                let denied = try await sandbox.get(finder, headers: SandboxHarness.rest + [.bearer(writer.token)])
                #expect(denied.status == 403, "\(author)")
                #expect(denied.json?["message"]?.stringValue == "Not enough permissions to access: partnerApiPostsExternal.FINDER-author.\(SandboxHarness.linkedInVersion)01")
                #expect(try await sandbox.get(finder, headers: SandboxHarness.rest + [.bearer(reader.token)]).status == 200, "\(author)")
            }
        }
    }

    @Test func graph_aRetiredVersionIsServedByTheOldestLiveOne_andRecorded() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let current = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [("message", "Current")], headers: [.bearer(account.pageToken)])
            #expect(current.status == 200)
            #expect(try await sandbox.get(sandbox.facebook + "/_sandbox/retired_versions").json == .array([]))
            let retired = try await sandbox.post(sandbox.facebook + "/v19.0/\(account.pageID)/feed", form: [("message", "Retired")], headers: [.bearer(account.pageToken)])
            #expect(retired.status == 200, "Graph serves it, silently, as the oldest live version")
            let record = try #require(try await sandbox.get(sandbox.facebook + "/_sandbox/retired_versions").json?[0])
            #expect(record["version"]?.stringValue == "v19.0")
            #expect(record["served_as"]?.stringValue == GraphVersionCalendar.oldestLive(now: Date()))
            #expect(record["path"]?.stringValue == "/v19.0/\(account.pageID)/feed")
            let received = try await sandbox.receivedRecords()
            #expect(received.map { $0["version"]?.stringValue } == ["v26.0", "v19.0"])
        }
    }

    @Test func x_runningOutOfCredits_answers402ToEveryXCall_untilToppedUp_andLeavesOtherNetworksAlone() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            let account = try await sandbox.graphAccount()
            #expect(try await sandbox.setFaults(#"{"rate":1,"kinds":["credits_depleted"]}"#).status == 200)
            let page = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [("message", "Graph bills nothing")], headers: [.bearer(account.pageToken)])
            #expect(page.status == 200, "only X bills per use")
            let first = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Out of credits"}"#, headers: [.bearer(token)])
            #expect(first.status == 402)
            #expect(first.json?["type"]?.stringValue == "https://api.x.com/2/problems/credits-depleted")
            #expect(try await sandbox.setFaults(#"{"rate":0}"#).status == 200)
            #expect(try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Still out"}"#, headers: [.bearer(token)]).status == 402,
                    "credits stay spent after the fault")
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(token)]).status == 402, "reads are billed too")
            #expect(try await sandbox.post(sandbox.x + "/_sandbox/x/credits", json: "").json?["topped_up"] == .bool(true))
            #expect(try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Topped up"}"#, headers: [.bearer(token)]).status == 201)
            #expect(try await sandbox.injectedFaults().map(\.kind) == [.creditsDepleted])
        }
    }

    @Test func instagram_altTextOnAnImageContainer_isRecorded_andLimitedToAThousandCharacters() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let image = try await sandbox.hostFile("run.jpg", TestImages.jpeg(width: 1080, height: 1350))
            func container(alt: String) async throws -> HTTPResponse {
                try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
                    ("image_url", image), ("caption", "Trail run"), ("alt_text", alt), ("access_token", account.pageToken),
                ])
            }
            #expect(try await container(alt: String(repeating: "a", count: 1_001)).status == 400)
            #expect(try await container(alt: "A runner on a forest trail").status == 200)
            let record = try #require(try await sandbox.receivedRecords().last)
            #expect(record["body"]?["alt_text"]?.stringValue == "A runner on a forest trail")
        }
    }
}
