import Foundation
import HTTPClient
import SandboxContract
import SchedulerCore

/// A `schedulerd` process with its own state directory, driven through `schedctl`.
final class DaemonUnderTest: @unchecked Sendable {
    let directory: TemporaryDirectory
    let arguments: [String]
    private(set) var process: ChildProcess?
    private let sandbox: SandboxUnderTest?
    private var starts = 0
    /// A program the daemon is started through, with its arguments (`prlimit --nofile=256:256 --`): it must exec the
    /// daemon, so the process is the daemon's.
    var launcher: [String] = []

    let stateDirectory: String
    let socket: String
    var logs: String { process.map { $0.stderr + $0.stdout } ?? "" }

    /// `[engine]` keys for a recovery timeline that fits a test: a request in doubt is looked up 5 + 1 s after
    /// it started (the sandbox holds a slow commit at most a few seconds), and again 3 s later (its listing lag is less).
    static let quickRecovery = "request_timeout_s = 5\nin_flight_margin = \"1s\"\nlisting_lag = \"3s\""

    /// `sandbox` is a sandboxd process to publish to; nil lets `--sandbox` start its own sandboxd.
    /// `socket` overrides the default `state/control.sock`; `config` is TOML added to the configuration file, and
    /// `networks` keys for its `[networks.NAME]` tables (see ``writeConfiguration(_:networks:)``).
    /// `stateDirectory` puts the state elsewhere than `state` in the test's directory (on a file system of its own).
    init(_ label: String, sandbox: SandboxUnderTest? = nil, socket: String? = nil, config: String = "", networks: [String: String] = [:],
         stateDirectory: String? = nil) throws {
        directory = TemporaryDirectory(label)
        self.sandbox = sandbox
        self.stateDirectory = stateDirectory ?? directory.file("state")
        self.socket = socket ?? (self.stateDirectory as NSString).appendingPathComponent("control.sock")
        var arguments = ["--sandbox", "--state-dir", self.stateDirectory]
        if let socket { arguments += ["--socket", socket] }
        let configured = sandbox != nil || !config.isEmpty || !networks.isEmpty
        if configured { arguments += ["--config", directory.file("schedulerd.toml")] }
        self.arguments = arguments
        if configured { try writeConfiguration(config, networks: networks) }
    }

    /// Writes the configuration file the next start reads: `sandbox = true`, then `config` (top-level keys
    /// and tables), then the sandboxd's URLs. `config` must not open `[networks.*]` tables itself; give their
    /// keys in `networks` instead (`["linkedin": "version = \"202411\""]`).
    func writeConfiguration(_ config: String, networks: [String: String] = [:]) throws {
        var text = "sandbox = true\n" + config + "\n"
        for name in ["x", "facebook", "linkedin", "bluesky", "threads"] where sandbox != nil || networks[name] != nil {
            text += "[networks.\(name)]\n"
            if let sandbox {
                let key = name == "facebook" ? "graph_base_url" : name == "bluesky" ? "service" : "api_base_url"
                text += "\(key) = \"\(name == "x" ? sandbox.url : sandbox.urls[name] ?? sandbox.url)\"\n"
            }
            if let extra = networks[name] { text += extra + "\n" }
        }
        try text.write(toFile: directory.file("schedulerd.toml"), atomically: true, encoding: .utf8)
    }

    func start() async throws {
        starts += 1
        let command = launcher + [Products.path("schedulerd")] + arguments
        let child = try ChildProcess(command[0], Array(command.dropFirst()), logDirectory: directory.path, name: "schedulerd-\(starts)")
        process = child
        try await eventually("schedulerd to answer on its socket") {
            guard child.process.isRunning else { throw E2EError("schedulerd exited: \(child.stderr)") }
            return try schedctl(["status"]).status == 0
        }
    }

