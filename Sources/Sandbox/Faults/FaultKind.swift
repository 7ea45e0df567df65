/// One way the sandbox can make a network call go wrong, as real networks do on a bad day.
///
/// The raw values are the names used in `PUT /_sandbox/faults`, in `sandboxd --faults` and in the
/// fault record, so a test can name exactly the trouble it wants its client to survive.
public enum FaultKind: String, CaseIterable, Codable, Sendable, Comparable {
    /// A 5xx answer in the network's error shape; nothing is published.
    case serverError = "server_error"
    /// The network's throttling answer with a short reset time; nothing is published.
    case rateLimit = "rate_limit"
    /// The normal answer, sent late.
    case slow
    /// The connection closes before the request is processed or answered; nothing is published.
    case drop
    /// The request is processed (a post is published) but the connection closes before the answer.
    case lostAnswer = "lost_answer"
    /// The access token expires now: refused as expired, here and on every later call; refreshing works.
    case expiredToken = "expired_token"
    /// The network holds the request for ``FaultPlan/commitDelay`` before it processes it: a publishing
    /// request's post is made (and listed) only after the hold, then the normal answer is sent. Models a
    /// slow commit, so a client that gave up (or crashed) and looks for the post during the hold finds
    /// nothing, though the post is still coming. Fits only requests that change something (not GET/HEAD).
    case slowCommit = "slow_commit"
    /// The request is processed (a post is made), then a gateway in front of the network answers 504 with
    /// an HTML page, not the network's JSON error shape: a 5xx after a publish does not mean nothing was done.
    case gatewayTimeout = "gateway_timeout"
    /// X's pay-per-use credits run out: 402 `credits-depleted` here and on every later X call until
    /// `POST /_sandbox/x/credits` tops them up. Only X bills per use; `all` leaves it out, since it stops
    /// every X account, so a plan names it to get it.
    case creditsDepleted = "credits_depleted"

    /// What `all` means: every kind a day of ordinary trouble brings, which excludes running out of credits.
    public static let everyday: [FaultKind] = allCases.filter { $0 != .creditsDepleted }

    /// Sorted in declaration order, so a seeded plan picks kinds the same way on every run.
    public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Every name, comma-separated, for error messages and help text.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
