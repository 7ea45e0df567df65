import Foundation
import SchedulerCore
import Testing

/// The composer counts each account ticked as its network counts it, and the calendar's times carry their zone (issue
/// 47), driven in process; WebHoldsEndToEndTests keeps the pauses beside what `schedctl status` says.
@Suite struct WebComposerTests {
    /// A wall-clock time with its zone's offset, as every page now shows one: `Tue 8 Dec 06:30 +01:00`.
    static let zonedTime = #"[0-9]{2}:[0-9]{2} [+-][0-9]{2}:[0-9]{2}"#

    @Test func theComposersCount_countsEveryAccountTicked_asItsNetworkCounts_andTheCalendarsTimesCarryTheirZone() async throws {
        try await WebAppTests.withOwner("web-counts") { daemon, owner in
            let x = try await daemon.addSandboxAccount(username: "count_x")
            let sky = try await daemon.addSandboxAccount(username: "count-sky", network: .bluesky)
            let toot = try await daemon.addSandboxAccount(username: "count_toot", network: .mastodon)
            #expect(try await owner.signIn("ada", WebAppTests.password).status == 303)
            let compose = try await owner.get("/compose").bodyText
            let csrf = try #require(InProcessBrowser.hiddenCSRF(in: compose))
            // A thumbs-up with a skin tone: one grapheme on Bluesky, two code points weighing 2 each on X, two characters on Mastodon.
            let text = "Tempo 👍🏽"
            let answer = try await owner.post("/check", [("csrf", csrf), ("text", text), ("account", x.reference), ("account", sky.reference),
                                                         ("account", toot.reference), ("override:\(toot.reference)", "Tempo")])
            struct Count: Decodable { var account: String?; var network: String; var length: Int; var limit: Int }
            let counts = try JSONDecoder().decode([Count].self, from: Data(answer.bodyText.utf8))
            try #require(counts.map(\.account) == [x.reference, sky.reference, toot.reference], "one count per account ticked: \(answer.bodyText)")
            #expect(counts.map(\.limit) == [280, 300, toot.instanceLimits?.maxCharacters ?? 500], "\(answer.bodyText)")
            #expect(counts[1].length == 7 && counts[0].length > counts[1].length && counts[2].length == 5,
                    "each counted its own way (X weighs the emoji), Mastodon its own text: \(answer.bodyText)")

            let post = try await daemon.schedule("In the calendar", to: x.reference, at: "in 2h")
            let due = try #require(post.dueAt)
            let day = String(RFC3339.format(due).prefix(10))
            let week = try await owner.get("/calendar?view=week&start=\(day)&zone=Europe/Paris").bodyText
            #expect(week.range(of: #"<span class="time">"# + Self.zonedTime + "</span>", options: .regularExpression) != nil, "\(week.prefix(2_000))")
        }
    }
}
