#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// The authorization codes one server issued: single use, short-lived, bound to client, redirect URI and PKCE challenge.
///
/// A value type so tests drive it with any clock; ``OAuth2Authority`` owns the live one. A redeemed
/// code is remembered (with the token family it produced) so a second redemption can be refused
/// and its tokens revoked, as RFC 6749 §4.1.2 asks.
struct AuthorizationCodeLedger: Sendable {
    /// What a code stands for.
    struct Grant: Sendable, Equatable {
        var clientID: String
        var redirectURI: String
        var scopes: [String]
        /// Who approved: the network's user or member id.
        var subject: String
        var codeChallenge: String?
    }

    /// The outcome of presenting a code.
    enum Redemption: Sendable, Equatable {
        /// The code is good; it is now spent.
        case granted(Grant)
        /// The code is refused.
        case refused(OAuth2Refusal)
        /// The code was already redeemed: refused, and the tokens it produced (if any) must be revoked.
        case replayed(OAuth2Refusal, family: TokenFamilyID?)
    }

    private struct Entry: Sendable {
        var grant: Grant
        var expiresAt: Date
        var spent = false
        var family: TokenFamilyID?
    }

    /// How long a code stays redeemable, in seconds.
    let lifetime: TimeInterval
    /// Prepended to each code, so codes look like the network's (`AQ…` on LinkedIn).
    let prefix: String
    private var entries: [String: Entry] = [:]

    init(lifetime: TimeInterval, prefix: String = "") {
        self.lifetime = lifetime
        self.prefix = prefix
    }

    /// Issues a fresh code for `grant` at `now`, forgetting codes long past their expiry.
    mutating func issue(_ grant: Grant, now: Date) -> String {
        let forgetBefore = now.addingTimeInterval(-max(3_600, 10 * lifetime))
        entries = entries.filter { $0.value.expiresAt > forgetBefore }
        let code = prefix + SecureRandom.alphanumeric(43)
        entries[code] = Entry(grant: grant, expiresAt: now.addingTimeInterval(lifetime))
        return code
    }

    /// Redeems `code`: it must exist, be unspent and unexpired, and match the client, the redirect
    /// URI and the PKCE challenge. Any presentation spends it, so a stolen code gets one try.
    mutating func redeem(_ code: String, clientID: String, redirectURI: String?, verifier: String?, now: Date) -> Redemption {
        guard var entry = entries[code] else {
            return .refused(OAuth2Refusal(.unknownCode, "The authorization code is not valid."))
        }
        guard !entry.spent else {
            return .replayed(OAuth2Refusal(.reusedCode, "The authorization code was already used."), family: entry.family)
        }
        entry.spent = true
        entries[code] = entry
        if now >= entry.expiresAt {
            return .refused(OAuth2Refusal(.expiredCode, "The authorization code has expired."))
        }
        if let refusal = check(entry.grant, clientID: clientID, redirectURI: redirectURI, verifier: verifier) {
            return .refused(refusal)
        }
        return .granted(entry.grant)
    }

    /// Remembers which token family a redeemed code produced, for revoking it on replay.
    mutating func bind(_ code: String, to family: TokenFamilyID) {
        entries[code]?.family = family
    }

    private func check(_ grant: Grant, clientID: String, redirectURI: String?, verifier: String?) -> OAuth2Refusal? {
        guard grant.clientID == clientID else {
            return OAuth2Refusal(.clientMismatch, "The authorization code was issued to another client.")
        }
        guard redirectURI == grant.redirectURI else {
            return OAuth2Refusal(.redirectMismatch, "redirect_uri must be identical to the one in the authorization request.")
        }
        guard let challenge = grant.codeChallenge else { return nil }
        guard let verifier else {
            return OAuth2Refusal(.missingVerifier, "code_verifier is required: the authorization request had a code_challenge.")
        }
        guard S256Challenge.matches(verifier: verifier, challenge: challenge) else {
            return OAuth2Refusal(.verifierMismatch, "The code_verifier does not match the code_challenge.")
        }
        return nil
    }
}
