import Hummingbird

/// An error as a Mastodon instance answers it: an HTTP status and `{"error": "…"}`, with `error_description` on the
/// OAuth endpoints (docs/research/mastodon.md §10), plus a stable reason code that only the sandbox's records show.
struct MastodonError: Error, Sendable, Equatable {
    var status: Int
    /// The body's `error`: the sentence the instance says, or on the OAuth endpoints the RFC 6749 code.
    var error: String
    /// The body's `error_description`, on the OAuth endpoints only.
    var errorDescription: String?
    /// Why, for `GET /_sandbox/rejected` (`text_too_long`, `revoked_token`, …); never sent to the client.
    var reasonCode: String
    /// What was wrong, in words, when the instance's own sentence says less; recorded, never sent.
    var detail: String?

    init(status: Int, error: String, errorDescription: String? = nil, reasonCode: String, detail: String? = nil) {
        self.status = status
        self.error = error
        self.errorDescription = errorDescription
        self.reasonCode = reasonCode
        self.detail = detail
    }

    private struct Body: Encodable {
        var error: String
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    /// The error as an HTTP response, with extra headers (the rate-limit ones) when given.
    func response(headers: HTTPFields = [:]) -> Response {
        Response.json(Body(error: error, errorDescription: errorDescription), status: .init(code: status), headers: headers)
    }

    /// 401: no token, or one this instance never issued.
    static let invalidToken = MastodonError(status: 401, error: "The access token is invalid", reasonCode: "invalid_token")
    /// 401: a token revoked by `POST /oauth/revoke` (Doorkeeper's wording).
    static let revokedToken = MastodonError(status: 401, error: "The access token was revoked", reasonCode: "revoked_token")
    /// 403: the token lacks every scope the endpoint accepts.
    static func outsideScopes(_ accepted: [String]) -> MastodonError {
        MastodonError(status: 403, error: "This action is outside the authorized scopes", reasonCode: "insufficient_scope",
                      detail: "The endpoint needs one of: \(accepted.joined(separator: ", ")).")
    }
    /// 422: an app token (client_credentials) on an endpoint that acts as a user.
    static let userRequired = MastodonError(status: 422, error: "This method requires an authenticated user", reasonCode: "user_required")
    /// 429 (rack-attack's `throttled_responder`, and `RateLimitExceededError`).
    static func tooManyRequests(_ which: String) -> MastodonError {
        MastodonError(status: 429, error: "Too many requests", reasonCode: "rate_limited", detail: "The \(which) limit is spent.")
    }
    /// 404 `Record not found`.
    static func notFound(_ detail: String) -> MastodonError {
        MastodonError(status: 404, error: "Record not found", reasonCode: "not_found", detail: detail)
    }
    /// 422 `Validation failed: …` (`ActiveRecord::RecordInvalid`).
    static func validationFailed(_ message: String, reasonCode: String) -> MastodonError {
        MastodonError(status: 422, error: "Validation failed: \(message)", reasonCode: reasonCode)
    }
    /// 422 without the prefix (`Mastodon::ValidationError`, as the media checks raise it).
    static func unprocessable(_ message: String, reasonCode: String) -> MastodonError {
        MastodonError(status: 422, error: message, reasonCode: reasonCode)
    }
    /// 400 for a parameter Rails' `params.require` finds missing.
    static func parameterMissing(_ name: String) -> MastodonError {
        MastodonError(status: 400, error: "param is missing or the value is empty: \(name)", reasonCode: "missing_parameter")
    }
    /// 503: the same `Idempotency-Key` while its first request still holds the lock (`Mastodon::RaceConditionError`).
    static let raceCondition = MastodonError(
        status: 503, error: "There was a temporary problem serving your request, please try again", reasonCode: "idempotency_in_flight"
    )
}
