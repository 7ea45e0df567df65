import Connectors
import Foundation
import HTTPClient
import NetworkRules
import Sandbox
import SchedulerCore
import Testing

/// Looking a post up among the account's recent posts, as crash reconciliation will.
@Suite struct FindPublishedTests {
    @Test func x_findsAPublishedPostByItsText_andNotOneThatNeverWentOut() async throws {
        try await SandboxX.with { sandbox in
            let grant = try await sandbox.mintToken(username: "finder")
            let credentials = AccountCredentials.oauth1(token: grant.oauthToken, tokenSecret: grant.oauthTokenSecret)
            let connector = sandbox.connector()
            let since = Date().addingTimeInterval(-5)
            let sent = PublishRequest(text: "Track session: 8 × 400 m", accountRemoteID: grant.userID)
            let published = try await connector.publish(sent, credentials: credentials)

            let found = try await connector.findPublished(sent, since: since, credentials: credentials)
            #expect(found?.remoteID == published.remoteID)
            let never = PublishRequest(text: "Never sent", accountRemoteID: grant.userID)
            #expect(try await connector.findPublished(never, since: since, credentials: credentials) == nil)
            let tooOld = try await connector.findPublished(sent, since: Date().addingTimeInterval(3_600), credentials: credentials)
            #expect(tooOld == nil, "a post older than the window does not count")
        }
    }

    /// Mints a sandbox token for `network` (`facebook` or `linkedin`) and returns the answer.
    func mint(_ network: String, on base: String, client: CurlHTTPClient) async throws -> JSONValue {
        let response = try await client.send(HTTPRequest(method: "POST", url: base + "/_sandbox/\(network)/tokens",
                                                         headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"username":"finder"}"#.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
    }

    /// The sandbox LinkedIn app here is approved for `r_member_social`, so a member's posts can be read back.
    @Test func facebookLinkedInAndInstagram_findWhatTheyPublished() async throws {
        try await SandboxX.with(configuration: SandboxConfiguration(linkedinProducts: Set(LinkedInProduct.allCases))) { sandbox in
            let urls = try await sandbox.sandbox.baseURLs()
            let graph = try #require(urls["facebook"]), linkedinBase = try #require(urls["linkedin"])
            let since = Date().addingTimeInterval(-5)

            // Facebook: the Page token comes from /me/accounts, as linking gets it.
            let user = try await mint("facebook", on: graph, client: sandbox.client)
            let userToken = try #require(user["user_access_token"]?.stringValue)
            let accounts = try await sandbox.client.send(HTTPRequest(url: graph + "/v19.0/me/accounts?fields=id,access_token&access_token=\(userToken)"))
            let page = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(accounts.body))["data"].flatMap { value -> JSONValue? in
                if case .array(let pages) = value { return pages.first }
                return nil
            })
            let pageCredentials = AccountCredentials.oauth2(accessToken: try #require(page["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil)
            let app = FacebookApp(graphBaseURL: graph, dialogBaseURL: graph, appID: "unused", appSecret: "unused")
            let facebook = FacebookConnector(app: app, transport: sandbox.client)
            let pagePost = PublishRequest(text: "Club run tonight, 7 pm", accountRemoteID: try #require(page["id"]?.stringValue))
            let published = try await facebook.publish(pagePost, credentials: pageCredentials)
            #expect(try await facebook.findPublished(pagePost, since: since, credentials: pageCredentials)?.remoteID == published.remoteID)
            var missing = pagePost
            missing.text = "Never posted"
            #expect(try await facebook.findPublished(missing, since: since, credentials: pageCredentials) == nil)

            // Instagram: the image is fetched from a public URL, here the sandbox's own file shelf.
            let image: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x05, 0x46, 0x04, 0x38, 0x03]
                + Array(repeating: 0, count: 40) + [0xFF, 0xD9]
            let name = String(repeating: "b", count: 64) + ".jpg"
            _ = try await sandbox.client.send(HTTPRequest(method: "PUT", url: graph + "/_sandbox/files/\(name)",
                                                          headers: [HTTPHeader("Content-Type", "image/jpeg")], body: image))
            let instagram = InstagramConnector(app: app, mediaBaseURL: graph + "/_sandbox/files", transport: sandbox.client, pollInterval: .milliseconds(10))
            let item = MediaItem(path: "/nonexistent/\(name)", kind: .image, contentType: "image/jpeg", size: image.count,
                                 sha256: String(repeating: "b", count: 64), width: 1080, height: 1350, alt: nil)
            let gram = PublishRequest(text: "Long run views", media: [item], accountRemoteID: try #require(user["instagram_user_id"]?.stringValue))
            let posted = try await instagram.publish(gram, credentials: pageCredentials)
            #expect(try await instagram.findPublished(gram, since: since, credentials: pageCredentials)?.remoteID == posted.remoteID)

            // LinkedIn: the commentary is kept escaped, and still matched.
            let member = try await mint("linkedin", on: linkedinBase, client: sandbox.client)
            let memberCredentials = AccountCredentials.oauth2(accessToken: try #require(member["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil)
            let linkedin = LinkedInConnector(app: LinkedInApp(apiBaseURL: linkedinBase, authBaseURL: linkedinBase, clientID: "unused", clientSecret: "unused"),
                                             transport: sandbox.client)
            let share = PublishRequest(text: "New PB (5k) #running", accountRemoteID: try #require(member["person_urn"]?.stringValue))
            let shared = try await linkedin.publish(share, credentials: memberCredentials)
            #expect(try await linkedin.findPublished(share, since: since, credentials: memberCredentials)?.remoteID == shared.remoteID)
        }
    }
}
