import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Listings as the networks give them: late (a listing lag) and with the text rewritten, while what
/// `/_sandbox/received` shows stays the text as sent.
@Suite struct ListingTimingServerTests {
    func xUser(_ sandbox: SandboxHarness) async throws -> (token: String, id: String) {
        let token = try await sandbox.xBearer()
        let id = try #require(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(token)]).json?["data"]?["id"]?.stringValue)
        return (token, id)
    }

    func setListings(_ sandbox: SandboxHarness, _ json: String) async throws -> HTTPResponse {
        try await sandbox.send("PUT", sandbox.x + "/_sandbox/listings", body: Array(json.utf8), contentType: "application/json")
    }

    /// Container, two status reads, publish; the media id.
    func publishToInstagram(_ sandbox: SandboxHarness, _ account: GraphAccount, caption: String) async throws -> String {
        let url = try await sandbox.hostFile("portrait.jpg", TestImages.jpeg(width: 1080, height: 1350))
        let created = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
            ("image_url", url), ("caption", caption), ("access_token", account.pageToken),
        ])
        let container = try #require(created.json?["id"]?.stringValue)
        for _ in 0..<2 { _ = try await sandbox.get(sandbox.facebook + "/v26.0/\(container)?fields=status_code", headers: [.bearer(account.pageToken)]) }
        let published = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media_publish",
                                               form: [("creation_id", container), ("access_token", account.pageToken)])
        return try #require(published.json?["id"]?.stringValue)
    }

    @Test func theSettings_defaultToNoLagAndRewriting_andRefuseNonsense() async throws {
        try await SandboxHarness.run { sandbox in
            let initial = try await sandbox.get(sandbox.linkedin + "/_sandbox/listings")
            #expect(initial.json?["rewrite_text"] == .bool(true))
            #expect(initial.json?["lag_seconds"] == .double(0) || initial.json?["lag_seconds"] == .integer(0))
            let changed = try await setListings(sandbox, #"{"lag_seconds": 2.5}"#)
            #expect(changed.status == 200)
            #expect(changed.json?["rewrite_text"] == .bool(true), "a field left out keeps its value")
            #expect(sandbox.sandbox.listingBehaviour() == ListingBehaviour(lag: .milliseconds(2_500), rewritesText: true))
            for body in [#"{"lag_seconds": -1}"#, #"{"lag_seconds": 3601}"#, #"{"rewrite_text": "yes"}"#, #"{"lag": 1}"#, "[]"] {
                let refused = try await setListings(sandbox, body)
                #expect(refused.status == 400, "\(body)")
                #expect(refused.json?["message"]?.stringValue?.isEmpty == false)
            }
        }
    }

    @Test func aListingLag_keepsNewPostsOutOfEveryListingUntilItPasses_whileReadsByIDWorkAtOnce() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            _ = try await setListings(sandbox, #"{"lag_seconds": 60}"#)
            let x = try await xUser(sandbox)
            let tweet = try #require(try await sandbox.tweet("Lagging tweet", token: x.token).json?["data"]?["id"]?.stringValue)
            let graph = try await sandbox.graphAccount()
            let pagePost = try #require(try await sandbox.post(sandbox.facebook + "/v26.0/\(graph.pageID)/feed",
                                                               form: [("message", "Lagging page post"), ("access_token", graph.pageToken)]).json?["id"]?.stringValue)
            let media = try await publishToInstagram(sandbox, graph, caption: "Lagging gram")
            let member = try await sandbox.linkedInAccount()
            let share = try await sandbox.post(sandbox.linkedin + "/rest/posts", json: LinkedInPostsServerTests.postJSON(author: member.person, commentary: "Lagging share"),
                                               headers: SandboxHarness.rest + [.bearer(member.token)])
            let urn = try #require(share.header("x-restli-id"))

            func listings() async throws -> [String] {
                let author = member.person.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return [
                    try await sandbox.get(sandbox.x + "/2/users/\(x.id)/tweets", headers: [.bearer(x.token)]).bodyText,
                    try await sandbox.get(sandbox.facebook + "/v26.0/\(graph.pageID)/feed", headers: [.bearer(graph.pageToken)]).bodyText,
                    try await sandbox.get(sandbox.facebook + "/v26.0/\(graph.instagramID)/media?fields=id,caption", headers: [.bearer(graph.pageToken)]).bodyText,
                    try await sandbox.get(sandbox.linkedin + "/rest/posts?q=author&author=\(author)", headers: SandboxHarness.rest + [.bearer(member.token)]).bodyText,
                ]
            }
            let ids = [tweet, pagePost, media, urn]
            let early = try await listings()
            for (listing, id) in zip(early, ids) { #expect(!listing.contains(id), "\(id) listed before the lag passed") }
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/\(pagePost)", headers: [.bearer(graph.pageToken)]).status == 200)
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/\(media)?fields=id,caption", headers: [.bearer(graph.pageToken)]).status == 200)
            let encodedURN = urn.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try await sandbox.get(sandbox.linkedin + "/rest/posts/\(encodedURN)", headers: SandboxHarness.rest + [.bearer(member.token)]).status == 200)

            sandbox.clock.advance(by: 59)
            for (listing, id) in zip(try await listings(), ids) { #expect(!listing.contains(id), "\(id) listed a second early") }
            sandbox.clock.advance(by: 1)
            for (listing, id) in zip(try await listings(), ids) { #expect(listing.contains(id), "\(id) listed once the lag passed") }
        }
    }

    @Test func x_listsTcoLinksAndEscapedText_withEntitiesWhenAsked_whileTheRecordKeepsTheTextAsSent() async throws {
        try await SandboxHarness.run { sandbox in
            let x = try await xUser(sandbox)
            let sent = "Splits & notes <b>: https://example.com/plans/week-three/intervals?b=1&c=2 then strava.com"
            _ = try await sandbox.tweet(sent, token: x.token)
            let listing = try await sandbox.get(sandbox.x + "/2/users/\(x.id)/tweets?tweet.fields=entities", headers: [.bearer(x.token)])
            let post = try #require(listing.json?["data"]?[0])
            let text = try #require(post["text"]?.stringValue)
            let pattern = #"^Splits &amp; notes &lt;b&gt;: https://t\.co/[0-9A-Za-z]{10} then https://t\.co/[0-9A-Za-z]{10}$"#
            #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(text)")

            let urls = try #require(post["entities"]?["urls"])
            let first = try #require(urls[0]), second = try #require(urls[1])
            #expect(first["expanded_url"]?.stringValue == "https://example.com/plans/week-three/intervals?b=1&c=2")
            #expect(first["display_url"]?.stringValue == "example.com/plans/week-th…")
            #expect(second["expanded_url"]?.stringValue == "http://strava.com", "a bare domain is expanded with http://")
            #expect(second["display_url"]?.stringValue == "strava.com")
            let scalars = Array(text.unicodeScalars)
            for entity in [first, second] {
                let start = try #require(entity["start"].flatMap { if case .integer(let n) = $0 { Int(n) } else { nil } })
                let end = try #require(entity["end"].flatMap { if case .integer(let n) = $0 { Int(n) } else { nil } })
                var slice = String.UnicodeScalarView()
                slice.append(contentsOf: scalars[start..<end])
                #expect(String(slice) == entity["url"]?.stringValue, "start and end frame the t.co link")
            }

            let plain = try await sandbox.get(sandbox.x + "/2/users/\(x.id)/tweets", headers: [.bearer(x.token)])
            #expect(plain.json?["data"]?[0]?["entities"] == nil, "entities only when tweet.fields asks")
            #expect(plain.json?["data"]?[0]?["text"]?.stringValue == text)
            #expect(await sandbox.sandbox.received().first?.text == sent)

            _ = try await setListings(sandbox, #"{"rewrite_text": false}"#)
            let raw = try await sandbox.get(sandbox.x + "/2/users/\(x.id)/tweets", headers: [.bearer(x.token)])
            #expect(raw.json?["data"]?[0]?["text"]?.stringValue == sent)
        }
    }

    @Test func graphAndLinkedIn_listTextWithItsWhitespaceTidied_whileTheRecordKeepsItAsSent() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let graph = try await sandbox.graphAccount()
            let message = "  Club run  \r\ntonight\t\r\n7  pm \n"
            _ = try await sandbox.post(sandbox.facebook + "/v26.0/\(graph.pageID)/feed", form: [("message", message), ("access_token", graph.pageToken)])
            let feed = try await sandbox.get(sandbox.facebook + "/v26.0/\(graph.pageID)/feed?fields=id,message", headers: [.bearer(graph.pageToken)])
            #expect(feed.json?["data"]?[0]?["message"]?.stringValue == "Club run\ntonight\n7  pm", "Graph keeps runs of spaces inside a line")

            _ = try await publishToInstagram(sandbox, graph, caption: "Trail views \r\n#trail  ")
            let media = try await sandbox.get(sandbox.facebook + "/v26.0/\(graph.instagramID)/media?fields=id,caption", headers: [.bearer(graph.pageToken)])
            #expect(media.json?["data"]?[0]?["caption"]?.stringValue == "Trail views\n#trail")

            let member = try await sandbox.linkedInAccount()
            _ = try await sandbox.post(sandbox.linkedin + "/rest/posts", json: LinkedInPostsServerTests.postJSON(author: member.person, commentary: #"Erg   session \r\ndone\t\tat last "#),
                                       headers: SandboxHarness.rest + [.bearer(member.token)])
            let author = member.person.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let found = try await sandbox.get(sandbox.linkedin + "/rest/posts?q=author&author=\(author)", headers: SandboxHarness.rest + [.bearer(member.token)])
            #expect(found.json?["elements"]?[0]?["commentary"]?.stringValue == "Erg session\ndone at last")

            let texts = await sandbox.sandbox.received().compactMap(\.text)
            #expect(texts.contains(message))
            #expect(texts.contains("Erg   session \r\ndone\t\tat last "))
        }
    }
}
