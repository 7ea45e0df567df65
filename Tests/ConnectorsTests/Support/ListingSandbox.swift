import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import ServiceLifecycle
import Synchronization

@testable import Sandbox

/// A sandbox whose clock the test moves, with limits raised so hundreds of posts can be seeded,
/// for look-ups that must page through long timelines.
struct ListingSandbox: Sendable {
    let urls: [String: String]
    let clock: ListingClock
    let client: CurlHTTPClient

    var x: String { urls["x"]! }
    var graph: String { urls["facebook"]! }
    var linkedin: String { urls["linkedin"]! }

    /// Limits high enough for a few hundred posts per account within the test's moved clock, and a LinkedIn app
    /// approved for `r_member_social`, so members' posts can be looked up.
    static let configuration = SandboxConfiguration(
        timestampTolerance: .seconds(86_400), graphCallBudget: 100_000, instagramPublishLimit: 1_000, linkedinDailyPostLimit: 1_000,
        linkedinProducts: Set(LinkedInProduct.allCases))

    static func with(configuration: SandboxConfiguration = Self.configuration, _ body: @Sendable (ListingSandbox) async throws -> Void) async throws {
        let clock = ListingClock()
        let sandbox = SandboxServer(configuration: configuration, logger: SandboxX.logger, now: { clock.now })
        let group = ServiceGroup(services: [sandbox], logger: SandboxX.logger)
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body(ListingSandbox(urls: try await sandbox.baseURLs(), clock: clock, client: client))
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    /// Mints a token on `network`'s helper (`x`, `facebook`, `linkedin`) and returns the answer.
    func mint(_ network: String, username: String) async throws -> JSONValue {
        let base = network == "x" ? x : network == "facebook" ? graph : linkedin
        let response = try await client.send(HTTPRequest(method: "POST", url: base + "/_sandbox/\(network)/tokens",
                                                         headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"username":"\#(username)"}"#.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
    }

    /// Publishes `count` posts with `publish`, the clock moving ``step`` seconds after each; returns
    /// each post's time, oldest first.
    func seed(_ count: Int, _ publish: (Int) async throws -> Void) async throws -> [Date] {
        var times: [Date] = []
        for index in 0..<count {
            times.append(clock.now)
            try await publish(index)
            clock.advance(by: Self.step)
        }
        return times
    }

    static let step: TimeInterval = 10
}

/// The sandbox's clock, moved by the test.
final class ListingClock: Sendable {
    private let current = Mutex(Date())

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Wraps a transport to count the listing requests a look-up makes and, when asked, to cut one of
/// their answers short, as a dropped proxy or a truncated read would.
final class ListingTap: HTTPTransport, Sendable {
    let inner: any HTTPTransport
    /// A GET whose URL contains this is a listing request.
    let marker: String
    /// The listing answer (1-based) whose body is cut in half; 0 cuts none.
    let truncate: Int
    private let listed = Mutex(0)

    init(_ inner: any HTTPTransport, marker: String, truncate: Int = 0) {
        self.inner = inner
        self.marker = marker
        self.truncate = truncate
    }

    var listings: Int { listed.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await inner.send(request)
        guard request.method == "GET", request.url.contains(marker) else { return response }
        let number = listed.withLock { count in
            count += 1
            return count
        }
        if number == truncate { response.body = Array(response.body.prefix(response.body.count / 2)) }
        return response
    }
}
