import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Synchronization
import Testing
@testable import Scheduler

/// A Mastodon instance's limits read again (``InstanceLimitsRefresh``): each instance asked once, whatever its number of
/// accounts; a change stored for every account on it; an instance that does not answer keeps the last numbers read.
@Suite struct InstanceLimitsRefreshTests {
    /// Answers `GET /api/v2/instance` per host: `max_characters`, or a 503 for a host not in the table; counts the asks.
    final class InstancesTransport: HTTPTransport {
        let maxCharacters: [String: Int]
        let asked = Mutex<[String]>([])

        init(_ maxCharacters: [String: Int]) { self.maxCharacters = maxCharacters }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let host = URL(string: request.url)?.host ?? ""
            asked.withLock { $0.append(host) }
            #expect(request.url.hasSuffix("/api/v2/instance") && request.method == "GET")
            #expect(!request.headers.contains { $0.name.lowercased() == "authorization" }, "no token is sent for public limits")
            guard let limit = maxCharacters[host] else { return HTTPResponse(status: 503, headers: [], body: [], newConnections: 0) }
            let body = #"{"domain": "\#(host)", "configuration": {"statuses": {"max_characters": \#(limit)}}}"#
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8), newConnections: 0)
        }
    }

    func mastodonAccount(_ handle: String, instance: String, store: SQLiteStore, vault: CredentialVault) async throws -> AccountRecord {
        var credentials = AccountCredentials.oauth2(accessToken: "token-\(handle)", refreshToken: nil, expiresAt: nil)
        credentials.serviceURL = instance
        let account = try await store.addAccount(handle, network: .mastodon, vault: vault, credentials: credentials)
        try await store.setInstanceLimits(accountID: account.id, limits: MastodonInstanceLimits())
        return account
    }

    @Test func eachInstance_isAskedOnce_andAChangedLimitIsStoredForEveryAccountOnIt() async throws {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let runner = try await mastodonAccount("runner", instance: "https://big.example", store: store, vault: vault)
        let club = try await mastodonAccount("club", instance: "https://big.example", store: store, vault: vault)
        let coach = try await mastodonAccount("coach", instance: "https://gone.example", store: store, vault: vault)
        _ = try await store.addAccount("x-runner", vault: vault)
        let transport = InstancesTransport(["big.example": 5_000])
        let refresh = InstanceLimitsRefresh(store: store, vault: vault, transport: transport,
                                            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))

        #expect(await refresh.refreshOnce() == 2)
        #expect(transport.asked.withLock { $0.sorted() } == ["big.example", "gone.example"], "one ask per instance, none for X")
        #expect(try await store.account(reference: "\(runner.id)").instanceLimits?.maxCharacters == 5_000)
        #expect(try await store.account(reference: "\(club.id)").instanceLimits?.maxCharacters == 5_000)
        #expect(try await store.account(reference: "\(coach.id)").instanceLimits == MastodonInstanceLimits(), "kept when the instance fails")
        #expect(await refresh.refreshOnce() == 0, "nothing written when nothing changed")
    }
}
