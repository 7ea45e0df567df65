import Foundation
import SchedulerCore
import Testing

/// Threads end to end: a profile linked with OAuth through `schedctl` (the short-lived token exchanged for a 60-day
/// one), posts made through containers, a publish whose answer is lost settled by its container's status, and the
/// profile's quota holding posts back rather than failing them.
@Suite(.serialized) struct ThreadsEndToEndTests {
    static func posts(_ received: [JSONValue]) -> [JSONValue] {
        received.filter { $0["network"]?.stringValue == "threads" && $0["kind"]?.stringValue == "post" }
    }

    @Test(.timeLimit(.minutes(2)))
    func aThreadWithAnImage_isPublishedThroughContainers_andALostPublishIsSettledByTheContainer_once() async throws {
        let directory = TemporaryDirectory("threads-lost")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("threads-lost", sandbox: sandbox, config: "[engine]\nretry_base = \"1s\"\n\(DaemonUnderTest.quickRecovery)")
        try await daemon.start()
        let runner = try await daemon.linkAccount("threads", as: "trail_runner")
        #expect(runner.network == .threads && runner.handle == "trail_runner")
        #expect((runner.accessExpiresAt ?? .distantPast) > Date().addingTimeInterval(59 * 86_400), "the long-lived token, not the hour's")
        // The second publish (part 2) is made, and its answer lost.
        try await sandbox.setFaults(#"{"rate": 1, "kinds": ["lost_answer"], "only": {"request": "POST /threads_publish", "skip": 1, "count": 1}}"#)
        let tag = UUID().uuidString.prefix(6)
        let run = try daemon.schedctl(["schedule", "--thread", "Trail race \(tag), part 1", "Trail race \(tag), part 2",
                                       "--media", Fixtures.path("run-4x5.jpg"), "--alt", "The ridge at dawn",
                                       "--first-comment", "Results \(tag): https://example.org/results", "--to", runner.reference, "--at", "in 1s", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let post = try run.decode(PostView.self)
        try await eventually(timeout: .seconds(90), "the thread published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let published = Self.posts(try await sandbox.received())
        #expect(published.compactMap { $0["text"]?.stringValue } == ["Trail race \(tag), part 1", "Trail race \(tag), part 2",
                                                                    "Results \(tag): https://example.org/results"], "each part once, in order")
        #expect(try await sandbox.record("faults").filter { $0["kind"]?.stringValue == "lost_answer" }.count == 1)
        let refusedTwice = try await sandbox.rejected().filter { $0["reason_code"]?.stringValue == "container_already_published" }
        #expect(refusedTwice.isEmpty, "no container was published twice")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aFullQuota_holdsThePostBack_insteadOfFailingIt() async throws {
        let directory = TemporaryDirectory("threads-quota")
        let sandbox = try await SandboxUnderTest(directory: directory, arguments: ["--threads-post-quota", "2"])
        let daemon = try DaemonUnderTest("threads-quota", sandbox: sandbox)
        try await daemon.start()
        let runner = try await daemon.linkAccount("threads", as: "busy_runner")
        let tag = UUID().uuidString.prefix(6)
        for number in 1...3 { _ = try daemon.schedule("Streak day \(number) \(tag)", to: runner.reference, at: "in 1s") }
        try await eventually(timeout: .seconds(60), "two published, the third held back by the quota") {
            let posts = try daemon.posts()
            let states = posts.flatMap(\.deliveries).map(\.state)
            return states.filter { $0 == .published }.count == 2 && posts.contains { post in
                post.deliveries.first?.state == .retrying && post.deliveries.first?.error?.contains("held back") == true
            }
        }
        let states = try daemon.posts().flatMap(\.deliveries).map(\.state)
        #expect(!states.contains(.failed), "a full quota fails nothing: \(states)")
        #expect(Self.posts(try await sandbox.received()).count == 2)
        _ = try await daemon.stop()
    }
}
