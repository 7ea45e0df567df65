import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Each fault kind against a real listener, seen through libcurl as a client would see it.
@Suite struct FaultKindsServerTests {
    @Test func drop_closesTheConnectionWithoutAnAnswer_andPublishesNothing() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["drop"],"seed":1}"#)
            let error = await #expect(throws: HTTPClientError.self) { try await sandbox.tweet("Dropped before it landed", token: token) }
            #expect(error?.code == .connectionLost)
            #expect(await sandbox.sandbox.received().isEmpty)
            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .drop)
            #expect(fault.network == "x")
            #expect(fault.method == "POST")
            #expect(fault.path == "/2/tweets")
            #expect(fault.status == nil)
            #expect(fault.account != nil)
        }
    }

    @Test func lostAnswer_publishesTheTweet_butTheClientOnlySeesTheConnectionClose() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["lost_answer"]}"#)
            let error = await #expect(throws: HTTPClientError.self) { try await sandbox.tweet("Published into the void", token: token) }
            #expect(error?.code == .connectionLost)

            try await sandbox.setFaults(#"{"rate":0}"#)
            let received = await sandbox.sandbox.received()
            #expect(received.count == 1)
            let tweet = try #require(received.first)
            #expect(tweet.text == "Published into the void")
            let timeline = try await sandbox.get(sandbox.x + "/2/users/\(tweet.userID ?? "")/tweets", headers: [.bearer(token)])
            #expect(timeline.status == 200)
            #expect(timeline.bodyText.contains(tweet.remoteID))
            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .lostAnswer)
            #expect(fault.status == 201)
        }
    }

    @Test func lostAnswer_onARead_isADrop() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["lost_answer"]}"#)
            await #expect(throws: HTTPClientError.self) { try await sandbox.sendFresh("GET", sandbox.x + "/2/users/me", headers: [.bearer(token)]) }
            #expect(try await sandbox.injectedFaults().map(\.kind) == [.drop])
        }
    }

    @Test func serverError_answersInEachNetworksShape_andPublishesNothing() async throws {
        try await SandboxHarness.run { sandbox in
            let xToken = try await sandbox.xBearer()
            let graph = try await sandbox.graphAccount()
            let linkedIn = try await sandbox.linkedInAccount()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["server_error"]}"#)

            let x = try await sandbox.tweet("Five hundred", token: xToken)
            #expect(x.status == 503)
            #expect(x.json?["title"]?.stringValue == "Service Unavailable")
            let facebook = try await sandbox.post(sandbox.facebook + "/v26.0/\(graph.pageID)/feed", form: [("message", "Five hundred"), ("access_token", graph.pageToken)])
            #expect(facebook.status == 500)
            #expect(facebook.json?["error"]?["code"] == .integer(2))
            #expect(facebook.json?["error"]?["type"]?.stringValue == "OAuthException")
            let post = LinkedInPostsServerTests.postJSON(author: linkedIn.person, commentary: "Five hundred")
            let linkedin = try await sandbox.post(sandbox.linkedin + "/rest/posts", json: post, headers: SandboxHarness.rest + [.bearer(linkedIn.token)])
            #expect(linkedin.status == 500)
            #expect(linkedin.json?["status"] == .integer(500))

            #expect(await sandbox.sandbox.received().isEmpty)
            let faults = try await sandbox.injectedFaults(from: sandbox.linkedin)
            #expect(faults.map(\.network) == ["x", "facebook", "linkedin"])
            #expect(faults.map(\.status) == [503, 500, 500])
        }
    }

    @Test func slow_sendsTheNormalAnswerLate_andAClientThatGivesUpFindsThePostPublished() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["slow"],"slow_seconds":0.4}"#)
            let started = ContinuousClock.now
            let answer = try await sandbox.tweet("Slow but steady", token: token)
            #expect(answer.status == 201)
            #expect(ContinuousClock.now - started >= .milliseconds(400))
            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .slow)
            #expect(fault.delayMilliseconds == 400)
            #expect(fault.status == 201)

            try await sandbox.setFaults(#"{"rate":1,"kinds":["slow"],"slow_seconds":1.2}"#)
            let error = await #expect(throws: HTTPClientError.self) { try await sandbox.tweet("Gave up waiting", token: token, timeout: .milliseconds(300)) }
            #expect(error?.code == .timedOut)
            // The post is made when the request is handled, which on a busy machine may be after the client gave up.
            let both = try await eventually(within: .seconds(10)) {
                await sandbox.sandbox.received().map(\.text) == ["Slow but steady", "Gave up waiting"]
            }
            let texts = await sandbox.sandbox.received().map(\.text)
            #expect(both, "the sandbox received \(texts)")
        }
    }

    @Test func expiredToken_refusesTheTokenForGood_butARefreshedTokenPublishes() async throws {
        try await SandboxHarness.run { sandbox in
            let pair = try await sandbox.xTokenPair()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["expired_token"]}"#)
            let refused = try await sandbox.tweet("Token ran out", token: pair.access)
            #expect(refused.status == 401)
            #expect(refused.json?["title"]?.stringValue == "Unauthorized")
            #expect(refused.json?["reason"]?.stringValue?.contains("expired") == true)

            try await sandbox.setFaults(#"{"rate":0}"#)
            #expect(try await sandbox.tweet("Token ran out", token: pair.access).status == 401)
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(pair.access)]).status == 401)
            #expect(await sandbox.sandbox.rejected().last?.reasonCode == "expired_token")

            let refreshed = try await sandbox.xRefresh(pair.refresh)
            #expect(refreshed.status == 200)
            let access = try #require(refreshed.json?["access_token"]?.stringValue)
            #expect(try await sandbox.tweet("Token ran out", token: access).status == 201)
            #expect(await sandbox.sandbox.received().count == 1)
            let faults = try await sandbox.injectedFaults()
            #expect(faults.map(\.kind) == [.expiredToken])
            #expect(faults.first?.status == 401)
            #expect(faults.first?.account == (await sandbox.sandbox.received().first?.userID))
            #expect(!(try await sandbox.get(sandbox.x + "/_sandbox/faults").bodyText.contains(pair.access)))
        }
    }

    @Test func expiredToken_isNeverChosenForTokensThatCannotBeRefreshed() async throws {
        try await SandboxHarness.run { sandbox in
            let xToken = try await sandbox.xBearer()
            let graph = try await sandbox.graphAccount()
            let linkedIn = try await sandbox.linkedInAccount()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["expired_token"]}"#)

            #expect(try await sandbox.tweet("No offline.access", token: xToken).status == 201)
            let page = try await sandbox.post(sandbox.facebook + "/v26.0/\(graph.pageID)/feed", form: [("message", "Page tokens last"), ("access_token", graph.pageToken)])
            #expect(page.status == 200)
            let post = LinkedInPostsServerTests.postJSON(author: linkedIn.person, commentary: "No refresh tokens here")
            #expect(try await sandbox.post(sandbox.linkedin + "/rest/posts", json: post, headers: SandboxHarness.rest + [.bearer(linkedIn.token)]).status == 201)
            #expect(try await sandbox.injectedFaults().isEmpty)
        }
    }
}
