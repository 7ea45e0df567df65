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

    /// Sorted in declaration order, so a seeded plan picks kinds the same way on every run.
    public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Every name, comma-separated, for error messages and help text.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
