import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing

@testable import Connectors

/// Look-ups that page through 250 posts: a match on page 3 is found, an absence reads every page
/// before answering nil, and a page cut short throws rather than answering nil.
@Suite struct FindPublishedPagingTests {
    static let total = 250

    /// The oldest-first index of a post that sits on page 3 of a newest-first listing.
    static func onPageThree(pageSize: Int) -> Int { total - 1 - (2 * pageSize + 10) }

    static func pages(_ pageSize: Int) -> Int { (total + pageSize - 1) / pageSize }

    /// Runs the three checks with a connector built on a tapped transport.
    func check<C: Connector>(pageSize: Int, times: [Date], text: (Int) -> String, accountID: String, credentials: AccountCredentials,
                             marker: String, client: any HTTPTransport, connector: (any HTTPTransport) -> C) async throws {
        let since = times[0].addingTimeInterval(-1)
        let target = Self.onPageThree(pageSize: pageSize)
        let tap = ListingTap(client, marker: marker)
        let found = try await connector(tap).findPublished(PublishRequest(text: text(target), accountRemoteID: accountID), since: since, credentials: credentials)
        #expect(found != nil, "the post on page 3 is found")
        #expect(tap.listings == 3)

        let absent = ListingTap(client, marker: marker)
        let missing = try await connector(absent).findPublished(PublishRequest(text: "Never sent", accountRemoteID: accountID), since: since, credentials: credentials)
        #expect(missing == nil)
        #expect(absent.listings == Self.pages(pageSize), "nil only after every page was read")

        let cut = ListingTap(client, marker: marker, truncate: 2)
        await #expect(throws: ConnectorError.self) {
            _ = try await connector(cut).findPublished(PublishRequest(text: "Never sent", accountRemoteID: accountID), since: since, credentials: credentials)
        }
    }

    @Test func x_pagesWithPaginationToken() async throws {
        try await ListingSandbox.with { sandbox in
            let grant = try await sandbox.mintX(username: "pager")
            let credentials = AccountCredentials.oauth1(token: grant.oauthToken, tokenSecret: grant.oauthTokenSecret)
            func connector(_ transport: any HTTPTransport) -> XConnector {
                XConnector(configuration: .init(apiBaseURL: sandbox.x, consumerKey: SandboxCredentialsForTests.xConsumerKey,
                                                consumerSecret: SandboxCredentialsForTests.xConsumerSecret), transport: transport)
            }
            let times = try await sandbox.seed(Self.total) { index in
                _ = try await connector(sandbox.client).publish(PublishRequest(text: "Stride \(index)", accountRemoteID: grant.userID), credentials: credentials)
            }
            try await check(pageSize: XConnector.lookupPageSize, times: times, text: { "Stride \($0)" }, accountID: grant.userID, credentials: credentials,
                            marker: "/tweets?", client: sandbox.client, connector: connector)
            // start_time keeps posts older than `since` (less a minute) out of the listing altogether.
            let late = ListingTap(sandbox.client, marker: "/tweets?")
            let old = try await connector(late).findPublished(PublishRequest(text: "Stride 0", accountRemoteID: grant.userID), since: times[150], credentials: credentials)
            #expect(old == nil)
            #expect(late.listings == 2)
        }
    }

    @Test func facebook_followsPagingNext() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "pager")
            let app = FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: "unused", appSecret: "unused")
            func connector(_ transport: any HTTPTransport) -> FacebookConnector { FacebookConnector(app: app, transport: transport) }
            let times = try await sandbox.seed(Self.total) { index in
                _ = try await connector(sandbox.client).publish(PublishRequest(text: "Club note \(index)", accountRemoteID: page.id), credentials: page.credentials)
            }
            try await check(pageSize: FacebookConnector.lookupPageSize, times: times, text: { "Club note \($0)" }, accountID: page.id,
                            credentials: page.credentials, marker: "/feed?", client: sandbox.client, connector: connector)
        }
    }

    @Test func instagram_followsPagingNext_andStopsAtPostsOlderThanSince() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "pager")
            let app = FacebookApp(graphBaseURL: sandbox.graph, dialogBaseURL: sandbox.graph, appID: "unused", appSecret: "unused")
            func connector(_ transport: any HTTPTransport) -> InstagramConnector {
                InstagramConnector(app: app, mediaBaseURL: sandbox.graph + "/_sandbox/files", transport: transport, pollInterval: .milliseconds(1))
            }
            let image = try await sandbox.hostImage()
            let times = try await sandbox.seed(Self.total) { index in
                try await sandbox.publishToInstagram(page, imageURL: image, caption: "Trail \(index)")
            }
            try await check(pageSize: InstagramConnector.lookupPageSize, times: times, text: { "Trail \($0)" }, accountID: page.instagramID,
                            credentials: page.credentials, marker: "/media?", client: sandbox.client, connector: connector)
            let early = ListingTap(sandbox.client, marker: "/media?")
            let old = try await connector(early).findPublished(PublishRequest(text: "Trail 0", accountRemoteID: page.instagramID), since: times[150], credentials: page.credentials)
            #expect(old == nil, "a match older than since does not count")
            #expect(early.listings == 3, "the walk stops at the page where posts get older than since")
        }
    }

    @Test func linkedIn_pagesByStartAndCount_andStopsAtPostsOlderThanSince() async throws {
        try await ListingSandbox.with { sandbox in
            let member = try await sandbox.mint("linkedin", username: "pager")
            let credentials = AccountCredentials.oauth2(accessToken: try #require(member["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil)
            let author = try #require(member["person_urn"]?.stringValue)
            let app = LinkedInApp(apiBaseURL: sandbox.linkedin, authBaseURL: sandbox.linkedin, clientID: "unused", clientSecret: "unused")
            func connector(_ transport: any HTTPTransport) -> LinkedInConnector { LinkedInConnector(app: app, transport: transport) }
            let times = try await sandbox.seed(Self.total) { index in
                _ = try await connector(sandbox.client).publish(PublishRequest(text: "Erg (\(index))", accountRemoteID: author), credentials: credentials)
            }
            try await check(pageSize: LinkedInConnector.lookupPageSize, times: times, text: { "Erg (\($0))" }, accountID: author,
                            credentials: credentials, marker: "/rest/posts?", client: sandbox.client, connector: connector)
            let early = ListingTap(sandbox.client, marker: "/rest/posts?")
            let old = try await connector(early).findPublished(PublishRequest(text: "Erg (0)", accountRemoteID: author), since: times[150], credentials: credentials)
            #expect(old == nil)
            #expect(early.listings == 3)
        }
    }
}
