#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// Where this instance's helpers live: `/_sandbox/mastodon/<domain>`, so that every listener can serve every
    /// instance's helpers without two instances' routes colliding.
    var helperPrefix: String { "/_sandbox/mastodon/\(instance.domain)" }

    /// The stand-ins for signing up and for a developer's token page, and what tests read back:
    /// - `POST …/accounts {username, display_name?}` → 201 `{id, username, acct, url}`
    /// - `POST …/tokens {username?, scopes?}` → 201 `{access_token, token_type, scope, created_at, account_id, username,
    ///   client_id, client_secret}`: a token without the browser flow (the account is made if new; scopes default to
    ///   `profile write:statuses write:media read:statuses`)
    /// - `GET …/apps` → the registered apps with the scopes each asked for (no secrets)
    /// - `GET …/statuses?username=` → `{account_id, statuses: [...]}`, oldest first, listed or not, text as sent
    /// - `GET …/reads?username=` → `{account_id, list_statuses, get_status, idempotent_replays}`
    func addSandboxHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("\(helperPrefix)/accounts") { request, _ in
            await createAccountHelper(request)
        }
        router.post("\(helperPrefix)/tokens") { request, _ in
            await mintTokenHelper(request)
        }
        router.get("\(helperPrefix)/apps") { _, _ in
            Response.json(JSONValue.array(await authority.allApps().map(Self.applicationSummary)), status: .ok)
        }
        router.get("\(helperPrefix)/statuses") { request, _ in
            guard let account = await helperAccount(request) else { return Self.helperError("username or account_id must name an account") }
            return Response.json(helperStatuses(account: account, statuses: await timeline.all(of: account.id)), status: .ok)
        }
        router.get("\(helperPrefix)/reads") { request, _ in
            guard let account = await helperAccount(request) else { return Self.helperError("username or account_id must name an account") }
            let counts = await timeline.readCounts(of: account.id)
            return Response.json(JSONValue.object([
                "account_id": .string(account.id), "list_statuses": .integer(Int64(counts.listStatuses)),
                "get_status": .integer(Int64(counts.getStatus)), "idempotent_replays": .integer(Int64(counts.idempotentReplays)),
            ]), status: .ok)
        }
    }

    private func createAccountHelper(_ request: Request) async -> Response {
        let json = await Self.helperJSON(request)
        guard let username = json?["username"]?.stringValue else { return Self.helperError("username is required") }
        do throws(MastodonError) {
            let account = try await accounts.create(username: username, displayName: json?["display_name"]?.stringValue, now: environment.now())
            return Response.json(JSONValue.object([
                "id": .string(account.id), "username": .string(account.username), "acct": .string(account.username),
                "url": .string("\(instance.publicBase)/@\(account.username)"),
            ]), status: .created)
        } catch {
            return error.response()
        }
    }

    private func mintTokenHelper(_ request: Request) async -> Response {
        let now = environment.now()
        let json = await Self.helperJSON(request)
        let scopes: [String]
        switch json?["scopes"] {
        case .array(let items)?: scopes = items.compactMap(\.stringValue)
        case .string(let text)?: scopes = MastodonScopes.parse(text)
        default: scopes = ["profile", "write:statuses", "write:media", "read:statuses"]
        }
        if let unknown = scopes.first(where: { !MastodonScopes.known.contains($0) }) { return Self.helperError("unknown scope \(unknown)") }
        let account: MastodonAccount
        do throws(MastodonError) {
            account = try await accounts.account(named: json?["username"]?.stringValue ?? MastodonAccountDirectory.defaultUsername, now: now)
        } catch {
            return error.response()
        }
        let app = await authority.mintingApp()
        let grant = await authority.issue(app: app, subject: account.id, scopes: scopes, grant: "sandbox_mint", now: now)
        return Response.json(JSONValue.object([
            "access_token": .string(grant.accessToken), "token_type": .string("Bearer"), "scope": .string(scopes.joined(separator: " ")),
            "created_at": .integer(Int64(now.timeIntervalSince1970)), "account_id": .string(account.id), "username": .string(account.username),
            "client_id": .string(app.clientID), "client_secret": .string(app.clientSecret),
        ]), status: .created)
    }

    private func helperStatuses(account: MastodonAccount, statuses: [MastodonStatus]) -> JSONValue {
        let listing = environment.listings.current
        let now = environment.now()
        return .object(["account_id": .string(account.id), "statuses": .array(statuses.map { status in
            .object([
                "id": .string(status.id), "text": .string(status.text), "spoiler_text": .string(status.spoilerText),
                "visibility": .string(status.visibility), "language": status.language.map(JSONValue.string) ?? .null,
                "in_reply_to_id": status.inReplyToID.map(JSONValue.string) ?? .null, "media_ids": .array(status.mediaIDs.map(JSONValue.string)),
                "created_at": .string(SandboxTimestamp.rfc3339(status.createdAt)), "listed": .bool(listing.lists(createdAt: status.createdAt, now: now)),
            ])
        })])
    }

    private func helperAccount(_ request: Request) async -> MastodonAccount? {
        let query = Self.query(request)
        if let id = query["account_id"] { return await accounts.account(id: id) }
        guard let username = query["username"] else { return nil }
        return await accounts.account(username: username)
    }

    private static func helperJSON(_ request: Request) async -> JSONValue? {
        var request = request
        return await request.collectBytes(upTo: formBodyLimit).flatMap { JSONValue.parse(ByteBuffer(bytes: $0)) }
    }

    private static func helperError(_ message: String) -> Response {
        Response.json(JSONValue.object(["error": .string(message)]), status: .badRequest)
    }
}
