import Foundation

/// `GET /v1/status`: is the daemon healthy, what is waiting, and what needs a person.
public struct StatusView: Codable, Sendable, Equatable {
    public var version: String
    public var startedAt: Date
    public var now: Date
    public var sandbox: Bool
    /// Deliveries by state name; states with none are left out.
    public var deliveries: [String: Int]
    /// The first waiting delivery of an account that may publish: what goes out next.
    public var nextDue: NextDue?
    /// The first waiting delivery of an account that cannot publish now (paused, needing relinking, its network
    /// paused), when it is due before `nextDue` or nothing else waits; nil otherwise. It says why the post waits.
    public var nextHeld: HeldDue?
    public var accountsNeedingAttention: [AccountView]
    /// What is paused; nil when nothing is.
    public var paused: PauseView?
    /// Deliveries a rate-limit budget holds back; nil when none.
    public var throttled: ThrottleView?
    /// What the daemon found wrong with its configuration at start (an API version retired or retiring soon); nil when nothing.
    public var warnings: [String]?
    /// Notification hooks that are failing (events waiting to be retried) or events given up on; nil when neither.
    public var hooks: Hooks?
    /// Outcomes the network gave that the store has refused so far (a full disk, a broken file); kept in memory and
    /// written again until it accepts them. Nil when none.
    public var outcomesWaitingForTheStore: Int?
    /// With a shared PostgreSQL store: the daemons alive (renewing their lease), this one included. Nil with SQLite.
    public var daemons: [Daemon]?
    /// The daemon's zone: wall-clock times without a zone of their own are read in it (the calendar draws in it).
    public var zone: String?
    /// Today and the next two days in the daemon's zone, in brief: what is still to go out. Nil from a daemon before it.
    public var nextDays: [UpcomingDayView]?
    /// The store failing (a full disk, its lock held by another process): why, since when, what it blocks. Nil while it works.
    public var store: StoreTrouble?
    /// In sandbox mode, the emulations' process (sandboxd) after it exited: when, how, and how to bring it back. Nil while
    /// it runs, and outside sandbox mode.
    public var sandboxGone: SandboxGone?
    /// Networks the engine's last requests found nothing answering at (connection refused, no such host), each until a
    /// request to it gets through; nil when none. Taken from what publishing found, never probed by `status` itself.
    public var unreachable: [Unreachable]?

    /// A network whose address did not answer the engine's last request to it.
    public struct Unreachable: Codable, Sendable, Equatable {
        public var network: Network
        /// `network:@handle` of the accounts whose requests found it so, since it was last reached.
        public var accounts: [String]
        /// What the connection attempt said, naming the address.
        public var error: String
        /// The first failure since it was last reached, and the latest.
        public var since: Date
        public var lastFailedAt: Date

        enum CodingKeys: String, CodingKey {
            case network, accounts, error, since
            case lastFailedAt = "last_failed_at"
        }

        public init(network: Network, accounts: [String], error: String, since: Date, lastFailedAt: Date) {
            self.network = network; self.accounts = accounts; self.error = error; self.since = since; self.lastFailedAt = lastFailedAt
        }
    }

    /// The store failing, as the daemon's own reads and writes found it.
    public struct StoreTrouble: Codable, Sendable, Equatable {
        /// `disk_full`, `locked`, `descriptors_exhausted`, `read_only`, `unavailable`, `damaged` or `other`.
        public var cause: String
        /// What is wrong, naming the file, directory or server.
        public var message: String
        /// What to do about it.
        public var action: String
        /// When the failures began (the first of this run of failures).
        public var since: Date
        /// The latest failure.
        public var lastFailedAt: Date
        /// Failures since `since`.
        public var failures: Int
        /// What waits while it lasts, one sentence each: publishing, recording outcomes, changes.
        public var blocks: [String]

        enum CodingKeys: String, CodingKey {
            case cause, message, action, since, failures, blocks
            case lastFailedAt = "last_failed_at"
        }

        public init(cause: String, message: String, action: String, since: Date, lastFailedAt: Date, failures: Int, blocks: [String]) {
            self.cause = cause; self.message = message; self.action = action; self.since = since
            self.lastFailedAt = lastFailedAt; self.failures = failures; self.blocks = blocks
        }
    }

    /// The sandbox's emulations after their process exited.
    public struct SandboxGone: Codable, Sendable, Equatable {
        public var exitedAt: Date
        /// How it ended: `exit status 1`, `killed by signal 9`.
        public var how: String
        /// What to do: restart the daemon.
        public var action: String

        enum CodingKeys: String, CodingKey {
            case how, action
            case exitedAt = "exited_at"
        }

