import Foundation
import SchedulerCore
import Testing

/// Issue 25: `events --follow` replayed the whole history before following. It follows from now, unless `--since`.
@Suite struct EventsFollowEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func following_startsFromNow_andSinceStartsAfterThatEvent() async throws {
        let daemon = try DaemonUnderTest("events-follow")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "club")
        _ = try daemon.schedule("Before following", to: club.reference, at: "in 1s")
        try await eventually("the first post to be published") { try daemon.posts(state: "published").count == 1 }
        let history = try daemon.schedctl(["events", "--json"]).decode([EventView].self)
        let newest = try #require(history.last?.id, "publishing left an event")

        let follower = try InteractiveProcess(Products.path("schedctl"), ["events", "--follow", "--json"], environment: ["SCHEDCTL_SOCKET": daemon.socket])
        // Whether the follower had connected when a post went out is not visible from here: a post goes out every
        // few seconds until the follower prints one. Whatever it prints first must be newer than what was there.
        var lastPost = ContinuousClock.now - .seconds(10)
        try await eventually(timeout: .seconds(60), "the follower to print an event") {
            if follower.stdout.contains("\n") { return true }
            if ContinuousClock.now - lastPost > .seconds(3) {
                lastPost = .now
                _ = try daemon.schedule("While following", to: club.reference, at: "in 1s")
            }
            return false
        }
        let first = try JSONCoding.decoder().decode(EventView.self, from: Data(follower.stdout.prefix { $0 != "\n" }.utf8))
        #expect((first.id ?? 0) > newest, "the history before following is not replayed: \(follower.stdout)")

        // With --since, what came after that event first.
        let since = try InteractiveProcess(Products.path("schedctl"), ["events", "--follow", "--json", "--since", "\(newest - 1)"],
                                           environment: ["SCHEDCTL_SOCKET": daemon.socket])
        let replayed = try JSONCoding.decoder().decode(EventView.self, from: Data(try await since.firstLine().utf8))
        #expect(replayed.id == newest, "\(since.stdout)")
        _ = try await daemon.stop()
    }
}
