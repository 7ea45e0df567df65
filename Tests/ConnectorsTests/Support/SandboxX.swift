import Connectors
import Foundation
import HTTPClient
import Logging
import Sandbox
import ServiceLifecycle

/// A real sandbox server on loopback, the real libcurl client, and an ``XConnector`` pointed at them.
struct SandboxX: Sendable {
    let sandbox: SandboxServer
    let client: CurlHTTPClient
    let baseURL: String

    static let logger = Logger(label: "connectors-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body` with a sandbox (as `configuration` describes it) that is listening, and stops it afterwards.
    static func with<T: Sendable>(configuration: SandboxConfiguration = .init(), _ body: @Sendable (SandboxX) async throws -> T) async throws -> T {
        let sandbox = SandboxServer(configuration: configuration, logger: logger)
        let group = ServiceGroup(services: [sandbox], logger: logger)
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        return try await withThrowingTaskGroup(of: T?.self) { tasks in
            tasks.addTask {
                try await group.run()
                return nil
            }
            let result: T
            do {
                result = try await body(SandboxX(sandbox: sandbox, client: client, baseURL: try await sandbox.baseURL()))
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            for try await _ in tasks {}
            return result
        }
    }

    func connector(consumerSecret: String = SandboxCredentials.xConsumerSecret, baseURL: String? = nil) -> XConnector {
        XConnector(configuration: .init(apiBaseURL: baseURL ?? self.baseURL, consumerKey: SandboxCredentials.xConsumerKey,
                                        consumerSecret: consumerSecret, requestTimeout: .seconds(10)),
                   transport: client)
    }

    /// Mints an access token pair through the sandbox's stand-in for X's developer portal.
    func mintToken(username: String, name: String? = nil) async throws -> XTokenGrant {
        var body: [String: String] = ["username": username]
        if let name { body["name"] = name }
        let response = try await client.send(HTTPRequest(
            method: "POST", url: baseURL + "/_sandbox/x/tokens",
            headers: [HTTPHeader("Content-Type", "application/json")],
            body: Array(try JSONEncoder().encode(body))))
        guard response.status == 201 else { throw MintError(status: response.status, body: response.bodyText) }
        return try JSONDecoder().decode(XTokenGrant.self, from: Data(response.body))
    }

    struct MintError: Error {
        var status: Int
        var body: String
    }
}

extension XTokenGrant {
    var credentials: AccountCredentials {
        .oauth1(token: oauthToken, tokenSecret: oauthTokenSecret)
    }
}
