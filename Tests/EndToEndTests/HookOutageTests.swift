import Foundation
import SchedulerCore
import TestHTTPReceiver
import Testing

/// Hooks are told at least once, even across an outage of the hook.
@Suite struct HookOutageTests {
    @Test(.timeLimit(.minutes(2)))
    func aWebhookThatIsDownForAWhile_receivesEveryEventOnceItIsBack_inOrder() async throws {
        let reserved = try ReservedPort()
        let port = reserved.port
        let daemon = try DaemonUnderTest("hooks", config: """
            [notifications]
            webhook_url = "http://127.0.0.1:\(port)/hook?token=hunter2"
            retry_max = "1s"
            """)
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "hooked")
        var posts: [Int64] = []
        for number in 1...3 { posts.append(try daemon.schedule("Hooked post \(number)", to: account.reference, at: "now").id) }
        try await eventually("the posts to be published") { try await daemon.status().deliveries == ["published": 3] }

        try await eventually("status to show the hook failing") { try await daemon.status().hooks?.waiting == 3 }
        let failing = try daemon.schedctl(["status"], environment: ["COLUMNS": "250"])
        #expect(failing.stdout.contains("hooks:      3 events waiting since"), "\(failing.stdout)")
        #expect(failing.stdout.contains("last error: webhook unreachable"), "\(failing.stdout)")
        #expect(!failing.stdout.contains("hunter2") && !daemon.logs.contains("hunter2"), "the webhook's token is never shown")

        let receiver = try HTTPReceiver(reserved)
        defer { receiver.stop() }
        // Status stops saying the hooks fail as soon as no event it tried is waiting; one not tried yet (it waited behind the
        // first, as hooks hear events in order) may still be on its way, so the receiver's count is waited for too.
        try await eventually(timeout: .seconds(30), "every event to be accepted") {
            try await daemon.status().hooks == nil && receiver.bodies.count >= 3
        }

        let received = try receiver.bodies.map { try JSONCoding.decoder().decode(EventView.self, from: Data($0.utf8)) }
        #expect(received.map(\.event) == ["published", "published", "published"])
        #expect(received.compactMap(\.postId).sorted() == posts.sorted(), "each post's event once")
        let ids = received.compactMap(\.id)
        #expect(ids.count == 3 && ids == ids.sorted(), "in the order they were stored: \(ids)")
        #expect(try await daemon.stop() == 0)
    }
}
