#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import SchedulerCore

/// The sandbox Bluesky PDS: the XRPC methods a scheduler needs to log in with an app password and post
/// (`com.atproto.identity.resolveHandle`, `server.createSession` / `refreshSession`, `repo.createRecord` /
/// `getRecord` / `listRecords` / `uploadBlob`), and `/_sandbox/bluesky/…` helpers to make accounts and app passwords.
///
/// Written from docs/research/bluesky.md, apart from the connector and NetworkRules, and at least as strict as
/// the reference PDS (the stricter reading where it is silent). ``SandboxServer`` serves it on the `bluesky` listener.
struct BlueskySandboxNetwork: SandboxNetwork {
    let name = "bluesky"
    let environment: SandboxEnvironment
    let accounts: BlueskyAccountStore
    let repository: BlueskyRepository

    /// - Parameters:
    ///   - writeLimits: the repo-write point limits per account (5,000 an hour, 35,000 a day); tests pass smaller ones.
    ///   - loginLimits: the createSession limits per identifier (30 per 5 minutes, 300 a day).
    init(
        environment: SandboxEnvironment,
        writeLimits: [BlueskyRateLimit] = [.writesPerHour, .writesPerDay],
        loginLimits: [BlueskyRateLimit] = [.sessionsPerFiveMinutes, .sessionsPerDay]
    ) {
        self.environment = environment
        self.accounts = BlueskyAccountStore(loginLimits: loginLimits)
        self.repository = BlueskyRepository(writeLimits: writeLimits)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/xrpc/com.atproto.identity.resolveHandle") { request, _ in
            await resolveHandle(request)
        }
        router.post("/xrpc/com.atproto.server.createSession") { request, context in
            try await createSession(request, context: context)
        }
        router.post("/xrpc/com.atproto.server.refreshSession") { request, _ in
            await refreshSession(request)
        }
        router.get("/xrpc/com.atproto.server.getSession") { request, _ in
            await getSession(request)
        }
        router.post("/xrpc/com.atproto.server.deleteSession") { request, _ in
            await deleteSession(request)
        }
        router.post("/xrpc/com.atproto.repo.createRecord") { request, context in
            try await createRecord(request, context: context)
        }
        router.get("/xrpc/com.atproto.repo.getRecord") { request, _ in
            await getRecord(request)
        }
        router.get("/xrpc/com.atproto.repo.listRecords") { request, _ in
            await listRecords(request)
        }
        router.post("/xrpc/com.atproto.repo.uploadBlob") { request, _ in
            await uploadBlob(request)
        }
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        addAccountHelperRoutes(to: router)
    }

    /// The query parameters by name (the first of each); `nil` when an escape is broken.
    static func query(_ request: Request) -> [String: String]? {
        request.queryPairs.map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }
    }

    /// Records a refusal with its XRPC error name as the reason code, and answers with the error.
    func refuse(_ error: XRPCError, request: Request, body: JSONValue? = nil, receivedAt: Date, headers: HTTPFields = [:]) async -> Response {
        await environment.recorder.record(RejectedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(receivedAt),
            method: request.method.rawValue,
            path: request.uri.path,
            status: error.status,
            reasonCode: error.error,
            reason: error.message,
            body: Self.withoutSecrets(body)
        ))
        environment.logger.debug(
            "Sandbox refused a request",
            metadata: ["sandbox.network": "\(name)", "http.path": "\(request.uri.path)", "http.status": "\(error.status)", "sandbox.reason": "\(error.error)"]
        )
        return error.response(headers: headers)
    }

    /// `body` without a `password` member, so no record holds one.
    static func withoutSecrets(_ body: JSONValue?) -> JSONValue? {
        guard case .object(var fields)? = body else { return body }
        if fields["password"] != nil { fields["password"] = .string("(redacted)") }
        return .object(fields)
    }
}
