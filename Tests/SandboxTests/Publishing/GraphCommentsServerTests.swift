import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Comments under Page posts and Instagram media: who may make them, how the edge lists them, what is recorded.
@Suite struct GraphCommentsServerTests {
    @Test func aPage_commentsOnItsOwnPost_andTheEdgeListsOldestFirst_newestFirstWhenAsked_pageByPage() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let postID = try #require(try await sandbox.feedPost(account, message: "Race day", photos: []).json?["id"]?.stringValue)
            var ids: [String] = []
            for text in ["Results are up", "Photos tomorrow", "Thanks, volunteers"] {
                let made = try await sandbox.comment(on: postID, text, token: account.pageToken)
                #expect(made.status == 200)
                ids.append(try #require(made.json?["id"]?.stringValue))
                sandbox.clock.advance(by: 1)
            }
            let edge = sandbox.facebook + "/v26.0/\(postID)/comments?fields=id,message,created_time,from&limit=2"
            let oldest = try await sandbox.get(edge, headers: [.bearer(account.pageToken)])
            #expect(oldest.json?["data"]?[0]?["id"]?.stringValue == ids[0])
            #expect(oldest.json?["data"]?[0]?["from"]?["id"]?.stringValue == account.pageID)
            #expect(oldest.json?["data"]?[0]?["created_time"]?.stringValue?.hasSuffix("+0000") == true)
            let next = try #require(oldest.json?["paging"]?["next"]?.stringValue)
            #expect(try await sandbox.get(next, headers: [.bearer(account.pageToken)]).json?["data"]?[0]?["id"]?.stringValue == ids[2])
            let newest = try await sandbox.get(edge + "&order=reverse_chronological", headers: [.bearer(account.pageToken)])
            #expect(newest.json?["data"]?[0]?["message"]?.stringValue == "Thanks, volunteers")
            #expect(try await sandbox.get(edge, headers: [.bearer(account.userToken)]).json?["data"] == .array([]),
                    "a user token reads a Page post's comments as an empty list")
            #expect(try await sandbox.get(edge + "&order=sideways", headers: [.bearer(account.pageToken)]).json?["error"]?["code"] == .integer(100))
        }
    }

    @Test func commenting_needsThePagesTokenWithPagesManageEngagement_onAPublishedPostOfThatPage_andAMessageWithinEightThousand() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let postID = try #require(try await sandbox.feedPost(account, message: "Club night", photos: []).json?["id"]?.stringValue)
            #expect(try await sandbox.comment(on: postID, "As me", token: account.userToken).json?["error"]?["code"] == .integer(200))
            let noEngagement = try await sandbox.graphAccount("poster", scopes: ["pages_show_list", "pages_read_engagement", "pages_manage_posts"])
            let theirPost = try #require(try await sandbox.feedPost(noEngagement, message: "Mine", photos: []).json?["id"]?.stringValue)
            #expect(try await sandbox.comment(on: theirPost, "Needs the permission", token: noEngagement.pageToken).json?["error"]?["code"] == .integer(200))
            #expect(try await sandbox.comment(on: theirPost, "Not my Page", token: account.pageToken).json?["error"]?["error_subcode"] == .integer(33))
            #expect(try await sandbox.comment(on: "105_999", "No such post", token: account.pageToken).json?["error"]?["error_subcode"] == .integer(33))
            let at = Int(sandbox.clock.now.timeIntervalSince1970) + 3_600
            let scheduled = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", json: #"{"message":"Later","published":false,"scheduled_publish_time":\#(at)}"#,
                                                   headers: [.bearer(account.pageToken)])
            let scheduledID = try #require(scheduled.json?["id"]?.stringValue)
            #expect(try await sandbox.comment(on: scheduledID, "Too early", token: account.pageToken).json?["error"]?["error_subcode"] == .integer(33))
            #expect(try await sandbox.comment(on: postID, "  ", token: account.pageToken).json?["error"]?["code"] == .integer(100))
            #expect(try await sandbox.comment(on: postID, String(repeating: "a", count: 8_001), token: account.pageToken).json?["error"]?["code"] == .integer(100))
            #expect(try await sandbox.comment(on: postID, String(repeating: "a", count: 8_000), token: account.pageToken).status == 200)
        }
    }

    @Test func comments_areRecordedWithTheirParent_asSent_whileTheEdgeLagsAndTidiesWhitespace() async throws {
        try await SandboxHarness.run(configuration: .init(listingLag: .seconds(5))) { sandbox in
            let account = try await sandbox.graphAccount()
            let postID = try #require(try await sandbox.feedPost(account, message: "Long run", photos: []).json?["id"]?.stringValue)
            let made = try await sandbox.comment(on: postID, "Route:  \r\nriver loop  ", token: account.pageToken)
            let commentID = try #require(made.json?["id"]?.stringValue)
            let edge = sandbox.facebook + "/v26.0/\(postID)/comments?fields=id,message"
            #expect(try await sandbox.get(edge, headers: [.bearer(account.pageToken)]).json?["data"] == .array([]), "not listed during the lag")
            sandbox.clock.advance(by: 5)
            let listed = try await sandbox.get(edge, headers: [.bearer(account.pageToken)])
            #expect(listed.json?["data"]?[0]?["message"]?.stringValue == "Route:\nriver loop")

            let record = try #require(try await sandbox.receivedRecords().last)
            #expect(record["kind"]?.stringValue == "comment")
            #expect(record["parent_id"]?.stringValue == postID)
            #expect(record["remote_id"]?.stringValue == commentID)
            #expect(record["user_id"]?.stringValue == account.pageID)
            #expect(record["text"]?.stringValue == "Route:  \r\nriver loop  ")
            #expect(record["network"]?.stringValue == "facebook")
        }
    }

    @Test func anInstagramAccount_commentsOnItsOwnMedia_withInstagramManageComments_andTheEdgeShowsTextAndAuthor() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let mediaID = try await sandbox.instagramPost(account)
            let made = try await sandbox.comment(on: mediaID, "#running #longrun", token: account.pageToken)
            #expect(made.status == 200)
            let commentID = try #require(made.json?["id"]?.stringValue)
            let listed = try await sandbox.get(sandbox.facebook + "/v26.0/\(mediaID)/comments?fields=id,text,timestamp,username,from",
                                               headers: [.bearer(account.pageToken)])
            let first = try #require(listed.json?["data"]?[0])
            #expect(first["id"]?.stringValue == commentID)
            #expect(first["text"]?.stringValue == "#running #longrun")
            #expect(first["username"]?.stringValue == "runner")
            #expect(first["from"]?["id"]?.stringValue == account.instagramID)
            #expect(first["timestamp"]?.stringValue?.hasSuffix("+0000") == true)
            #expect(try await sandbox.comment(on: mediaID, String(repeating: "a", count: 2_201), token: account.pageToken).json?["error"]?["code"] == .integer(100))

            let other = try await sandbox.graphAccount("walker")
            #expect(try await sandbox.comment(on: mediaID, "Not mine", token: other.pageToken).json?["error"]?["error_subcode"] == .integer(33))
            let noComments = try await sandbox.graphAccount("quiet", scopes: ["pages_show_list", "pages_read_engagement", "instagram_basic", "instagram_content_publish"])
            let theirMedia = try await sandbox.instagramPost(noComments)
            #expect(try await sandbox.comment(on: theirMedia, "Needs the permission", token: noComments.pageToken).json?["error"]?["code"] == .integer(10))

            let record = try #require(try await sandbox.receivedRecords().first { $0["kind"]?.stringValue == "comment" })
            #expect(record["network"]?.stringValue == "instagram")
            #expect(record["parent_id"]?.stringValue == mediaID)
            #expect(record["user_id"]?.stringValue == account.instagramID)
        }
    }

    @Test func aLostAnswer_onACommentPOST_makesTheCommentAndClosesTheConnection() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let postID = try #require(try await sandbox.feedPost(account, message: "Faulty night", photos: []).json?["id"]?.stringValue)
            try await sandbox.setFaults(#"{"rate":1,"kinds":["lost_answer"]}"#)
            await #expect(throws: HTTPClientError.self) {
                try await sandbox.http.send(HTTPRequest(method: "POST", url: sandbox.facebook + "/v26.0/\(postID)/comments",
                                                        headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                                        body: Array("message=Into%20the%20void&access_token=\(account.pageToken)".utf8), freshConnection: true))
            }
            try await sandbox.setFaults(#"{"rate":0}"#)
            let listed = try await sandbox.get(sandbox.facebook + "/v26.0/\(postID)/comments?fields=message", headers: [.bearer(account.pageToken)])
            #expect(listed.json?["data"]?[0]?["message"]?.stringValue == "Into the void")
            #expect(try await sandbox.injectedFaults().map(\.kind) == [.lostAnswer])
            #expect(try await sandbox.injectedFaults().first?.network == "facebook")
        }
    }
}
