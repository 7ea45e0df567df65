#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OAuth2Authority {
    /// What the fault injector may do with `token`: whom it acts for and whether a refresh token
    /// can replace it; `nil` when the token does not work anyway.
    ///
    /// A token from a code exchange or a refresh has a refresh token beside it exactly when the
    /// profile issues them for a scope the token holds (X's `offline.access`); minted tokens never do.
    func bearerFacts(_ token: String, now: Date) -> BearerFacts? {
        guard case .success(let info) = validate(token, now: now) else { return nil }
        let fromConsent = info.grant == "authorization_code" || info.grant == "refresh_token"
        let refreshable: Bool
        switch profile.refreshTokens {
        case .never: refreshable = false
        case .withScope(let scope): refreshable = fromConsent && info.scopes.contains(scope)
        }
        return BearerFacts(token: token, account: info.principal, refreshable: refreshable)
    }
}
