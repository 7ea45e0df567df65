import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// `schedctl list` decodes the daemon's page as ``PostListRow``s, not whole `PostView`s: the rows must read the same
/// fields under the same names as the view the daemon encodes.
@Suite struct PostListRowTests {
    static let posts = Fixtures.pending + Fixtures.published + Fixtures.drafts + [Fixtures.rich]

    @Test func aRowDecodedFromTheDaemonsJSON_isTheRowMadeFromTheView() throws {
        let page = try JSONCoding.encoder().encode(Self.posts)
        let rows = try JSONCoding.decoder().decode([PostListRow].self, from: page)
        #expect(rows == Self.posts.map(PostListRow.init))
        #expect(rows.contains { $0.dueAt == nil }, "a draft among them")
        #expect(rows.flatMap(\.deliveries).contains { $0.remoteUrl != nil }, "a published delivery's URL among them")
    }

    @Test func theTableOfDecodedRows_isTheTableOfTheViews() throws {
        let rows = try JSONCoding.decoder().decode([PostListRow].self, from: try JSONCoding.encoder().encode(Self.posts))
        let zone = TimeZone(identifier: "Europe/Kyiv")!
        let terminal = Terminal(columns: 100, color: true)
        #expect(PostListText.table(rows, zone: zone, terminal: terminal) == PostListText.table(Self.posts, zone: zone, terminal: terminal))
    }
}
