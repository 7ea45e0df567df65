import CryptoPrimitives
import Hummingbird
import SchedulerCore

extension BlueskySandboxNetwork {
    private struct CreatedAccount: Encodable { var did: String; var handle: String }
    private struct CreatedAppPassword: Encodable { var name: String; var password: String }
    private struct Revoked: Encodable { var revoked = true }
    private struct Reads: Encodable { var did: String; var getRecord: Int; var listRecords: Int }
    private struct Minted: Encodable {
        var access_token: String
        var screen_name: String
    }

    /// The stand-ins for signing up and for Settings → App passwords, which the real PDS does not offer over XRPC
    /// to a scheduler:
    /// - `POST /_sandbox/bluesky/accounts {handle, password}` → `{did, handle}`
    /// - `POST /_sandbox/bluesky/app-passwords {identifier, name}` → `{name, password}` (`xxxx-xxxx-xxxx-xxxx`)
    /// - `POST /_sandbox/bluesky/app-passwords/revoke {identifier, name}` → `{revoked: true}`
    /// - `GET /_sandbox/bluesky/reads?repo=` → `{did, getRecord, listRecords}`: how often the account's records were read
    /// - `POST /_sandbox/bluesky/tokens {username}` → `{access_token, screen_name}`: the account `USERNAME.bsky.sandbox`
    ///   (made when new) and a fresh app password for it, as `schedctl sandbox token bluesky` hands them on
    func addAccountHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("/_sandbox/bluesky/tokens") { request, context in
            let json = try await Self.jsonBody(request, context: context)
            let username = (json?["username"]?.stringValue ?? "sandbox-user").lowercased().replacingOccurrences(of: "_", with: "-")
            do throws(XRPCError) {
                let handle = "\(username).bsky.sandbox"
                if await accounts.account(handle) == nil {
                    _ = try await accounts.createAccount(handle: handle, password: SecureRandom.alphanumeric(32))
                }
                let password = try await accounts.createAppPassword(identifier: handle, name: "schedulerd-\(SecureRandom.alphanumeric(6))")
                await environment.recorder.rememberSecret(password)
                return Response.json(Minted(access_token: password, screen_name: handle), status: .created)
            } catch { return error.response() }
        }
        router.post("/_sandbox/bluesky/accounts") { request, context in
            let json = try await Self.jsonBody(request, context: context)
            guard let handle = json?["handle"]?.stringValue, let password = json?["password"]?.stringValue else {
                return XRPCError.invalidRequest("handle and password are required").response()
            }
            do throws(XRPCError) {
                let account = try await accounts.createAccount(handle: handle, password: password)
                return Response.json(CreatedAccount(did: account.did, handle: account.handle), status: .created)
            } catch { return error.response() }
        }
        router.post("/_sandbox/bluesky/app-passwords") { request, context in
            let json = try await Self.jsonBody(request, context: context)
            guard let identifier = json?["identifier"]?.stringValue, let name = json?["name"]?.stringValue else {
                return XRPCError.invalidRequest("identifier and name are required").response()
            }
            do throws(XRPCError) {
                let password = try await accounts.createAppPassword(identifier: identifier, name: name)
                await environment.recorder.rememberSecret(password)
                return Response.json(CreatedAppPassword(name: name, password: password), status: .created)
            } catch { return error.response() }
        }
        router.post("/_sandbox/bluesky/app-passwords/revoke") { request, context in
            let json = try await Self.jsonBody(request, context: context)
            guard let identifier = json?["identifier"]?.stringValue, let name = json?["name"]?.stringValue else {
                return XRPCError.invalidRequest("identifier and name are required").response()
            }
            do throws(XRPCError) {
                try await accounts.revokeAppPassword(identifier: identifier, name: name)
                return Response.json(Revoked(), status: .ok)
            } catch { return error.response() }
        }
        router.get("/_sandbox/bluesky/reads") { request, _ in
            guard let repo = Self.query(request)?["repo"], let account = await accounts.account(repo) else {
                return XRPCError.invalidRequest("repo must name an account").response()
            }
            let counts = await repository.readCounts(did: account.did)
            return Response.json(Reads(did: account.did, getRecord: counts.getRecord, listRecords: counts.listRecords), status: .ok)
        }
    }

    /// How often `identifier`'s records were read with getRecord and listRecords (the Swift face of `/_sandbox/bluesky/reads`).
    func readCounts(_ identifier: String) async -> BlueskyReadCounts? {
        guard let account = await accounts.account(identifier) else { return nil }
        return await repository.readCounts(did: account.did)
    }

    private static func jsonBody(_ request: Request, context: BasicRequestContext) async throws -> JSONValue? {
        var request = request
        return JSONValue.parse(try await request.collectBody(upTo: context.maxUploadSize))
    }
}
