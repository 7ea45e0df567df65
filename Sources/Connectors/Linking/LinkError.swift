import OAuth

/// Why a link, refresh or revocation did not work, classified for the person and the engine.
public struct LinkError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidInput = "invalid_input", needsRelink = "needs_relink", unavailable, misconfigured, choiceNeeded = "choice_needed", unsupported
            case unfit
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// What the person brought back was wrong: another flow's redirect, a tampered state, a wrong PIN,
        /// a refused consent, an expired code. Nothing was stored; start again.
        public static let invalidInput = Code(.invalidInput)
        /// The network refused the grant itself (refresh token reused or revoked): the account must be relinked.
        public static let needsRelink = Code(.needsRelink)
        /// The network could not be reached or failed; trying later may work.
        public static let unavailable = Code(.unavailable)
        /// The network refused our app's credentials: the configuration is wrong.
        public static let misconfigured = Code(.misconfigured)
        /// Several identities fit (Facebook Pages, LinkedIn organizations); the message lists them.
        public static let choiceNeeded = Code(.choiceNeeded)
        /// This network cannot do what was asked (refresh without a refresh token, for example).
        public static let unsupported = Code(.unsupported)
        /// The network accepts the token, but it cannot publish: a permission publishing needs was not granted, it is
        /// read-only, a user token where a Page token is needed, or another app's. Nothing was stored; the message names
        /// the network, what is missing and how to get a token that has it.
        public static let unfit = Code(.unfit)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Maps a protocol error from the OAuth target; `refreshing` turns a refused grant into `.needsRelink`.
    public init(_ error: OAuthError, network: String, refreshing: Bool = false) {
        let message = "\(network): \(error.message)"
        switch error.code {
        case .invalidGrant where refreshing, .expiredToken where refreshing:
            self.init(.needsRelink, message)
        case .stateMismatch, .accessDenied, .invalidRedirect, .invalidGrant, .expiredToken:
            self.init(.invalidInput, message)
        case .invalidClient:
            self.init(.misconfigured, "\(network) refused this app's client credentials; check the client id and secret in the configuration")
        case .invalidRequest:
            self.init(.misconfigured, "\(message); check this network's app settings in the configuration")
        default:
            self.init(.unavailable, message)
        }
    }
}
