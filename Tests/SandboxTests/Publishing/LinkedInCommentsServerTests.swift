import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// LinkedIn's Comments API (`/rest/socialActions/{post}/comments`) over the wire.
@Suite struct LinkedInCommentsServerTests {
    static func commentJSON(actor: String, post: String, text: String) -> String {
        #"{"actor":"\#(actor)","object":"\#(post)","message":{"text":"\#(text)"}}"#
    }

    /// A fresh post by `account`'s member; its share URN.
    func share(_ sandbox: SandboxHarness, _ account: LinkedInAccount, _ commentary: String = "Club run tonight") async throws -> String {
        let created = try await sandbox.createLinkedInPost(account, json: SandboxHarness.linkedInPostJSON(author: account.person, commentary: commentary))
        return try #require(created.header("x-restli-id"))
    }

    func comment(_ sandbox: SandboxHarness, _ account: LinkedInAccount, on post: String, actor: String? = nil, text: String) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.linkedInComments(of: post), json: Self.commentJSON(actor: actor ?? account.person, post: post, text: text),
                               headers: SandboxHarness.rest + [.bearer(account.token)])
    }

    func list(_ sandbox: SandboxHarness, _ account: LinkedInAccount, _ post: String, query: String = "") async throws -> HTTPResponse {
        try await sandbox.get(sandbox.linkedInComments(of: post) + query, headers: SandboxHarness.rest + [.bearer(account.token)])
    }

    @Test func aComment_isAnswered201WithItsURN_listedUnderItsPost_andRecordedWithItsParent() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            let post = try await share(sandbox, account)
            let created = try await comment(sandbox, account, on: post, text: "Route: https://example.com/route (10 km)")
            #expect(created.status == 201)
            let urn = try #require(created.json?["commentUrn"]?.stringValue)
            let number = try #require(created.header("x-restli-id"))
            #expect(urn == "urn:li:comment:(\(post),\(number))")
            #expect(created.json?["actor"]?.stringValue == account.person)

            let listed = try await list(sandbox, account, post)
            #expect(listed.status == 200)
            #expect(listed.json?["elements"]?[0]?["commentUrn"]?.stringValue == urn)
            #expect(listed.json?["elements"]?[0]?["message"]?["text"]?.stringValue == "Route: https://example.com/route (10 km)")
            #expect(listed.json?["paging"]?["total"] == .integer(1))

            let record = try #require(try await sandbox.receivedRecords().last)
            #expect(record["kind"]?.stringValue == "comment")
            #expect(record["parent_id"]?.stringValue == post)
            #expect(record["remote_id"]?.stringValue == urn)
            #expect(record["text"]?.stringValue == "Route: https://example.com/route (10 km)")
            #expect(record["version"]?.stringValue == SandboxHarness.linkedInVersion)
        }
    }

    @Test func anOrganization_commentsWithTheOrganizationScope_underItsOwnPost() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            let created = try await sandbox.createLinkedInPost(account, json: SandboxHarness.linkedInPostJSON(author: account.organization, commentary: "Club news"))
            let post = try #require(created.header("x-restli-id"))
            #expect(try await comment(sandbox, account, on: post, actor: account.organization, text: "Sign up below").status == 201)
        }
    }

    @Test func comments_refuseAnUnknownPost_aWrongObject_tooLongAText_someoneElsesName_andATokenWithoutACommentingScope() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            let other = try await sandbox.linkedInAccount("walker")
            let post = try await share(sandbox, account)

            let unknown = try await comment(sandbox, account, on: "urn:li:share:1", text: "Hello?")
            #expect(unknown.status == 404)
            let elsewhere = try await sandbox.post(sandbox.linkedInComments(of: post), json: Self.commentJSON(actor: account.person, post: "urn:li:share:2", text: "Hi"),
                                                   headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(elsewhere.status == 422)
            #expect(elsewhere.json?["message"]?.stringValue?.contains("/object") == true)
            let long = try await comment(sandbox, account, on: post, text: String(repeating: "a", count: 1_251))
            #expect(long.status == 422)
            #expect(long.json?["message"]?.stringValue?.contains("1250") == true)
            #expect(try await comment(sandbox, account, on: post, text: String(repeating: "a", count: 1_250)).status == 201)
            let impostor = try await comment(sandbox, account, on: post, actor: other.person, text: "As someone else")
            #expect(impostor.status == 403)
            #expect(impostor.json?["code"]?.stringValue == "ACCESS_DENIED")

            let reader = try await sandbox.linkedInAccount("reader", scopes: ["openid", "profile"])
            let denied = try await comment(sandbox, reader, on: post, text: "No scope")
            #expect(denied.status == 403)
            #expect(denied.json?["message"]?.stringValue == "Not enough permissions to access: partnerApiSocialActions.CREATE.\(SandboxHarness.linkedInVersion)01")
            #expect(try await sandbox.receivedRecords().filter { $0["kind"]?.stringValue == "comment" }.count == 1)
        }
    }

    @Test func listing_needsTheReadScope_pagesByStartAndCount_andLagsAndTidiesLikeThePostsListing() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            let writer = try await sandbox.linkedInAccount("rower", scopes: ["openid", "profile", "w_member_social"])
            let post = try await share(sandbox, account)
            for index in 1...3 { #expect(try await comment(sandbox, account, on: post, text: "Split \(index)  ").status == 201) }
            #expect(try await list(sandbox, writer, post).status == 403, "the posting scope does not read")

            let second = try await list(sandbox, account, post, query: "?start=1&count=1")
            #expect(second.json?["elements"]?[0]?["message"]?["text"]?.stringValue == "Split 2", "trailing spaces dropped")
            #expect(second.json?["paging"]?["total"] == .integer(3))
            #expect(second.json?["elements"]?[1] == nil)

            sandbox.clock.advance(by: 10)
            _ = try await sandbox.send("PUT", sandbox.linkedin + "/_sandbox/listings", body: Array(#"{"lag_seconds": 5}"#.utf8), contentType: "application/json")
            #expect(try await comment(sandbox, account, on: post, text: "Split 4").status == 201)
            #expect(try await list(sandbox, account, post).json?["paging"]?["total"] == .integer(3), "not listed during the lag")
            sandbox.clock.advance(by: 6)
            #expect(try await list(sandbox, account, post).json?["paging"]?["total"] == .integer(4))
        }
    }
}
