import Foundation
import HTTPClient
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Sandbox
import Scheduler
import SchedulerCore
import SchedulerDomain
import SchedulerServer
import SchedulerServices
import SchedulerStores
import ServiceLifecycle
import Synchronization

/// An answer of the routes or pages, in the shape the end-to-end tests read over a socket (status, headers, body).
typealias Answer = HTTPClient.HTTPResponse

/// The daemon's control API and web app in this process (STYLE 19): the routers the daemon serves, made by the daemon's
/// own composition (``Daemon/compose(_:)``) over an SQLite file in a temporary state directory and the sandbox networks
/// (served in this process, at the URLs the daemon takes from its own sandboxd), driven as HummingbirdTesting's `.router`
/// mode drives a router (``RouterClient``): no socket, no child process. Nothing runs in the background (no engine, no event bus), so a test sees only
/// what a request does; what needs processes (crashes, signals, clusters, sockets, schedctl) stays in EndToEndTests.
final class InProcessDaemon: Sendable {
    let configuration: DaemonConfiguration
    let store: SQLiteStore
    let services: DaemonServices
    /// Every log line the routes and services wrote, as the daemon's log would have them.
    let log: LogLines
    private let control: RouterClient<ControlContext>
    private let web: RouterClient<WebContext>?

    /// Runs `body` with a daemon made from `config` (TOML, as a configuration file holds it; `[web]` for the pages),
    /// then stops the sandbox and removes the state directory.
    static func run<T: Sendable>(_ label: String, config: String = "", _ body: (InProcessDaemon) async throws -> T) async throws -> T {
        let directory = NSTemporaryDirectory() + "schedulerd-\(label)-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let quiet = Logger(label: "sandbox", factory: { _ in SwiftLogNoOpLogHandler() })
        let sandbox = SandboxServer(logger: quiet)
        let group = ServiceGroup(services: [sandbox], gracefulShutdownSignals: [], cancellationSignals: [], logger: quiet)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let daemon = try await InProcessDaemon(directory: directory, config: config, sandboxURLs: try await sandbox.baseURLs())
                let value = try await body(daemon)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }

    private init(directory: String, config: String, sandboxURLs: [String: String]) async throws {
        let log = LogLines()
        var configuration = try ConfigurationLoader.parse(config, file: "schedulerd.toml")
        configuration.sandbox = true
        configuration.stateDirectory = directory + "/state"
        // Instagram fetches attached media by URL; no test here publishes, so nothing listens there.
        configuration.mediaBaseURL = "http://127.0.0.1:9/media"
        try StateDirectory.prepare(configuration.stateDirectory)
        let daemon = Daemon(configuration: configuration, environment: [:], logger: log.logger())
        let store = try SQLiteStore.open(path: configuration.databasePath)
        let vault = try CredentialVault.load(stateDirectory: configuration.stateDirectory, environment: [:], sealedCredentials: 0)
        let parts = try await daemon.compose(CompositionInputs(
            store: store, wake: WakeSignal(), http: Self.http, vault: vault, urls: NetworkURLs(sandbox: sandboxURLs),
            library: MediaLibrary(stateDirectory: configuration.stateDirectory), mediaBaseURL: configuration.mediaBaseURL))
        self.configuration = configuration
        self.store = store
        self.services = parts.services
        self.log = log
        control = RouterClient(ControlServer.router(ControlAPIRoutes(parts.services)), logger: log.logger())
        if let pages = daemon.webPages(store: store, services: parts.services) {
            web = RouterClient(WebServer.router(pages), logger: log.logger())
        } else {
            web = nil
        }
    }

    private static let http = CurlHTTPClient()

    // MARK: The control API

    /// A request to the control API, as `DaemonUnderTest.api` sends it over the socket.
    func api(_ method: String, _ path: String, body: [UInt8]? = nil, contentType: String = "application/json") async throws -> Answer {
        var headers: HTTPFields = [:]
        if body != nil { headers[.contentType] = contentType }
        return try await Self.send(control, method, path, headers: headers, body: body)
    }

    /// `body` encoded as the API's JSON.
    func api(_ method: String, _ path: String, json body: some Encodable) async throws -> Answer {
        try await api(method, path, body: Array(try JSONCoding.encoder().encode(body)))
    }

    /// Mints a sandbox token for `username` and imports it, as `schedctl sandbox token NETWORK | schedctl accounts add NETWORK` does.
    func addSandboxAccount(username: String, network: Network = .x) async throws -> AccountView {
        let minted = try decode(SandboxTokenView.self, await api("POST", "/v1/sandbox/tokens/\(network.rawValue)",
                                                                  json: SandboxTokenRequest(username: username)), expecting: 201)
        // Bluesky signs in with a handle and an app password, which the sandbox mints as the username and the token.
        let request = network == .bluesky
            ? ImportAccountRequest(network: network, token: "", tokenSecret: nil, handle: minted.username, password: minted.token)
            : ImportAccountRequest(network: network, token: minted.token, tokenSecret: minted.tokenSecret, service: minted.service)
        return try decode(AccountView.self, await api("POST", "/v1/accounts", json: request), expecting: 201)
    }

    /// Schedules `text` to `account` at `at` (`in 2h`, RFC 3339), as `schedctl schedule` does.
    func schedule(_ text: String, to account: String, at: String) async throws -> PostView {
        try await decode(PostView.self, await api("POST", "/v1/posts", json: SchedulePostRequest(text: text, to: [account], at: at)), expecting: 201)
    }

    func post(_ id: Int64) async throws -> PostView {
        try await decode(PostView.self, await api("GET", "/v1/posts/\(id)"), expecting: 200)
    }

    func decode<T: Decodable>(_ type: T.Type, _ answer: Answer, expecting status: Int) throws -> T {
        guard answer.status == status else { throw InProcessError("expected \(status), answered \(answer.status): \(answer.bodyText)") }
        return try JSONCoding.decoder().decode(T.self, from: Data(answer.body))
    }

    // MARK: The web app

    /// A browser of the web app; the configuration must have `[web]`.
    func browser() throws -> InProcessBrowser {
        guard let web else { throw InProcessError("this daemon has no [web] section: its configuration serves no pages") }
        return InProcessBrowser(client: web)
    }

    /// Sends one request through `client` and reads the whole answer.
    static func send<Context>(_ client: RouterClient<Context>, _ method: String, _ path: String, headers: HTTPFields,
                              body: [UInt8]?) async throws -> Answer {
        let (head, bytes) = try await client.execute(HTTPTypes.HTTPRequest.Method(method)!, path, headers: headers, body: body)
        let fields = head.headerFields.map { HTTPHeader($0.name.rawName, $0.value) }
        return Answer(status: Int(head.status.code), headers: fields, body: bytes, newConnections: 0)
    }
}

struct InProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The daemon's log, kept in memory: one line per message with its metadata, as a reader of the log sees them.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func logger() -> Logger {
        var logger = Logger(label: "schedulerd") { _ in Handler(lines: self) }
        logger.logLevel = .debug
        return logger
    }

    private struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let line = "\(event.level) \(event.message) " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            lines.lines.withLock { $0.append(line) }
        }
    }
}
