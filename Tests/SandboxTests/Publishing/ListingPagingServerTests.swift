import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The listings crash reconciliation walks, paged over the wire as each network pages them.
@Suite struct ListingPagingServerTests {
    @Test func x_pagesAUsersPostsWithNextToken_refusesABadMaxResults_andSendsRateLimitHeaders() async throws {
        try await SandboxHarness.run { sandbox in
            let bearer = try await sandbox.xBearer()
            let me = try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(bearer)])
            let userID = try #require(me.json?["data"]?["id"]?.stringValue)
            for index in 0..<12 {
                let created = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"interval \#(index)"}"#, headers: [.bearer(bearer)])
                #expect(created.status == 201)
            }
            let base = sandbox.x + "/2/users/\(userID)/tweets?max_results=5&tweet.fields=created_at"
            var texts: [String] = []
            var url = base
            var pages = 0
            while true {
                let page = try await sandbox.get(url, headers: [.bearer(bearer)])
                #expect(page.status == 200)
                #expect(page.header("x-rate-limit-remaining") != nil && page.header("x-rate-limit-reset") != nil)
                let data = try #require(page.json?["data"])
                guard case .array(let posts) = data else { Issue.record("no data"); return }
                #expect(page.json?["meta"]?["result_count"] == .integer(Int64(posts.count)))
                #expect(posts.allSatisfy { $0["created_at"]?.stringValue?.hasSuffix("Z") == true })
                texts += posts.compactMap { $0["text"]?.stringValue }
                pages += 1
                guard let token = page.json?["meta"]?["next_token"]?.stringValue else { break }
                url = base + "&pagination_token=\(token)"
            }
            #expect(pages == 3)
            #expect(texts == (0..<12).reversed().map { "interval \($0)" })

            let tooFew = try await sandbox.get(sandbox.x + "/2/users/\(userID)/tweets?max_results=2", headers: [.bearer(bearer)])
            #expect(tooFew.status == 400)
            #expect(tooFew.json?["detail"]?.stringValue?.contains("max_results") == true)
            let later = RFC3339.format(sandbox.clock.now.addingTimeInterval(60)).replacingOccurrences(of: ":", with: "%3A")
            let none = try await sandbox.get(sandbox.x + "/2/users/\(userID)/tweets?start_time=\(later)", headers: [.bearer(bearer)])
            #expect(none.json == .object(["meta": .object(["result_count": .integer(0)])]))
        }
    }

    @Test func facebook_feedPagesByCursor_withNextOnlyWhileMoreRemain_andSinceBoundsIt() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            for index in 0..<7 {
                let posted = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [("message", "Hill rep \(index)"), ("access_token", account.pageToken)])
                #expect(posted.status == 200)
                sandbox.clock.advance(by: 60)
            }
            var url = sandbox.facebook + "/v26.0/\(account.pageID)/feed?fields=id,message&limit=3&access_token=\(account.pageToken)"
            var messages: [String] = []
            var pages = 0
            while true {
                let page = try await sandbox.get(url)
                #expect(page.status == 200)
                guard case .array(let posts)? = page.json?["data"] else { Issue.record("no data"); return }
                messages += posts.compactMap { $0["message"]?.stringValue }
                #expect(page.json?["paging"]?["cursors"]?["after"]?.stringValue != nil)
                pages += 1
                guard let next = page.json?["paging"]?["next"]?.stringValue else { break }
                #expect(next.hasPrefix(sandbox.facebook + "/v26.0/\(account.pageID)/feed?"))
                url = next
            }
            #expect(pages == 3)
            #expect(messages == (0..<7).reversed().map { "Hill rep \($0)" })

            let since = Int(sandbox.clock.now.timeIntervalSince1970) - 3 * 60
            let recent = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/feed?fields=message&since=\(since)", headers: [.bearer(account.pageToken)])
            #expect(recent.json?["data"]?[0]?["message"]?.stringValue == "Hill rep 6")
            guard case .array(let bounded)? = recent.json?["data"] else { Issue.record("no data"); return }
            #expect(bounded.count == 3)
            #expect(recent.json?["paging"]?["next"] == nil)
            let broken = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/feed?after=%21%21", headers: [.bearer(account.pageToken)])
            #expect(broken.json?["error"]?["code"] == .integer(100))
        }
    }

    @Test func instagram_mediaPagesByCursor() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let image = try await sandbox.hostFile(String(repeating: "d", count: 64) + ".jpg", TestImages.jpeg(width: 1080, height: 1350))
            for index in 0..<5 {
                let created = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
                    ("image_url", image), ("caption", "Trail \(index)"), ("access_token", account.pageToken),
                ])
                let container = try #require(created.json?["id"]?.stringValue)
                for _ in 0..<InstagramContainer.pollsToFinish {
                    _ = try await sandbox.get(sandbox.facebook + "/v26.0/\(container)?fields=status_code", headers: [.bearer(account.pageToken)])
                }
                let published = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media_publish", form: [
                    ("creation_id", container), ("access_token", account.pageToken),
                ])
                #expect(published.status == 200)
            }
            let first = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.instagramID)/media?fields=caption&limit=2", headers: [.bearer(account.pageToken)])
            #expect(first.json?["data"]?[0]?["caption"]?.stringValue == "Trail 4")
            #expect(first.json?["paging"]?["previous"] == nil)
            let after = try #require(first.json?["paging"]?["cursors"]?["after"]?.stringValue)
            let second = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.instagramID)/media?fields=caption&limit=2&after=\(after)", headers: [.bearer(account.pageToken)])
            #expect(second.json?["data"]?[0]?["caption"]?.stringValue == "Trail 2")
            #expect(second.json?["paging"]?["previous"]?.stringValue != nil)
            let last = try #require(second.json?["paging"]?["next"]?.stringValue)
            let third = try await sandbox.get(last, headers: [.bearer(account.pageToken)])
            #expect(third.json?["data"]?[0]?["caption"]?.stringValue == "Trail 0")
            #expect(third.json?["paging"]?["next"] == nil)
        }
    }

    @Test func linkedIn_pagesByStartAndCount_withTheTotal_andRefusesAnUnknownSortBy() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            for index in 0..<5 {
                let created = try await sandbox.post(sandbox.linkedin + "/rest/posts", json: LinkedInPostsServerTests.postJSON(author: account.person, commentary: "Erg \(index)"),
                                                     headers: SandboxHarness.rest + [.bearer(account.token)])
                #expect(created.status == 201)
            }
            let author = account.person.replacingOccurrences(of: ":", with: "%3A")
            let page = try await sandbox.get(sandbox.linkedin + "/rest/posts?author=\(author)&q=author&count=2&start=2&sortBy=CREATED", headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(page.json?["elements"]?[0]?["commentary"]?.stringValue == "Erg 2")
            #expect(page.json?["paging"]?["total"] == .integer(5))
            #expect(page.json?["paging"]?["start"] == .integer(2))
            let unknown = try await sandbox.get(sandbox.linkedin + "/rest/posts?author=\(author)&q=author&sortBy=POPULAR", headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(unknown.status == 400)
        }
    }
}
