import Foundation
import SchedulerCore
import Testing

/// Networks as slow and inconsistent as the real ones: a gateway that answers 504 after the post was made,
/// a listing that shows a new post only after a while.
@Suite(.serialized) struct RealTimingTests {
    @Test(.timeLimit(.minutes(2)))
    func a504AfterTheNetworkMadeThePost_isLookedUpAfterTheRequestSettled_foundAndPublishedOnce() async throws {
        let directory = TemporaryDirectory("gateway-sandbox")
        // The listing shows a post 7 s after it was made: the first look-up (5 + 1 s after the request) cannot see it,
        // the second (3 s later, after the daemon's listing lag) must.
        let sandbox = try await SandboxUnderTest(directory: directory, arguments: ["--listing-lag", "7"])
        let daemon = try DaemonUnderTest("gateway", sandbox: sandbox, config: "[engine]\n" + DaemonUnderTest.quickRecovery)
        try await daemon.start()
        let account = try await daemon.linkAccount("x", as: "gateway_x")
        try await sandbox.setFaults(#"{"rate":1,"kinds":["gateway_timeout"]}"#)
        let text = "Through a busy gateway \(UUID().uuidString.prefix(6)) & <friends>: https://example.org/run?a=1&b=2"
        let post = try daemon.schedule(text, to: account.reference, at: "in 1s")

        try await eventually(timeout: .seconds(20), "the gateway to answer 504 after X made the post") {
            try await sandbox.record("faults").contains { $0["kind"]?.stringValue == "gateway_timeout" }
        }
        try await sandbox.setFaults(#"{"rate":0}"#)
        let waiting = try daemon.schedctl(["show", "\(post.id)"])
        #expect(waiting.stdout.contains("looked up on X at"), "show says the delivery waits to be looked up: \(waiting.stdout)")
        try await eventually(timeout: .seconds(40), "the post to be found") { try daemon.posts(state: "published").count == 1 }

        let count = PublicationCount(scheduled: [text], received: try await sandbox.received(), unknown: 0)
        #expect(count.once == 1 && count.duplicates == 0, "\(count)")
        let history = try JSONCoding.decoder().decode(HistoryView.self, from: Data(try await daemon.api("GET", "/v1/posts/\(post.id)/history").body))
        let attempts = try #require(history.deliveries.first?.attempts)
        let failed = try #require(attempts.first)
        #expect(failed.httpStatus == 504 && failed.errorClass == "uncertain", "\(attempts)")
        let firstLook = try #require(attempts.dropFirst().first)
        #expect(firstLook.startedAt >= failed.finishedAt.addingTimeInterval(6 - 0.01), "not before the request's timeout (5 s) and margin (1 s)")
        #expect(attempts.map(\.outcome) == ["error", "not_found", "found"], "looked, not listed yet, looked again after the lag, found")
        #expect(!attempts.contains { $0.outcome == "published" }, "never sent a second time")
        _ = try await daemon.stop()
    }
}