    /// The descriptors the daemon has open now.
    var openDescriptors: Int {
        guard let pid = process?.process.processIdentifier else { return 0 }
        return (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// SIGTERM, then wait for a clean exit.
    func stop() async throws -> Int32 {
        guard let process else { return 0 }
        process.signal(SIGTERM)
        return try await process.waitForExit()
    }

    func schedctl(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> SchedctlRun {
        try Schedctl.run(arguments, socket: socket, stdin: stdin, environment: environment)
    }

    /// Mints a sandbox X token (or a Bluesky account and app password) and imports it, as
    /// `schedctl sandbox token x | schedctl accounts add x` does.
    func addSandboxAccount(username: String, network: String = "x") throws -> AccountView {
        let token = try schedctl(["sandbox", "token", network, "--username", username])
        guard token.status == 0 else { throw E2EError("sandbox token failed: \(token.stderr)") }
        let added = try schedctl(["accounts", "add", network, "--json"], stdin: token.stdout)
        guard added.status == 0 else { throw E2EError("accounts add failed: \(added.stderr)") }
        return try added.decode(AccountView.self)
    }

    func schedule(_ text: String, to account: String, at: String, extra: [String] = []) throws -> PostView {
        let run = try schedctl(["schedule", text, "--to", account, "--at", at, "--json"] + extra)
        guard run.status == 0 else { throw E2EError("schedule failed (\(run.status)): \(run.stderr)") }
        return try run.decode(PostView.self)
    }

    func posts(state: String = "all") throws -> [PostView] {
        try schedctl(["list", "--state", state, "--json", "--limit", "1000"]).decode([PostView].self)
    }
}

/// `sandboxd` as a process of its own, so its record survives the daemon being stopped.
final class SandboxUnderTest: @unchecked Sendable {
    let process: ChildProcess
    /// X's emulation; the others are in `urls` by network name.
    let url: String
    let urls: [String: String]
    private let http = CurlHTTPClient()

    init(directory: TemporaryDirectory, arguments: [String] = []) async throws {
        process = try ChildProcess(Products.path("sandboxd"), ["--port", "0"] + arguments, logDirectory: directory.path, name: "sandboxd")
        let child = process
        try await eventually("sandboxd to print its addresses") { child.stdout.contains("listening http://") && child.stdout.contains("\n") }
        let line = process.stdout.split(separator: "\n")[0]
        guard let urls = SandboxAnnouncement.parse(line), let x = urls["x"] else { throw E2EError("not sandboxd's announcement: \(line)") }
        url = x
        self.urls = urls
    }

    /// What the emulation accepted, straight from `GET /_sandbox/received`.
    func received() async throws -> [JSONValue] {
        try await getArray("/_sandbox/received")
    }

    func record(_ name: String) async throws -> [JSONValue] {
        try await getArray("/_sandbox/\(name)")
    }

    func rejected() async throws -> [JSONValue] {
        try await getArray("/_sandbox/rejected")
    }

    /// The organization the sandbox LinkedIn member `username` administers (`urn:li:organization:…`).
    func linkedInOrganization(of username: String) async throws -> String {
        let response = try await http.send(HTTPRequest(method: "POST", url: (urls["linkedin"] ?? url) + "/_sandbox/linkedin/tokens",
                                                       headers: [HTTPHeader("Content-Type", "application/json")],
                                                       body: Array(#"{"username":"\#(username)","scopes":["openid"]}"#.utf8)))
        guard let urn = try JSONDecoder().decode(JSONValue.self, from: Data(response.body))["organization_urn"]?.stringValue else {
            throw E2EError("the sandbox did not say which organization \(username) administers: \(response.bodyText)")
        }
        return urn
    }

    /// How often the Bluesky PDS read `did`'s records by key (getRecord) and by listing (listRecords).
    func blueskyReads(of did: String) async throws -> (getRecord: Int, listRecords: Int) {
        let response = try await http.send(HTTPRequest(url: (urls["bluesky"] ?? url) + "/_sandbox/bluesky/reads?repo=\(did)"))
        let reads = try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
        return (reads["getRecord"]?.integer ?? -1, reads["listRecords"]?.integer ?? -1)
    }

    /// What a sandbox Mastodon instance counted for `username`'s account (`list_statuses`, `get_status`, `idempotent_replays`).
    func mastodonReads(instance: String, domain: String, username: String) async throws -> JSONValue {
        let response = try await http.send(HTTPRequest(url: instance + "/_sandbox/mastodon/\(domain)/reads?username=\(username)"))
        return try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
    }

    private func getArray(_ path: String) async throws -> [JSONValue] {
        let response = try await http.send(HTTPRequest(url: url + path))
        return try JSONDecoder().decode([JSONValue].self, from: Data(response.body))
    }
}
