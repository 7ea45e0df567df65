#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// Who called with a bearer token: its account (nil for an app's own token), its app, its scopes, and where it stands
/// against the throttles (for the `X-RateLimit-*` headers of the answer).
struct MastodonCaller: Sendable {
    var scopes: [String]
    var account: MastodonAccount?
    var app: MastodonApp?
    var limit: MastodonRateLimitStatus

    var headers: HTTPFields { limit.headers }
}

/// A refusal on its way to ``MastodonSandboxNetwork/refuse(_:request:body:at:headers:)``, with the headers it carries.
struct MastodonRefusal: Error {
    var error: MastodonError
    var headers: HTTPFields = [:]
}

extension MastodonSandboxNetwork {
    /// The checks made before a controller acts: the token (401), rack-attack's throttles (429), the endpoint's scopes
    /// (403, Doorkeeper's `doorkeeper_authorize!`) and, unless an app token will do, a user (422, `require_user!`).
    func authenticate(
        _ request: Request, scopes accepted: [String], requiresUser: Bool = true, extras: [MastodonThrottles.Extra] = [], now: Date
    ) async -> Result<MastodonCaller, MastodonRefusal> {
        guard let token = request.bearerToken else { return .failure(MastodonRefusal(error: .invalidToken)) }
        let info: TokenInfo
        switch await authority.validate(token, now: now) {
        case .failure(let error): return .failure(MastodonRefusal(error: error))
        case .success(let valid): info = valid
        }
        let account = info.subject.isEmpty ? nil : await accounts.account(id: info.subject)
        let (limit, refusedBy) = await throttles.charge(token: token, account: account?.id, extras: extras, now: now)
        if let refusedBy {
            return .failure(MastodonRefusal(error: .tooManyRequests(refusedBy), headers: limit.headers))
        }
        guard MastodonScopes.allows(info.scopes, anyOf: accepted) else {
            return .failure(MastodonRefusal(error: .outsideScopes(accepted), headers: limit.headers))
        }
        if requiresUser, account == nil {
            return .failure(MastodonRefusal(error: .userRequired, headers: limit.headers))
        }
        return .success(MastodonCaller(scopes: info.scopes, account: account, app: await authority.app(clientID: info.clientID), limit: limit))
    }

    /// For a read that is public without a token (`authorize_if_got_token!`): nil when no token came; with one, the
    /// token must pass every check, scopes included.
    func optionalCaller(_ request: Request, scopes accepted: [String], extras: [MastodonThrottles.Extra] = [], now: Date) async
        -> Result<MastodonCaller?, MastodonRefusal> {
        guard request.headers[.authorization] != nil else { return .success(nil) }
        return await authenticate(request, scopes: accepted, requiresUser: false, extras: extras, now: now).map { Optional($0) }
    }
}
