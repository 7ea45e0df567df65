import Testing
@testable import SchedulerCore

/// Issue 48, item 11: the hint to relink an account names the identity to sign in as, and Bluesky's is `accounts add`
/// (it links by app password only): a bare `accounts link x` would link whoever the browser is signed in as.
@Suite struct RelinkCommandTests {
    @Test func eachNetworksHint_namesTheIdentity() {
        #expect(RelinkCommand.text(network: .x, handle: "club")
            == "`schedctl accounts link x` signed in as @club, or `schedctl accounts add x` with a new token of it")
        #expect(RelinkCommand.text(network: .bluesky, handle: "mara.bsky.social")
            == "`schedctl accounts add bluesky --handle mara.bsky.social` with a new app password")
        #expect(RelinkCommand.text(network: .mastodon, handle: "ada@mastodon.social").hasPrefix(
            "`schedctl accounts link mastodon --instance mastodon.social` signed in as @ada@mastodon.social"))
    }

    @Test func anAccountAsEventsNameIt_isRead_andAnythingElseIsNot() {
        #expect(RelinkCommand.text(account: "bluesky:@mara.bsky.social") == RelinkCommand.text(network: .bluesky, handle: "mara.bsky.social"))
        #expect(RelinkCommand.text(account: "myspace:@tom") == nil)
        #expect(RelinkCommand.text(account: "x:@") == nil)
    }
}
