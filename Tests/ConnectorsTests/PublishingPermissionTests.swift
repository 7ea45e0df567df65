@testable import Connectors
import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// A token that cannot publish is refused when it is added or linked, naming what it lacks (issue 25), each network
/// asked its own way: Graph's `debug_token`, the scopes X's token endpoint grants and its `x-access-level`, LinkedIn's
/// token introspection. Checked against the sandbox, whose verifiers are written apart from these linkers.
@Suite struct PublishingPermissionTests {
    static let redirect = "http://127.0.0.1:9/callback"

    static func facebookApp(_ sandbox: ListingSandbox, id: String = SandboxCredentials.facebookAppID,
                            secret: String = SandboxCredentials.facebookAppSecret) -> FacebookApp {
        FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: id, appSecret: secret)
    }

    /// `POST /_sandbox/<network>/tokens` with `body`.
    static func mint(_ sandbox: ListingSandbox, _ network: String, _ body: String) async throws -> JSONValue {
        let base = network == "x" ? sandbox.x : network == "facebook" ? sandbox.graph : sandbox.linkedin
        let response = try await sandbox.client.send(HTTPRequest(method: "POST", url: base + "/_sandbox/\(network)/tokens",
                                                                 headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
    }

    /// Plays the browser: opens the authorization URL (with the sandbox's `extra` choices) and returns the address it redirects to.
    static func approve(_ pending: PendingLink, _ extra: String, _ sandbox: ListingSandbox) async throws -> String {
        let answer = try await sandbox.client.send(HTTPRequest(url: pending.authorizationURL + extra))
        return try #require(answer.header("Location"))
    }

    /// The link error `body` throws; nil (and an issue) when it throws none or another.
    static func refusal<T>(_ body: () async throws -> T) async -> LinkError? {
        do {
            _ = try await body()
        } catch let error as LinkError {
            return error
        } catch {
            Issue.record("expected a LinkError, got \(error)")
        }
        return nil
    }

    @Test func facebook_anImportedPageTokenWithoutPagesManagePosts_isRefused_namingWhatItLacks() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = FacebookLinker(app: Self.facebookApp(sandbox), transport: sandbox.client)
            let minted = try await Self.mint(sandbox, "facebook", #"{"username":"club","scopes":["pages_show_list"]}"#)
            let token = try #require(minted["access_token"]?.stringValue)
            let error = try #require(await Self.refusal { try await linker.inspect(.oauth2(accessToken: token, refreshToken: nil, expiresAt: nil)) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("pages_manage_posts and pages_read_engagement"), "\(error.message)")
            #expect(error.message.contains("Get Page Access Token") && error.message.contains("nothing was stored"))
            #expect(!error.message.contains(token))
        }
    }

    @Test func facebook_anImportedUserToken_isRefused_sayingHowToGetThePageToken() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = FacebookLinker(app: Self.facebookApp(sandbox), transport: sandbox.client)
            let user = try #require(try await Self.mint(sandbox, "facebook", #"{"username":"club"}"#)["user_access_token"]?.stringValue)
            let error = try #require(await Self.refusal { try await linker.inspect(.oauth2(accessToken: user, refreshToken: nil, expiresAt: nil)) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("a user access token, not a Page access token"), "\(error.message)")
            #expect(error.message.contains("GET /me/accounts"))
        }
    }

    @Test func facebook_aPageTokenOfAnotherApp_isRefused_namingBothApps() async throws {
        try await ListingSandbox.with { sandbox in
            let other = Self.facebookApp(sandbox, id: FacebookOAuth.secondClient.id, secret: FacebookOAuth.secondClient.secret!)
            let linker = FacebookLinker(app: other, transport: sandbox.client)
            let page = try #require(try await Self.mint(sandbox, "facebook", #"{"username":"club"}"#)["access_token"]?.stringValue)
            let error = try #require(await Self.refusal { try await linker.inspect(.oauth2(accessToken: page, refreshToken: nil, expiresAt: nil)) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("another Facebook app") && error.message.contains(FacebookOAuth.secondClient.id), "\(error.message)")
        }
    }

    /// Without `pages_manage_engagement` the Page publishes, but its first comments fail: kept, with a note saying so.
    @Test func facebook_aPageTokenWithThePublishingPermissions_isKept_andOneWithoutTheCommentPermissionGetsANote() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = FacebookLinker(app: Self.facebookApp(sandbox), transport: sandbox.client)
            let full = try #require(try await Self.mint(sandbox, "facebook", #"{"username":"club"}"#)["access_token"]?.stringValue)
            let kept = try await linker.inspect(.oauth2(accessToken: full, refreshToken: nil, expiresAt: nil))
            #expect(kept.notes.isEmpty)
            #expect(kept.credentials.scopes.contains("pages_manage_posts"))
            #expect(kept.credentials.expiresAt == nil, "a Page token from a long-lived user token does not expire")

            let body = #"{"username":"club","scopes":["pages_show_list","pages_manage_posts","pages_read_engagement"]}"#
            let bare = try #require(try await Self.mint(sandbox, "facebook", body)["access_token"]?.stringValue)
            let noted = try await linker.inspect(.oauth2(accessToken: bare, refreshToken: nil, expiresAt: nil))
            #expect(noted.notes.count == 1)
            #expect(noted.notes.first?.contains("pages_manage_engagement") == true && noted.notes.first?.contains("first comments") == true)
        }
    }

    /// Facebook Login lets a person untick a permission ("Edit access"): a link without `pages_manage_posts` is refused.
    @Test func facebook_aLinkWhereThePersonUntickedPagesManagePosts_isRefused_andAFullOneLinks() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = FacebookLinker(app: Self.facebookApp(sandbox), transport: sandbox.client)
            let pending = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let redirect = try await Self.approve(pending, "&sandbox_user=club&sandbox_declined=pages_manage_posts", sandbox)
            let error = try #require(await Self.refusal { try await linker.complete(pending, response: redirect, options: LinkOptions()) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("not granted pages_manage_posts"), "\(error.message)")
            #expect(error.message.contains("schedctl accounts link facebook"))

            let again = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let linked = try await linker.complete(again, response: try await Self.approve(again, "&sandbox_user=club", sandbox), options: LinkOptions())
            #expect(linked.notes.isEmpty && linked.credentials.scopes.contains("pages_manage_posts"))

            let unlisted = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let noPages = try await Self.approve(unlisted, "&sandbox_user=club&sandbox_declined=pages_show_list", sandbox)
            let listing = try #require(await Self.refusal { try await linker.complete(unlisted, response: noPages, options: LinkOptions()) })
            #expect(listing.code == .unfit && listing.message.contains("pages_show_list"), "\(listing.message)")
        }
    }

    @Test func instagram_aLinkWithoutContentPublishing_isRefused_andOneWithoutComments_linksWithANote() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = InstagramLinker(app: Self.facebookApp(sandbox), transport: sandbox.client)
            let pending = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let refused = try await Self.approve(pending, "&sandbox_user=club&sandbox_declined=instagram_content_publish", sandbox)
            let error = try #require(await Self.refusal { try await linker.complete(pending, response: refused, options: LinkOptions()) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("Instagram") && error.message.contains("instagram_content_publish"), "\(error.message)")

            let again = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let noComments = try await Self.approve(again, "&sandbox_user=club&sandbox_declined=instagram_manage_comments", sandbox)
            let linked = try await linker.complete(again, response: noComments, options: LinkOptions())
            #expect(linked.notes.count == 1 && linked.notes[0].contains("instagram_manage_comments"))
        }
    }

    @Test func x_anOAuth2LinkWithoutTweetWrite_isRefused_andOneWithoutMediaWrite_linksWithANote() async throws {
        try await ListingSandbox.with { sandbox in
            let app = XApp(apiBaseURL: sandbox.x, authBaseURL: sandbox.x, clientID: SandboxCredentials.xClientID,
                           clientSecret: SandboxCredentials.xClientSecret)
            let linker = XLinker(app: app, transport: sandbox.client)
            let pending = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let refused = try await Self.approve(pending, "&sandbox_user=runner&sandbox_declined=tweet.write", sandbox)
            let error = try #require(await Self.refusal { try await linker.complete(pending, response: refused, options: LinkOptions()) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("X: the token was not granted tweet.write"), "\(error.message)")

            let again = try await linker.start(method: .oauth2, redirectURI: Self.redirect, options: LinkOptions())
            let linked = try await linker.complete(again, response: try await Self.approve(again, "&sandbox_user=runner&sandbox_declined=media.write", sandbox),
                                                   options: LinkOptions())
            #expect(linked.notes.count == 1 && linked.notes[0].contains("posts with images or video"))
        }
    }

    /// X's "OAuth 1.0a App permissions": a token made while the app was "Read" keeps that level, and X refuses its posts.
    @Test func x_aReadOnlyOAuth1Token_isRefused_sayingToSetReadAndWriteAndRegenerate() async throws {
        try await ListingSandbox.with { sandbox in
            let linker = XLinker(app: XApp(apiBaseURL: sandbox.x, authBaseURL: sandbox.x, consumerKey: SandboxCredentials.xConsumerKey,
                                           consumerSecret: SandboxCredentials.xConsumerSecret), transport: sandbox.client)
            let reader = try await Self.mint(sandbox, "x", #"{"username":"reader","access_level":"read"}"#)
            let credentials = AccountCredentials.oauth1(token: try #require(reader["oauth_token"]?.stringValue),
                                                        tokenSecret: try #require(reader["oauth_token_secret"]?.stringValue))
            let error = try #require(await Self.refusal { try await linker.identify(credentials) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("read-only") && error.message.contains("Read and write") && error.message.contains("regenerate"), "\(error.message)")

            let writer = try await sandbox.mintX(username: "writer")
            #expect(try await linker.identify(.oauth1(token: writer.oauthToken, tokenSecret: writer.oauthTokenSecret)).handle == "writer")
        }
    }

    @Test func linkedIn_anImportedTokenWithoutWMemberSocial_isRefused_andAGoodOneBringsItsExpiry() async throws {
        try await ListingSandbox.with { sandbox in
            let app = LinkedInApp(apiBaseURL: sandbox.linkedin, authBaseURL: sandbox.linkedin, clientID: SandboxCredentials.linkedinClientID,
                                  clientSecret: SandboxCredentials.linkedinClientSecret)
            let linker = LinkedInLinker(app: app, transport: sandbox.client)
            let narrow = try #require(try await Self.mint(sandbox, "linkedin", #"{"username":"rower","scopes":["openid","profile"]}"#)["access_token"]?.stringValue)
            let error = try #require(await Self.refusal { try await linker.inspect(.oauth2(accessToken: narrow, refreshToken: nil, expiresAt: nil)) })
            #expect(error.code == .unfit)
            #expect(error.message.contains("LinkedIn: the token was not granted w_member_social"), "\(error.message)")

            let good = try #require(try await Self.mint(sandbox, "linkedin", #"{"username":"rower"}"#)["access_token"]?.stringValue)
            let inspected = try await linker.inspect(.oauth2(accessToken: good, refreshToken: nil, expiresAt: nil))
            let expiresAt = try #require(inspected.credentials.expiresAt)
            #expect(abs(expiresAt.timeIntervalSince(sandbox.clock.now) - 5_184_000) < 2, "the token forecast counts down to LinkedIn's own expiry")
            #expect(inspected.credentials.scopes.contains("w_member_social"))

            let forged = try #require(await Self.refusal { try await linker.inspect(.oauth2(accessToken: "AQVforged", refreshToken: nil, expiresAt: nil)) })
            #expect(forged.code == .invalidInput && !forged.message.contains("AQVforged"))
        }
    }

    /// The engine is told the refusal is the token's, not the post's, by each network's own answer.
    @Test func permissionRefusals_ofEachNetwork_areMarkedAsTheTokens() {
        func response(_ status: Int, _ body: String) -> HTTPResponse { HTTPResponse(status: status, headers: [], body: Array(body.utf8), newConnections: 0) }
        let graph = GraphErrorMapping.error(for: response(400, #"{"error":{"message":"(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts","type":"OAuthException","code":200}}"#), network: "Facebook")
        #expect(graph.code == .permanent && graph.lacksPermission)
        let ten = GraphErrorMapping.error(for: response(400, #"{"error":{"message":"(#10) Application does not have permission for this action","type":"OAuthException","code":10}}"#), network: "Instagram")
        #expect(ten.lacksPermission)
        let duplicate = GraphErrorMapping.error(for: response(400, #"{"error":{"message":"(#506) Duplicate status message","code":506}}"#), network: "Facebook")
        #expect(!duplicate.lacksPermission)
        let x = XResponseMapping.error(for: response(403, #"{"title":"Forbidden","status":403,"detail":"Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.","type":"https://api.twitter.com/2/problems/oauth1-permissions"}"#))
        #expect(x.code == .permanent && x.lacksPermission)
        let xDuplicate = XResponseMapping.error(for: response(403, #"{"title":"Forbidden","detail":"You are not allowed to create a Tweet with duplicate content.","type":"about:blank","status":403}"#))
        #expect(!xDuplicate.lacksPermission)
        let linkedIn = LinkedInConnector(app: LinkedInApp(clientID: "id", clientSecret: "secret"), transport: CurlHTTPClient())
            .error(for: response(403, #"{"status":403,"serviceErrorCode":100,"code":"ACCESS_DENIED","message":"Not enough permissions to access: ugcPosts.CREATE.NO_VERSION"}"#))
        #expect(linkedIn.code == .permanent && linkedIn.lacksPermission)
    }
}
