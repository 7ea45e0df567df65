import Foundation
import SchedulerCore

/// Why a network call did not publish, classified so the engine knows what to do next.
///
/// The code is opaque so new classes never break callers; compare with `==`.
public struct ConnectorError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case retryable, rateLimited = "rate_limited", authFailure = "auth_failure", permanent, uncertain
            case appBlocked = "app_blocked"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// Nothing was published; trying again later may work (connection refused, 5xx).
        public static let retryable = Code(.retryable)
        /// The network asked us to wait until ``ConnectorError/retryAt``.
        public static let rateLimited = Code(.rateLimited)
        /// The credentials were refused; a refresh or a relink is needed.
        public static let authFailure = Code(.authFailure)
        /// The network refused the post itself; retrying would give the same answer.
        public static let permanent = Code(.permanent)
        /// The request may have been published (timeout or lost connection after sending).
        public static let uncertain = Code(.uncertain)
        /// The network refuses every request this app makes, whatever the post or account (a retired API
        /// version, no credits left): nothing was published, and nothing will be until a person acts
        /// (``ConnectorError/remedy`` says how). The engine pauses the whole network instead of failing posts.
        public static let appBlocked = Code(.appBlocked)

        /// The name recorded on an attempt (`rate_limited`).
        public var description: String { base.rawValue }
    }

    public var code: Code
    /// What went wrong, in the network's own words where it gave any. Never holds a credential.
    public var message: String
    /// The earliest time to try again, when the network said.
    public var retryAt: Date?
    public var httpStatus: Int?
    /// A redacted, shortened copy of the network's answer, kept on the attempt.
    public var excerpt: String?
    /// For ``Code/rateLimited``: whether the account or the whole app hit the limit (default: the account).
    public var rateLimit: RateLimitHint?
    /// For ``Code/appBlocked``: what a person must do before the network takes requests again, naming the
    /// setting to change where there is one.
    public var remedy: String?
    /// The network refused the post as a copy of one already on the account. After an earlier request in doubt, that
    /// copy may be this very post, which a look-up missed while the listing lagged.
    public var duplicateContent = false
    /// The network refused because the account's token lacks a permission publishing needs (Graph's #10, #3 and
    /// #200–#299, X's `oauth1-permissions` 403, LinkedIn's 403 `ACCESS_DENIED`): every post of this account will be
    /// refused the same way until it is relinked with the permission, so `status` and `doctor` flag the account.
    public var lacksPermission = false
    /// Nothing answered at the network's address (connection refused, no such host): the request never left, and
    /// `status` names the network as unreachable until a request to it gets through.
    public var unreachable = false

    public init(code: Code, message: String, retryAt: Date? = nil, httpStatus: Int? = nil, excerpt: String? = nil) {
        self.code = code
        self.message = message
        self.retryAt = retryAt
        self.httpStatus = httpStatus
        self.excerpt = excerpt
    }

    public var description: String {
        var text = "\(code): \(message)"
        if let httpStatus { text += " (HTTP \(httpStatus))" }
        return text
    }
}
