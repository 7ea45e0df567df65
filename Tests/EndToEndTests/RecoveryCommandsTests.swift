import Foundation
import SchedulerCore
import Testing

/// pause, resume, history, events, retry and resolve as a person types them.
@Suite(.serialized) struct RecoveryCommandsTests {
    @Test(.timeLimit(.minutes(1)))
    func pauseHoldsAnAccountsPosts_resumeSendsThem_historyAndEventsShowWhatHappened() async throws {
        let daemon = try DaemonUnderTest("recovery-commands")
        try await daemon.start()
        let held = try daemon.addSandboxAccount(username: "held")
        let free = try daemon.addSandboxAccount(username: "free")

        let paused = try daemon.schedctl(["pause", held.reference])
        #expect(paused.status == 0 && paused.stdout.contains("paused accounts: x:@held"), "\(paused.stdout)\(paused.stderr)")
        let waiting = try daemon.schedule("Held back until resumed", to: held.reference, at: "in 1s")
        let sent = try daemon.schedule("Goes out on time", to: free.reference, at: "in 1s")
        try await eventually("the unpaused account's post") { try daemon.posts(state: "published").map(\.id) == [sent.id] }
        try await eventually("the held post's due time to pass") { Date() > waiting.dueAt!.addingTimeInterval(0.5) }
        #expect(try daemon.posts(state: "published").map(\.id) == [sent.id], "the paused account's post waited")
        #expect(try daemon.schedctl(["status"]).stdout.contains("paused:     x:@held"))

        #expect(try daemon.schedctl(["resume", held.reference]).status == 0)
        try await eventually("the held post once resumed") { try daemon.posts(state: "published").count == 2 }

        let history = try daemon.schedctl(["history", "\(waiting.id)"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("delivery \(waiting.deliveries[0].id) to x:@held: published"), "\(history.stdout)")
        #expect(history.stdout.contains("published  HTTP 201"), "\(history.stdout)")
        let historyJSON = try daemon.schedctl(["history", "\(waiting.id)", "--json"]).decode(HistoryView.self)
        #expect(historyJSON.deliveries.first?.attempts.map(\.outcome) == ["published"])

        #expect(try daemon.schedctl(["show", "\(waiting.id)"]).stdout.contains("delivery \(waiting.deliveries[0].id) to x:@held: published"))
        let events = try daemon.schedctl(["events", "--json"]).decode([EventView].self)
        #expect(Set(events.filter { $0.event == "published" }.compactMap(\.postId)) == [waiting.id, sent.id])
        #expect(try daemon.schedctl(["events"]).stdout.contains("published  delivery \(waiting.deliveries[0].id): Post \(waiting.id) was published"))

        // Wrong inputs: clear errors and the documented exit codes.
        let retryPublished = try daemon.schedctl(["retry", "\(waiting.id)"])
        #expect(retryPublished.status == 5 && retryPublished.stderr.contains("post \(waiting.id) has nothing to retry"), "\(retryPublished.stderr)")
        let oneDelivery = try daemon.schedctl(["retry", "--delivery", "\(waiting.deliveries[0].id)"])
        #expect(oneDelivery.status == 5 && oneDelivery.stderr.contains("delivery \(waiting.deliveries[0].id) to x:@held is published"),
                "\(oneDelivery.stderr)")
        #expect(try daemon.schedctl(["retry", "\(sent.id)", "--delivery", "\(waiting.deliveries[0].id)"]).status == 3, "not a delivery of that post")
        #expect(try daemon.schedctl(["retry", "9999"]).status == 3)
        #expect(try daemon.schedctl(["retry", "abc"]).status == 2)
        #expect(try daemon.schedctl(["history", "9999"]).status == 3)
        #expect(try daemon.schedctl(["pause", "x:@nobody"]).status == 3)
        let badURL = try daemon.schedctl(["resolve", "\(waiting.id)", "--published", "not a url"])
        #expect(badURL.status == 2, "\(badURL.stderr)")
        #expect(try daemon.schedctl(["events", "--last", "0"]).status == 2)

        // Pausing everything holds every account until resume.
        #expect(try daemon.schedctl(["pause"]).stdout.contains("paused everywhere"))
        let later = try daemon.schedule("After the global pause", to: free.reference, at: "in 1s")
        try await eventually("its due time to pass") { Date() > later.dueAt!.addingTimeInterval(0.5) }
        #expect(try daemon.posts(state: "published").count == 2)
        #expect(try daemon.schedctl(["resume"]).status == 0)
        try await eventually("the post after resume") { try daemon.posts(state: "published").count == 3 }
        _ = try await daemon.stop()
    }
}
