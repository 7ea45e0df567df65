#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decides which requests meet a fault, remembers every fault injected, and which tokens it expired.
///
/// One actor shared by every listener, so one plan (from ``SandboxConfiguration/faults`` or
/// `PUT /_sandbox/faults`) governs all networks and `GET /_sandbox/faults` shows one timeline.
/// Choices come from a seeded ``SplitMix64``: the same seed and the same requests, in the same
/// order, meet the same faults.
actor FaultInjector {
    /// What a request offers the injector to choose from.
    struct Candidate: Sendable {
        /// `GET` or `HEAD`: nothing to publish, so a lost answer is just a dropped connection.
        var isRead: Bool
        /// Carries an OAuth 2.0 token whose account can get a new one with a refresh token.
        var hasRefreshableToken: Bool
        /// Whom the bearer token acts for, so one account's tokens do not expire twice in quick succession.
        var account: String? = nil
        /// The network bills each call against the app's credits (X's pay-per-use), so they can run out.
        var billsPerUse: Bool = false
        var method: String = ""
        var path: String = ""
    }

    /// A fault to inject, with the plan's settings at the moment it was drawn.
    struct Decision: Sendable {
        var kind: FaultKind
        var resetAfter: Duration
        var slowBy: Duration
        var commitDelay: Duration = FaultPlan.defaultCommitDelay
    }

    private var plan: FaultPlan
    private var seed: UInt64
    private var random: SplitMix64
    private var injected: [InjectedFault] = []
    /// Access tokens an `expired_token` fault ended, with when; they stay refused for good.
    private var expiredTokens: [String: Date] = [:]
    /// Networks whose app a `credits_depleted` fault left without credits, until they are topped up.
    private var depleted: Set<String> = []
    /// When an `expired_token` fault last ended each account's token. Tokens live hours: the token issued by the
    /// refresh that follows is not expired again moments later, so an account meets `expired_token` at most once
    /// per ``expiryInterval``.
    private var lastExpiry: [String: ContinuousClock.Instant] = [:]
    static let expiryInterval: Duration = .seconds(30)
    /// Requests that matched the plan's target so far (``FaultPlan/only``), counted from the last plan change.
    private var targetMatches = 0

    init(plan: FaultPlan) {
        self.plan = plan
        self.seed = plan.seed ?? Self.pickSeed()
        self.random = SplitMix64(seed: seed)
    }

    /// Replaces the plan and restarts the random sequence from its seed; records and expired tokens stay.
    func replace(_ plan: FaultPlan) {
        self.plan = plan
        targetMatches = 0
        seed = plan.seed ?? Self.pickSeed()
        random = SplitMix64(seed: seed)
    }

    /// The plan in force and the seed in use (the one it named, or the one picked for it).
    func current() -> (plan: FaultPlan, seed: UInt64) {
        (plan, seed)
    }

    /// The fault `candidate` meets, or `nil` when it meets none.
    ///
    /// Kinds that do not fit the request are left out of the choice (`expired_token` without a
    /// refreshable token or for an account whose token it expired under 30 s ago, `slow_commit` for a read, which commits nothing); a `lost_answer` drawn for a read becomes `drop`.
    func draw(for candidate: Candidate) -> Decision? {
        let expirable = candidate.hasRefreshableToken
            && candidate.account.flatMap { lastExpiry[$0] }.map { ContinuousClock.now - $0 >= Self.expiryInterval } ?? true
        if let target = plan.only {
            guard plan.isActive, target.matches(method: candidate.method, path: candidate.path) else { return nil }
            targetMatches += 1
            guard targetMatches > target.skip, targetMatches <= target.skip + target.count else { return nil }
        }
        guard plan.isActive, random.nextUnit() < plan.rate else { return nil }
        let fitting = plan.orderedKinds.filter {
            ($0 != .expiredToken || expirable) && ($0 != .creditsDepleted || candidate.billsPerUse)
                && ($0 != .slowCommit || !candidate.isRead)
        }
        guard !fitting.isEmpty else { return nil }
        let kind = fitting[Int(random.next() % UInt64(fitting.count))]
        if kind == .expiredToken, let account = candidate.account { lastExpiry[account] = ContinuousClock.now }
        return Decision(kind: kind == .lostAnswer && candidate.isRead ? .drop : kind, resetAfter: plan.resetAfter, slowBy: plan.slowBy,
                        commitDelay: plan.commitDelay)
    }

    /// Remembers an injected fault for `GET /_sandbox/faults`.
    func record(_ fault: InjectedFault) {
        injected.append(fault)
    }

    /// Every fault injected so far, in the order they were recorded.
    func faults() -> [InjectedFault] {
        injected
    }

    /// Ends `token` at `instant`: every later call with it is refused as expired.
    func expire(_ token: String, at instant: Date) {
        expiredTokens[token] = expiredTokens[token] ?? instant
    }

    /// When an `expired_token` fault ended `token`, or `nil` when none did.
    func expiry(of token: String) -> Date? {
        expiredTokens[token]
    }

    /// Leaves `network`'s app without credits: every later call is refused until ``topUp(_:)``.
    func deplete(_ network: String) {
        depleted.insert(network)
    }

    /// Whether `network`'s app has run out of credits.
    func isDepleted(_ network: String) -> Bool {
        depleted.contains(network)
    }

    /// Adds credits to `network`'s app; returns whether it had run out.
    func topUp(_ network: String) -> Bool {
        depleted.remove(network) != nil
    }

    /// A seed below 2^53, so it survives any JSON reader and can be sent back to replay a run.
    private static func pickSeed() -> UInt64 {
        UInt64.random(in: 0..<(1 << 53))
    }
}