        public init(exitedAt: Date, how: String, action: String) {
            self.exitedAt = exitedAt; self.how = how; self.action = action
        }
    }

    /// A daemon sharing the store, as `status` lists it.
    public struct Daemon: Codable, Sendable, Equatable {
        public var id: String
        public var host: String
        public var pid: Int
        public var version: String
        public var startedAt: Date
        public var leaseUntil: Date
        /// Deliveries it is publishing right now.
        public var publishing: Int
        /// Whether this is the daemon that answered.
        public var this: Bool

        enum CodingKeys: String, CodingKey {
            case id, host, pid, version, publishing, this
            case startedAt = "started_at", leaseUntil = "lease_until"
        }

        public init(id: String, host: String, pid: Int, version: String, startedAt: Date, leaseUntil: Date, publishing: Int, this: Bool) {
            self.id = id; self.host = host; self.pid = pid; self.version = version; self.startedAt = startedAt
            self.leaseUntil = leaseUntil; self.publishing = publishing; self.this = this
        }
    }

    /// Events the hooks have not accepted yet while one is failing, and events no hook heard about within a day.
    public struct Hooks: Codable, Sendable, Equatable {
        /// Events waiting for a hook that is failing (0 when none is).
        public var waiting: Int
        /// When the oldest waiting event happened.
        public var waitingSince: Date?
        /// Why the hook failed last, free of secrets.
        public var lastError: String?
        /// Events given up on (kept with the events, 90 days).
        public var givenUp: Int

        enum CodingKeys: String, CodingKey {
            case waiting
            case waitingSince = "waiting_since", lastError = "last_error", givenUp = "given_up"
        }

        public init(waiting: Int, waitingSince: Date?, lastError: String?, givenUp: Int) {
            self.waiting = waiting; self.waitingSince = waitingSince; self.lastError = lastError; self.givenUp = givenUp
        }
    }

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

    /// A waiting delivery its account holds back, and why.
    public struct HeldDue: Codable, Sendable, Equatable {
        public var postId: Int64
        public var dueAt: Date
        /// `network:@handle` of the account holding it.
        public var account: String
        public var reason: HeldReason

        enum CodingKeys: String, CodingKey {
            case account, reason
            case postId = "post_id", dueAt = "due_at"
        }

        public init(postId: Int64, dueAt: Date, account: String, reason: HeldReason) {
            self.postId = postId; self.dueAt = dueAt; self.account = account; self.reason = reason
        }
    }

    /// Why an account's deliveries wait (in the order they are checked: the first that applies).
    public enum HeldReason: String, Codable, Sendable, Equatable {
        /// The account was revoked: its posts never go out unless it is added again.
        case revoked
        /// The network refused the account's token; `schedctl accounts link` relinks it.
        case needsRelink = "needs_relink"
        /// Paused with `schedctl pause ACCOUNT`.
        case accountPaused = "account_paused"
        /// The account's network is paused, by a person or because it refused the app.
        case networkPaused = "network_paused"
    }

    enum CodingKeys: String, CodingKey {
        case version, now, sandbox, deliveries
        case startedAt = "started_at", nextDue = "next_due", nextHeld = "next_held"
        case accountsNeedingAttention = "accounts_needing_attention"
        case paused, throttled, warnings, hooks
        case outcomesWaitingForTheStore = "outcomes_waiting_for_the_store"
        case daemons, zone
        case nextDays = "next_days"
        case store
        case sandboxGone = "sandbox_gone"
        case unreachable
    }

    public init(version: String, startedAt: Date, now: Date, sandbox: Bool, deliveries: [String: Int],
                nextDue: NextDue?, accountsNeedingAttention: [AccountView], paused: PauseView? = nil, throttled: ThrottleView? = nil,
                warnings: [String]? = nil, hooks: Hooks? = nil, outcomesWaitingForTheStore: Int? = nil, daemons: [Daemon]? = nil,
                zone: String? = nil, nextHeld: HeldDue? = nil, nextDays: [UpcomingDayView]? = nil, store: StoreTrouble? = nil,
                sandboxGone: SandboxGone? = nil, unreachable: [Unreachable]? = nil) {
        self.unreachable = unreachable
        self.store = store
        self.sandboxGone = sandboxGone
        self.nextHeld = nextHeld
        self.nextDays = nextDays
        self.daemons = daemons
        self.zone = zone
        self.paused = paused; self.throttled = throttled; self.warnings = warnings; self.hooks = hooks
        self.outcomesWaitingForTheStore = outcomesWaitingForTheStore
        self.version = version; self.startedAt = startedAt; self.now = now; self.sandbox = sandbox
        self.deliveries = deliveries; self.nextDue = nextDue; self.accountsNeedingAttention = accountsNeedingAttention
    }
}
