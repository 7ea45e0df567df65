import CryptoPrimitives

/// A Threads API error in Graph's shape: `{"error": {"message", "type", "code", "error_subcode", "is_transient",
/// "error_user_title", "error_user_msg", "fbtrace_id"}}`, each with a fresh `fbtrace_id`.
///
/// Threads has no error-code page of its own (docs/research/threads.md §7): the codes are Graph's (190 a token, 10 a
/// permission, 4 throttling, 100 a parameter) and `type` is `OAuthException` or `THApiException`. Kept apart from
/// the Facebook emulation's `GraphError` (sharing only the body's shape, `GraphErrorBody`) so the two hosts can drift the way the real ones do. Almost every error is
/// HTTP 400, as on Graph; the code exchange has a shape of its own (``ThreadsCodeExchangeError``).
struct ThreadsError: Error, Sendable, Encodable {
    private var error: GraphErrorBody
    /// The HTTP status; not part of the body.
    var status = 400
    /// A stable code for the rejected-request record (`expired_token`, `text_too_long`); not part of the body.
    var reasonCode: String
    /// Why, in the sandbox's words, when the message is vaguer; only in the rejected record.
    var sandboxDetail: String?

    enum CodingKeys: String, CodingKey {
        case error
    }

    /// - Parameters:
    ///   - type: `OAuthException` for tokens and permissions, `THApiException` for what Threads itself checks.
    ///   - userTitle, userMessage: the person-facing `error_user_title` and `error_user_msg`, when Threads gives them.
    init(
        _ message: String, code: Int, subcode: Int? = nil, type: String = "OAuthException", userTitle: String? = nil, userMessage: String? = nil,
        isTransient: Bool? = nil, reasonCode: String
    ) {
        error = GraphErrorBody(
            message: message, type: type, code: code, errorSubcode: subcode, isTransient: isTransient, errorUserTitle: userTitle,
            errorUserMsg: userMessage, fbtraceID: SecureRandom.alphanumeric(11)
        )
        self.reasonCode = reasonCode
    }

    var message: String { error.message }
    var code: Int { error.code }
    var subcode: Int? { error.errorSubcode }
    /// What the rejected record says: the message, the person-facing one, and the sandbox's detail when there are.
    var recordedReason: String {
        [error.message, error.errorUserMsg, sandboxDetail].compactMap { $0 }.joined(separator: " — ")
    }

    /// The same error with a sandbox-only explanation for the rejected record (not in the body).
    func withSandboxDetail(_ detail: String) -> ThreadsError {
        var copy = self
        copy.sandboxDetail = detail
        return copy
    }
}

/// The code exchange's own error shape (docs/research/threads.md §1): `{"error_type": "OAuthException", "code": 400,
/// "error_message": "…"}`, not Graph's. Only `POST /oauth/access_token` answers this way.
struct ThreadsCodeExchangeError: Error, Sendable, Encodable {
    var errorType = "OAuthException"
    var code = 400
    var errorMessage: String
    /// A stable code for the rejected-request record; not part of the body.
    var reasonCode: String

    enum CodingKeys: String, CodingKey {
        case errorType = "error_type"
        case code
        case errorMessage = "error_message"
    }

    /// The documented answer to an unknown or already redeemed code.
    static func codeNotFound(_ reasonCode: String) -> ThreadsCodeExchangeError {
        ThreadsCodeExchangeError(errorMessage: "Matching code was not found or was already used", reasonCode: reasonCode)
    }
}
