import Connectors
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing

@testable import Sandbox

/// Look-ups against a sandbox that lists text as the networks rewrite it (the default): X's t.co
/// links, escapes and `entities.urls`; Graph's and LinkedIn's tidied whitespace. Our post is found
/// through the rewrites; a post with nearly the same text is not taken for it. And with a listing lag,
/// a post that was made is not listed until the lag has passed, which is why the engine must not read
/// an early "not found" as "never made".
@Suite struct FindPublishedThroughRewritesTests {
    @Test func x_findsAPostWithLinksAndEscapedCharacters_butNotItsNearTwin() async throws {
        try await ListingSandbox.with { sandbox in
            let grant = try await sandbox.mintX(username: "rewrites")
            let credentials = AccountCredentials.oauth1(token: grant.oauthToken, tokenSecret: grant.oauthTokenSecret)
            let connector = XConnector(configuration: .init(apiBaseURL: sandbox.x, consumerKey: SandboxCredentialsForTests.xConsumerKey,
                                                            consumerSecret: SandboxCredentialsForTests.xConsumerSecret), transport: sandbox.client)
            let since = sandbox.clock.now.addingTimeInterval(-5)
            let sent = PublishRequest(text: "Hills & strides <3 plan: https://example.com/plan?week=3&day=2 and strava.com", accountRemoteID: grant.userID)
            let published = try await connector.publish(sent, credentials: credentials)
            #expect(try await connector.findPublished(sent, since: since, credentials: credentials)?.remoteID == published.remoteID)

            let twin = PublishRequest(text: "Hills & strides <3 plan: https://example.com/plan?week=4&day=2 and strava.com", accountRemoteID: grant.userID)
            #expect(try await connector.findPublished(twin, since: since, credentials: credentials) == nil)
        }
    }

    @Test func facebook_findsAPostWhoseWhitespaceGraphTidied_butNotItsNearTwin() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "rewrites")
            let app = FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: "unused", appSecret: "unused")
            let connector = FacebookConnector(app: app, transport: sandbox.client)
            let since = sandbox.clock.now.addingTimeInterval(-5)
            let sent = PublishRequest(text: "Club run tonight   \r\n7 pm sharp\r\n", accountRemoteID: page.id)
            let published = try await connector.publish(sent, credentials: page.credentials)
            #expect(try await connector.findPublished(sent, since: since, credentials: page.credentials)?.remoteID == published.remoteID)
            let twin = PublishRequest(text: "Club run tonight\n8 pm sharp", accountRemoteID: page.id)
            #expect(try await connector.findPublished(twin, since: since, credentials: page.credentials) == nil)
        }
    }

    @Test func instagram_findsACaptionGraphTidied() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "rewrites")
            let app = FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: "unused", appSecret: "unused")
            let connector = InstagramConnector(app: app, mediaBaseURL: sandbox.graph + "/_sandbox/files", transport: sandbox.client, pollInterval: .milliseconds(1))
            let since = sandbox.clock.now.addingTimeInterval(-5)
            try await sandbox.publishToInstagram(page, imageURL: try await sandbox.hostImage(), caption: "Long run views  \r\n#trail ")
            let found = try await connector.findPublished(PublishRequest(text: "Long run views  \r\n#trail ", accountRemoteID: page.instagramID),
                                                          since: since, credentials: page.credentials)
            #expect(found != nil)
            let twin = try await connector.findPublished(PublishRequest(text: "Long run views #trails", accountRemoteID: page.instagramID),
                                                         since: since, credentials: page.credentials)
            #expect(twin == nil)
        }
    }

    @Test func linkedIn_findsACommentaryWithCollapsedSpacesAndEscapes_butNotItsNearTwin() async throws {
        try await ListingSandbox.with { sandbox in
            let member = try await sandbox.mint("linkedin", username: "rewrites")
            let credentials = AccountCredentials.oauth2(accessToken: try #require(member["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil)
            let author = try #require(member["person_urn"]?.stringValue)
            let app = LinkedInApp(apiBaseURL: sandbox.linkedin, authBaseURL: sandbox.linkedin, clientID: "unused", clientSecret: "unused")
            let connector = LinkedInConnector(app: app, transport: sandbox.client)
            let since = sandbox.clock.now.addingTimeInterval(-5)
            let sent = PublishRequest(text: "New PB (5k)   #running  \r\nthanks [all]", accountRemoteID: author)
            let shared = try await connector.publish(sent, credentials: credentials)
            #expect(try await connector.findPublished(sent, since: since, credentials: credentials)?.remoteID == shared.remoteID)
            let twin = PublishRequest(text: "New PB (10k) #running\nthanks [all]", accountRemoteID: author)
            #expect(try await connector.findPublished(twin, since: since, credentials: credentials) == nil)
        }
    }

    @Test func withAListingLag_aPostJustMadeIsNotFoundYet_andIsOnceTheLagHasPassed() async throws {
        var configuration = ListingSandbox.configuration
        configuration.listingLag = .seconds(30)
        try await ListingSandbox.with(configuration: configuration) { sandbox in
            let page = try await sandbox.facebookPage(username: "lagging")
            let app = FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: "unused", appSecret: "unused")
            let connector = FacebookConnector(app: app, transport: sandbox.client)
            let since = sandbox.clock.now.addingTimeInterval(-5)
            let sent = PublishRequest(text: "Parkrun Saturday", accountRemoteID: page.id)
            let published = try await connector.publish(sent, credentials: page.credentials)
            #expect(try await connector.findPublished(sent, since: since, credentials: page.credentials) == nil, "made, but not listed yet")
            sandbox.clock.advance(by: 31)
            #expect(try await connector.findPublished(sent, since: since, credentials: page.credentials)?.remoteID == published.remoteID)
        }
    }
}
