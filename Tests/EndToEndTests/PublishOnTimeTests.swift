import Foundation
import SchedulerCore
import Testing

/// The whole path as processes: sandboxd, schedulerd and schedctl, checked against the emulation's record.
@Suite(.serialized) struct PublishOnTimeTests {
    @Test func duePosts_reachTheNetworkOnceEach_onTime_andARestartSendsNothingAgain() async throws {
        let directory = TemporaryDirectory("ontime")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("ontime", sandbox: sandbox)
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")
        #expect(account.handle == "runner")

        // Due 2 to 4 s after the daemon stores each (it reads "in 2s" on receipt), so a busy machine cannot make one late.
        let texts = (1...3).map { "Due post \($0) \(UUID().uuidString.prefix(6))" }
        var due: [PostView] = []
        for (index, text) in texts.enumerated() {
            due.append(try daemon.schedule(text, to: account.reference, at: "in \(2 + index)s"))
        }
        let later = try daemon.schedule("An hour from now", to: account.reference, at: "in 1h")

        try await eventually("the three due posts to be published") {
            try daemon.posts(state: "published").count == 3
        }
        let received = try await sandbox.received()
        #expect(received.count == 3)
        #expect(try await sandbox.rejected().isEmpty, "every request was correctly signed, fresh and unique")
        for post in due {
            let copies = received.filter { $0["body"]?["text"]?.stringValue == post.text }
            #expect(copies.count == 1, "\(post.text) was received \(copies.count) times")
            let record = try #require(copies.first)
            #expect(record["oauth_consumer_key"]?.stringValue == "sandbox-x-consumer-key")
            let receivedAt = try #require(record["received_at"]?.stringValue.flatMap(RFC3339.parse))
            let lateness = receivedAt.timeIntervalSince(try #require(post.dueAt))
            #expect(lateness >= -0.05 && lateness < 1.0, "post \(post.id) arrived \(lateness) s after its due time")
        }

        let listed = try daemon.posts(state: "all")
        for post in due {
            let delivery = try #require(listed.first { $0.id == post.id }?.deliveries.first)
            #expect(delivery.state == .published)
            let remoteID = try #require(delivery.remoteId)
            #expect(received.contains { $0["remote_id"]?.stringValue == remoteID })
            #expect(delivery.publishedAt != nil)
            #expect(delivery.remoteUrl == "https://x.com/i/web/status/\(remoteID)")
        }
        #expect(listed.first { $0.id == later.id }?.deliveries.first?.state == .scheduled)

        #expect(try await daemon.stop() == 0, "SIGTERM ends the daemon cleanly")
        try await daemon.start()
        // Nothing published may be sent again: a marker due after the restart goes out once the engine has recovered and
        // claimed, and by then it is the only thing the network received since.
        let marker = try daemon.schedule("After the restart \(UUID().uuidString.prefix(6))", to: account.reference, at: "in 1s")
        try await eventually("the marker to be published") { try await sandbox.received().count >= 4 }
        #expect(try await sandbox.received().compactMap { $0["body"]?["text"]?.stringValue } == texts + [marker.text],
                "the restart sent nothing again")
        let afterRestart = try daemon.posts(state: "all")
        #expect(afterRestart.filter { $0.deliveries.first?.state == .published }.count == 4)
        #expect(afterRestart.first { $0.id == later.id }?.deliveries.first?.state == .scheduled)
        _ = try await daemon.stop()
    }

    @Test func sandboxMode_runsWithNoConfigFile_startsSandboxdBesideItself_andShowsWhatTheNetworkReceived() async throws {
        let daemon = try DaemonUnderTest("sandboxd-child")
        try await daemon.start()
        let daemonPID = try #require(daemon.process?.process.processIdentifier)
        let sandboxd = try #require(ProcessTable.children(of: daemonPID).first { $0.name == "sandboxd" }, "the daemon started sandboxd")
        #expect(ProcessTable.calledAs(sandboxd.pid) == Products.path("sandboxd"), "the sandboxd beside schedulerd")
        #expect(ProcessTable.executable(of: sandboxd.pid) == Products.path("schedulerd"), "sandboxd is the one program by another name")
        let account = try daemon.addSandboxAccount(username: "club")
        let post = try daemon.schedule("Club run tonight at 7", to: account.reference, at: "in 1s")

        try await eventually("the sandbox to receive the post") {
            let run = try daemon.schedctl(["sandbox", "received", "--json"])
            return try run.decode([JSONValue].self).count == 1
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        #expect(received[0]["network"]?.stringValue == "x")
        #expect(received[0]["body"]?["text"]?.stringValue == "Club run tonight at 7")
        #expect(received[0]["received_at"]?.stringValue.flatMap(RFC3339.parse) != nil)

        try await eventually("the post to show as published") {
            try daemon.posts(state: "published").first?.id == post.id
        }
        let table = try daemon.schedctl(["list", "--state", "published"])
        #expect(table.status == 0)
        #expect(table.stdout.split(separator: "\n").contains { $0.contains("x:@club") && $0.contains(" published ") }, "\(table.stdout)")
        let show = try daemon.schedctl(["show", "\(post.id)"])
        #expect(show.stdout.contains("https://x.com/i/web/status/"))
        #expect(try await daemon.stop() == 0)
        #expect(ProcessTable.hasEnded(sandboxd.pid), "a graceful stop stops sandboxd before the daemon exits")
    }

    @Test func wallClockTimeWithZone_isStoredWithTheZoneAndTheInstant() async throws {
        let daemon = try DaemonUnderTest("zone")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "paris")
        let post = try daemon.schedule("Paris morning", to: account.reference, at: "2031-07-01 07:30", extra: ["--tz", "Europe/Paris"])
        #expect(post.dueAt.map(RFC3339.format) == "2031-07-01T05:30:00Z")
        #expect(post.dueZone == "Europe/Paris")
        #expect(post.dueLocal == "2031-07-01T07:30:00")
        let winter = try daemon.schedule("Paris winter", to: account.reference, at: "2031-01-15 07:30", extra: ["--tz", "Europe/Paris"])
        #expect(winter.dueAt.map(RFC3339.format) == "2031-01-15T06:30:00Z")
        _ = try await daemon.stop()
    }
}
