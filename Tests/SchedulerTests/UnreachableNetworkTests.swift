import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerServices
@testable import SchedulerStores
import TestHTTPReceiver
import Testing
@testable import Scheduler

/// Issue 48, item 1: `doctor` fails a network nothing answers at (it said "ok token 7 accounts ready" while every
/// account's network listened elsewhere).
@Suite struct DoctorReachabilityTests {
    /// `doctor` said "ok token 7 accounts ready" while every account's network listened elsewhere.
    @Test func doctor_failsANetworkWhoseAddressDoesNotAnswer_namingItsAccountsAndAddress() async throws {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration()
        configuration.stateDirectory = directory.path
        configuration.sandbox = true
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let vault = try CredentialVault(key: testKey())
        let closed = try ReservedPort()  // reserved, never listening: connections are refused
        let open = try HTTPReceiver()
        defer { open.stop() }
        var credentials = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil)
        credentials.serviceURL = "http://127.0.0.1:\(closed.port)"
        _ = try await store.addAccount("mara.bsky.sandbox", network: .bluesky, vault: vault, credentials: credentials)
        _ = try await store.addAccount("runner", vault: vault)
        let doctor = Doctor(configuration: configuration, environment: [:], store: store, vault: vault,
                            clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient()),
                            networkAddresses: [.x: "http://127.0.0.1:\(open.port)"])
        let findings = await doctor.reachabilityFindings()
        let failed = try #require(findings.findings.first { $0.level == .fail })
        #expect(failed.area == "network")
        #expect(failed.message.hasPrefix("Bluesky cannot be reached at http://127.0.0.1:\(closed.port) (could not connect"), "\(failed.message)")
        #expect(failed.message.contains("bluesky:@mara.bsky.sandbox cannot publish"), "\(failed.message)")
        #expect(failed.action?.contains("relink") == true)
        #expect(findings.findings.contains { $0.level == .ok && $0.message == "X answers at http://127.0.0.1:\(open.port) (x:@runner)" })
        #expect(findings.unreachable == ["http://127.0.0.1:\(closed.port)"])
    }
}

/// Issue 48, item 1, in the engine (named so that `make test` runs it with the other timing-sensitive engine suites).
@Suite struct UnreachableEngineTests {
    /// `status` names a network the engine found nothing answering at, until a request to it gets through.
    @Test func theEngine_recordsANetworkItCouldNotConnectTo_andForgetsItOnceAPostGetsThrough() async throws {
        var unreachable = ConnectorError(code: .retryable, message: "X could not be reached: could not connect to http://127.0.0.1:9")
        unreachable.unreachable = true
        let harness = try EngineHarness(.fail(unreachable))
        let runner = try await harness.addAccount("runner")
        try await harness.running {
            try await harness.addDuePost("first", to: [runner])
            #expect(await eventually { harness.engine.unreachable.view != nil })
            let view = try #require(harness.engine.unreachable.view?.first)
            #expect(view.network == .x && view.accounts == ["x:@runner"] && view.error.contains("could not connect to http://127.0.0.1:9"))
            harness.connector.script(.succeed)
            let second = try await harness.addDuePost("second", to: [runner])
            #expect(await eventually { (try? await harness.state(ofPost: second.id)) == .published })
            #expect(harness.engine.unreachable.view == nil)
        }
    }
}
