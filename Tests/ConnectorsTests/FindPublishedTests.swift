import Connectors
import Foundation
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
}
