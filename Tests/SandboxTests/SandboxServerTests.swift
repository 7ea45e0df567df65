import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import Sandbox

/// Start-up and shutdown only; what the server answers is covered end to end over the wire elsewhere.
@Suite struct SandboxServerTests {
    let logger = Logger(label: "sandbox-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func isLoopback_acceptsOnlyLoopbackHosts() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"] {
            #expect(SandboxConfiguration.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "10.0.0.1", "127.0.0.256", "127.0.0", "example.com", "::", "128.0.0.1"] {
            #expect(!SandboxConfiguration.isLoopback(host), "\(host)")
        }
    }

    @Test func baseURL_bracketsIPv6() {
        #expect(SandboxServer.baseURL(host: "127.0.0.1", port: 80) == "http://127.0.0.1:80")
        #expect(SandboxServer.baseURL(host: "::1", port: 80) == "http://[::1]:80")
        #expect(SandboxServer.baseURL(host: "[::1]", port: 80) == "http://[::1]:80")
    }

    @Test func run_refusesANonLoopbackHostAndBaseURLSaysSo() async {
        let sandbox = SandboxServer(configuration: .init(host: "0.0.0.0"), logger: logger)
        await #expect(throws: SandboxError.self) { try await sandbox.run() }
        await #expect(throws: SandboxError.self) { _ = try await sandbox.baseURL() }
    }

    @Test func run_listensOnAFreeLoopbackPortAndStopsOnGracefulShutdown() async throws {
        let sandbox = SandboxServer(logger: logger)
        let group = ServiceGroup(services: [sandbox], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let url = try await sandbox.baseURL()
            #expect(url.hasPrefix("http://127.0.0.1:"))
            #expect((Int(url.split(separator: ":").last ?? "") ?? 0) > 0)
            let urls = try await sandbox.baseURLs()
            #expect(Set(urls.keys) == ["x", "facebook", "linkedin", "instagram", "bluesky", "mastodon", "mastodon-long", "threads"])
            #expect(urls["x"] == url)
            #expect(urls["instagram"] == urls["facebook"])
            #expect(Set([urls["x"], urls["facebook"], urls["linkedin"]]).count == 3)
            #expect(await sandbox.received().isEmpty)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        await #expect(throws: SandboxError.self) { _ = try await sandbox.baseURL() }
    }

    @Test func listenerState_wakesWaitersOnceEveryListenerTheyNeedIsUp() async throws {
        let state = ListenerState()
        async let x = state.url("x")
        async let all = state.urls(needing: ["x", "facebook"])
        await state.listening("x", at: "http://127.0.0.1:1")
        #expect(try await x == "http://127.0.0.1:1")
        await state.listening("facebook", at: "http://127.0.0.1:2")
        #expect(try await all == ["x": "http://127.0.0.1:1", "facebook": "http://127.0.0.1:2"])
    }

    @Test func listenerState_failsWaitersWhenStoppedFirst() async throws {
        let failed = ListenerState()
        async let never = failed.url("linkedin")
        await failed.listening("x", at: "http://127.0.0.1:1")
        await failed.stopped(SandboxError(code: .notListening, message: "bind failed"))
        do {
            _ = try await never
            Issue.record("url() must throw once the server stopped")
        } catch {
            #expect(error is SandboxError)
        }
    }
}
