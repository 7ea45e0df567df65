import Connectors
import Foundation
import HTTPClient
import Hummingbird
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServer
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The OpenAPI document (`ControlAPI/openapi.json`, served at `GET /v1/openapi.json`) names every route the control
/// API registers and no other: the registered routes are read from the router the daemon serves, not from a list.
/// `make api-contract-test` checks the rest (a valid document; the live daemon's answers match it).
@Suite struct ControlAPIContractTests {
    /// `"METHOD /v1/path/{param}"` of every documented operation.
    static func documentedRoutes() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        return Set(paths.flatMap { path, item in item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" } })
    }

    /// Documented operations that take a request body.
    static func documentedBodies() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in
            item.compactMap { method, operation in
                (operation as? [String: Any])?["requestBody"] == nil ? nil : "\(method.uppercased()) \(path)"
            }
        })
    }

    /// The routes the daemon's control router holds, as Hummingbird describes them (`GET /v1/posts/{id}`).
    static func registeredRoutes() throws -> Set<String> {
        let router = ControlServer.router(try makeRoutes())
        return Set(router.routes.map { "\($0.method.rawValue) \($0.path)" })
    }

    /// The routes wired as the daemon wires them, over an in-memory store; no handler runs.
    static func makeRoutes() throws -> ControlAPIRoutes {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let wake = WakeSignal()
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let zone = TimeZone(identifier: "UTC")!
        let state = NSTemporaryDirectory()
        let posts = PostService.withXRules(store: store, zone: "UTC", now: Date())
        return ControlAPIRoutes(DaemonServices(
            posts: posts,
            runs: RunPostService(posts: posts),
            inbox: nil,
            accounts: AccountService(store: store, linkers: LinkerRegistry(), vault: vault,
                                     credentials: CredentialProvider(store: store, vault: vault, linkers: LinkerRegistry(), logger: logger),
                                     wake: wake, headlessRedirectURI: "http://127.0.0.1/callback"),
            handoffs: HandoffService(store: store, desk: HandoffDesk(stateDirectory: state, remindAfter: 3_600, expireAfter: 7_200), media: nil),
            queue: QueueService(store: store, defaultZone: zone, wake: wake),
            calendar: CalendarService(store: store, series: nil),
            recovery: RecoveryService(store: store, wake: wake),
            events: EventService(store: store, bus: nil),
            media: MediaService(library: nil),
            status: { throw RequestError(.unavailable, "not in this test") },
            health: .unnamed(),
            doctor: Doctor(configuration: DaemonConfiguration(), environment: [:], store: store, vault: vault,
                           clock: ClockSkewProbe(targets: [], transport: CurlHTTPClient())),
            backup: BackupService(copies: nil, key: vault.key),
            sandbox: nil,
            webUsers: WebUserService(store: store)))
    }

    @Test func everyRegisteredRoute_isDocumented_andEveryDocumentedOperation_isRegistered() throws {
        let registered = try Self.registeredRoutes()
        let documented = try Self.documentedRoutes()
        #expect(registered.count > 40, "the router lists its routes: \(registered.sorted())")
        #expect(registered.subtracting(documented).isEmpty,
                "registered but missing from ControlAPI/openapi.json: \(registered.subtracting(documented).sorted())")
        #expect(documented.subtracting(registered).isEmpty,
                "documented but not registered: \(documented.subtracting(registered).sorted())")
    }

    /// A route that reads no body refuses one (``RouteBodies``): the document gives a request body to exactly the routes
    /// that read one.
    @Test func theDocumentedRequestBodies_areTheRoutesThatReadABody() throws {
        #expect(try Self.documentedBodies() == Set(RouteBodies.limits.keys))
    }
}
