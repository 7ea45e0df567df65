#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// X's three-legged OAuth 1.0a flow: request tokens, the person's approval, and the exchange for an access token.
///
/// An actor because a signature check and a request token's state change must happen in one step:
/// two concurrent exchanges of one approved request token must not both succeed.
actor XOAuth1Flow {
    /// Why a step of the flow was refused.
    enum Failure: Error, Sendable, Equatable {
        /// The OAuth 1.0a signature check failed.
        case signature(OAuth1Rejection)
        /// `POST /oauth/request_token` came without `oauth_callback`.
        case missingCallback
        /// The callback is neither `oob` nor a loopback URL (the URLs the sandbox app is registered with).
        case callbackNotApproved
        /// `POST /oauth/access_token` came without `oauth_verifier`.
        case missingVerifier
        /// The request token cannot be used.
        case requestToken(RequestTokenLedger.Failure)
    }

    private let verifier: OAuth1Verifier
    private var nonces: NonceCache
    private var requestTokens: RequestTokenLedger

    init(verifier: OAuth1Verifier, requestTokenLifetime: Duration) {
        self.verifier = verifier
        self.nonces = verifier.makeNonceCache()
        self.requestTokens = RequestTokenLedger(lifetime: requestTokenLifetime.timeInterval)
    }

    /// `POST /oauth/request_token`: checks the consumer's signature and issues temporary credentials.
    ///
    /// - Parameter callbackParameter: `oauth_callback` from the query or form, when not in the header.
    func requestToken(_ request: OAuth1SignedRequest, callbackParameter: String?, now: Date) -> Result<(token: String, secret: String), Failure> {
        let identity: OAuth1Identity
        switch verifier.verify(request, requireToken: false, tokenSecret: { _ in nil }, now: now, nonces: &nonces) {
        case .failure(let rejection): return .failure(.signature(rejection))
        case .success(let who): identity = who
        }
        guard let callback = identity.oauthParameters["oauth_callback"] ?? callbackParameter, !callback.isEmpty else {
            return .failure(.missingCallback)
        }
        let target: RequestTokenLedger.Callback
        if callback == "oob" {
            target = .outOfBand
        } else if LoopbackRedirectURI.isAllowed(callback) {
            target = .url(callback)
        } else {
            return .failure(.callbackNotApproved)
        }
        let issued = requestTokens.issue(consumerKey: identity.consumerKey, callback: target, now: now)
        return .success((issued.token, issued.secret))
    }

    /// The person approved `token` as `subject`: where to send them, and the verifier (a PIN for `oob`).
    func authorize(_ token: String, subject: String, now: Date) -> Result<(RequestTokenLedger.Callback, String), RequestTokenLedger.Failure> {
        requestTokens.authorize(token, subject: subject, now: now)
    }

    /// The person refused `token`: where to send them.
    func deny(_ token: String, now: Date) -> Result<RequestTokenLedger.Callback, RequestTokenLedger.Failure> {
        requestTokens.deny(token, now: now)
    }

    /// `POST /oauth/access_token`: checks the signature made with the request token and the verifier;
    /// returns the id of the user who approved.
    ///
    /// - Parameter verifierParameter: `oauth_verifier` from the query or form, when not in the header.
    func accessToken(_ request: OAuth1SignedRequest, verifierParameter: String?, now: Date) -> Result<String, Failure> {
        let identity: OAuth1Identity
        let verdict = verifier.verify(request, requireToken: true, tokenSecret: { requestTokens.secret(of: $0, now: now) }, now: now, nonces: &nonces)
        switch verdict {
        case .failure(let rejection) where rejection.code == .unknownToken: return .failure(.requestToken(.invalidToken))
        case .failure(let rejection): return .failure(.signature(rejection))
        case .success(let who): identity = who
        }
        guard let verifierValue = identity.oauthParameters["oauth_verifier"] ?? verifierParameter, !verifierValue.isEmpty else {
            return .failure(.missingVerifier)
        }
        return requestTokens.redeem(identity.token!, consumerKey: identity.consumerKey, verifier: verifierValue, now: now)
            .mapError { .requestToken($0) }
    }
}
