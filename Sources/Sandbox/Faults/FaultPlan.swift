/// Which requests the sandbox spoils, how, and how often: the knobs of fault injection.
///
/// A plan is a value so `sandboxd`'s flags, `PUT /_sandbox/faults` and ``SandboxConfiguration`` can
/// all describe one the same way. Give a `seed` and the same sequence of requests meets the same
/// faults, so a failure can be replayed; without one the injector picks a seed and reports it.
///
/// ```swift
/// let plan = try FaultPlan(rate: 0.3, kinds: [.serverError, .rateLimit, .drop], seed: 42)
/// ```
public struct FaultPlan: Sendable, Equatable {
    /// The share of eligible requests that meet a fault, from 0 (never) to 1 (every one).
    public private(set) var rate: Double
    /// The kinds to choose from; each faulted request gets one of those that fit it.
    public private(set) var kinds: Set<FaultKind>
    /// Seeds the random choices; `nil` lets the injector pick one.
    public private(set) var seed: UInt64?
    /// How far ahead a `rate_limit` answer puts the reset (networks that speak in whole seconds
    /// or minutes round it up).
    public private(set) var resetAfter: Duration
    /// How long a `slow` answer is held back.
    public private(set) var slowBy: Duration
    /// How long a `slow_commit` request is held before the network processes it (and so before its post exists).
    public private(set) var commitDelay: Duration
    /// Only requests of this kind, and only those in its window, meet a fault; nil: any request.
    public var only: FaultTarget?

    /// No faults at all: the default.
    public static let off = FaultPlan(unchecked: 0, kinds: [], seed: nil, resetAfter: defaultReset, slowBy: defaultSlow, commitDelay: defaultCommitDelay)
    /// The reset a `rate_limit` fault announces unless told otherwise: short, so tests stay fast.
    public static let defaultReset: Duration = .seconds(2)
    /// The delay of a `slow` fault unless told otherwise.
    public static let defaultSlow: Duration = .milliseconds(1_500)
    /// The hold of a `slow_commit` fault unless told otherwise: the 3 seconds a real Graph publish was seen to take.
    public static let defaultCommitDelay: Duration = .seconds(3)
    /// The longest reset or delay a plan accepts.
    public static let longest: Duration = .seconds(3_600)

    /// - Throws: ``FaultPlanError`` when `rate` is outside 0...1 or a duration (reset, slow delay, commit delay) is not positive and at most an hour.
    public init(
        rate: Double,
        kinds: Set<FaultKind> = Set(FaultKind.everyday),
        seed: UInt64? = nil,
        resetAfter: Duration = FaultPlan.defaultReset,
        slowBy: Duration = FaultPlan.defaultSlow,
        commitDelay: Duration = FaultPlan.defaultCommitDelay
    ) throws(FaultPlanError) {
        guard rate.isFinite, (0...1).contains(rate) else {
            throw FaultPlanError(code: .invalidRate, message: "The fault rate must be a number from 0 to 1 (0.3 faults 30% of requests); got \(rate).")
        }
        try Self.check(resetAfter, named: "reset")
        try Self.check(slowBy, named: "slow delay")
        try Self.check(commitDelay, named: "commit delay")
        self.init(unchecked: rate, kinds: kinds, seed: seed, resetAfter: resetAfter, slowBy: slowBy, commitDelay: commitDelay)
    }

    private init(unchecked rate: Double, kinds: Set<FaultKind>, seed: UInt64?, resetAfter: Duration, slowBy: Duration, commitDelay: Duration) {
        self.rate = rate
        self.kinds = kinds
        self.seed = seed
        self.resetAfter = resetAfter
        self.slowBy = slowBy
        self.commitDelay = commitDelay
    }

    /// Whether any request can meet a fault.
    public var isActive: Bool {
        rate > 0 && !kinds.isEmpty
    }

    /// The kinds in a fixed order, so seeded choices repeat.
    var orderedKinds: [FaultKind] {
        kinds.sorted()
    }

    private static func check(_ duration: Duration, named name: String) throws(FaultPlanError) {
        guard duration > .zero, duration <= longest else {
            throw FaultPlanError(code: .invalidDuration, message: "The fault \(name) must be more than 0 and at most 3600 seconds; got \(duration).")
        }
    }
}
