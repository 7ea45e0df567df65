/// One fault the sandbox injected, as `GET /_sandbox/faults` lists it.
///
/// A test replays its client's story against these: a retry must not arrive before `reset_at`, a
/// `lost_answer` post must be published once, a `drop` must leave nothing behind. Never holds a token.
public struct InjectedFault: Codable, Sendable, Equatable {
    /// When the faulted request arrived, RFC 3339 UTC with milliseconds (the same clock as `received_at`).
    public var at: String
    /// The emulated network (`x`, `facebook`, `instagram`, `linkedin`).
    public var network: String
    /// The HTTP method.
    public var method: String
    /// The request path, without the query.
    public var path: String
    /// What was done to the request. A `lost_answer` drawn for a `GET` is recorded as the `drop` it became.
    public var kind: FaultKind
    /// The status of the answer: the error sent, the delayed answer's, or for `lost_answer` the one
    /// that never arrived; for `gateway_timeout` the gateway's 504 (the network's own answer is lost); absent for `drop`,
    /// and for `slow_commit`, which is recorded as its hold starts, before there is an answer.
    public var status: Int?
    /// For `rate_limit`: the instant the answer told the client it may call again, RFC 3339 UTC with
    /// milliseconds (X's whole Unix second, LinkedIn's `Retry-After`, Graph's whole minutes).
    public var resetAt: String?
    /// For `slow`: how long the answer was held back; for `slow_commit`: how long the request was held
    /// before it was processed; in milliseconds.
    public var delayMilliseconds: Int?
    /// Whom the access token acts for (the X user id, the LinkedIn member id, the Page or user id),
    /// when the request carried an OAuth 2.0 token the sandbox knows.
    public var account: String?

    public init(
        at: String,
        network: String,
        method: String,
        path: String,
        kind: FaultKind,
        status: Int? = nil,
        resetAt: String? = nil,
        delayMilliseconds: Int? = nil,
        account: String? = nil
    ) {
        self.at = at
        self.network = network
        self.method = method
        self.path = path
        self.kind = kind
        self.status = status
        self.resetAt = resetAt
        self.delayMilliseconds = delayMilliseconds
        self.account = account
    }

    enum CodingKeys: String, CodingKey {
        case at, network, method, path, kind, status
        case resetAt = "reset_at"
        case delayMilliseconds = "delay_ms"
        case account
    }
}
