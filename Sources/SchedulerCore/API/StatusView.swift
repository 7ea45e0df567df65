import Foundation

/// `GET /v1/status`: is the daemon healthy, what is waiting, and what needs a person.
public struct StatusView: Codable, Sendable, Equatable {
    public var version: String
    public var startedAt: Date
    public var now: Date
    public var sandbox: Bool
    /// Deliveries by state name; states with none are left out.
    public var deliveries: [String: Int]
    public var nextDue: NextDue?
    public var accountsNeedingAttention: [AccountView]
    /// What is paused; nil when nothing is.
    public var paused: PauseView?
    /// Deliveries a rate-limit budget holds back; nil when none.
    public var throttled: ThrottleView?
    /// What the daemon found wrong with its configuration at start (an API version retired or retiring soon); nil when nothing.
    public var warnings: [String]?

    public struct NextDue: Codable, Sendable, Equatable {
        public var postId: Int64
        public var dueAt: Date
        public var accounts: Int

        enum CodingKeys: String, CodingKey {
            case accounts
            case postId = "post_id", dueAt = "due_at"
        }

        public init(postId: Int64, dueAt: Date, accounts: Int) {
            self.postId = postId; self.dueAt = dueAt; self.accounts = accounts
        }
    }

    enum CodingKeys: String, CodingKey {
        case version, now, sandbox, deliveries
        case startedAt = "started_at", nextDue = "next_due"
        case accountsNeedingAttention = "accounts_needing_attention"
        case paused, throttled, warnings
    }

    public init(version: String, startedAt: Date, now: Date, sandbox: Bool, deliveries: [String: Int],
                nextDue: NextDue?, accountsNeedingAttention: [AccountView], paused: PauseView? = nil, throttled: ThrottleView? = nil,
                warnings: [String]? = nil) {
        self.paused = paused; self.throttled = throttled; self.warnings = warnings
        self.version = version; self.startedAt = startedAt; self.now = now; self.sandbox = sandbox
        self.deliveries = deliveries; self.nextDue = nextDue; self.accountsNeedingAttention = accountsNeedingAttention
    }
}
