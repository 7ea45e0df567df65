#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a sandbox authorization server refused an OAuth 2.0 request: the precise reason and a sentence.
///
/// Every network answers in its own shape (RFC 6749 JSON for X and LinkedIn, Graph errors for
/// Facebook), so the machinery reports the reason and each network renders it. The message never
/// contains a token, secret, code or verifier.
struct OAuth2Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable reason; also the `reason_code` of the rejected-request record.
    struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidRequest = "invalid_request"
            case invalidClient = "invalid_client"
            case unsupportedGrantType = "unsupported_grant_type"
            case unauthorizedClient = "unauthorized_client"
            case invalidScope = "invalid_scope"
            case unsupportedResponseType = "unsupported_response_type"
            case unknownCode = "unknown_code"
            case expiredCode = "expired_code"
            case reusedCode = "reused_code"
            case redirectMismatch = "redirect_uri_mismatch"
            case clientMismatch = "client_mismatch"
            case missingVerifier = "missing_code_verifier"
            case verifierMismatch = "code_verifier_mismatch"
            case unknownRefreshToken = "unknown_refresh_token"
            case expiredRefreshToken = "expired_refresh_token"
            case reusedRefreshToken = "reused_refresh_token"
            case revokedRefreshToken = "revoked_refresh_token"
            case missingToken = "missing_token"
            case unknownToken = "unknown_token"
            case expiredToken = "expired_token"
            case revokedToken = "revoked_token"
            case insufficientScope = "insufficient_scope"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A parameter is missing, repeated or malformed.
        static let invalidRequest = Code(.invalidRequest)
        /// The client is unknown or did not authenticate the way it is registered to.
        static let invalidClient = Code(.invalidClient)
        /// The `grant_type` is not one this server offers.
        static let unsupportedGrantType = Code(.unsupportedGrantType)
        /// The client may not use this grant (LinkedIn's refresh tokens for non-partners).
        static let unauthorizedClient = Code(.unauthorizedClient)
        /// A requested scope is unknown.
        static let invalidScope = Code(.invalidScope)
        /// The `response_type` is not `code`.
        static let unsupportedResponseType = Code(.unsupportedResponseType)
        /// The authorization code was never issued (or is long forgotten).
        static let unknownCode = Code(.unknownCode)
        /// The authorization code outlived its lifetime.
        static let expiredCode = Code(.expiredCode)
        /// The authorization code was already redeemed.
        static let reusedCode = Code(.reusedCode)
        /// `redirect_uri` differs from the authorization request's.
        static let redirectMismatch = Code(.redirectMismatch)
        /// The code or refresh token was issued to another client.
        static let clientMismatch = Code(.clientMismatch)
        /// The authorization request had a PKCE challenge but no `code_verifier` came.
        static let missingVerifier = Code(.missingVerifier)
        /// The `code_verifier` does not hash to the challenge.
        static let verifierMismatch = Code(.verifierMismatch)
        /// The refresh token was never issued.
        static let unknownRefreshToken = Code(.unknownRefreshToken)
        /// The refresh token outlived its lifetime.
        static let expiredRefreshToken = Code(.expiredRefreshToken)
        /// The refresh token was already rotated; its family is now revoked.
        static let reusedRefreshToken = Code(.reusedRefreshToken)
        /// The refresh token was revoked.
        static let revokedRefreshToken = Code(.revokedRefreshToken)
        /// A resource was called without an access token.
        static let missingToken = Code(.missingToken)
        /// The access token was never issued.
        static let unknownToken = Code(.unknownToken)
        /// The access token outlived its lifetime.
        static let expiredToken = Code(.expiredToken)
        /// The access token was revoked.
        static let revokedToken = Code(.revokedToken)
        /// The access token lacks a scope the resource needs.
        static let insufficientScope = Code(.insufficientScope)

        /// The RFC 6749 / 6750 `error` value this reason belongs to.
        var rfcError: String {
            switch base {
            case .invalidRequest, .invalidClient, .unsupportedGrantType, .unauthorizedClient, .invalidScope,
                .unsupportedResponseType, .insufficientScope:
                base.rawValue
            case .unknownCode, .expiredCode, .reusedCode, .redirectMismatch, .clientMismatch, .missingVerifier,
                .verifierMismatch, .unknownRefreshToken, .expiredRefreshToken, .reusedRefreshToken, .revokedRefreshToken:
                "invalid_grant"
            case .missingToken, .unknownToken, .expiredToken, .revokedToken:
                "invalid_token"
            }
        }

        var description: String { base.rawValue }
    }

    var code: Code
    /// What was wrong, in words a developer can act on.
    var message: String
    /// Why a revoked token was revoked, so Facebook can say "the user removed the app".
    var revocationReason: TokenRevocation.Reason?
    /// When an expired token expired, so Facebook can say so.
    var expiredAt: Date?

    init(_ code: Code, _ message: String, revocationReason: TokenRevocation.Reason? = nil, expiredAt: Date? = nil) {
        self.code = code
        self.message = message
        self.revocationReason = revocationReason
        self.expiredAt = expiredAt
    }

    var description: String { "\(code): \(message)" }
}
