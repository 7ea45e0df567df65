import SchedulerCore

/// A fault plan as `PUT /_sandbox/faults` takes it and `GET /_sandbox/faults/plan` shows it:
/// `{"rate": 0.3, "kinds": ["server_error", …], "seed": 42, "reset_seconds": 2, "slow_seconds": 1.5, "commit_seconds": 3}`.
struct FaultPlanDocument: Codable, Sendable, Equatable {
    var rate: Double
    var kinds: [String]
    /// The seed in use: the one given, or the one the injector picked.
    var seed: UInt64
    var resetSeconds: Double
    var slowSeconds: Double
    var commitSeconds: Double
    var only: [String: JSONValue]?

    init(plan: FaultPlan, seed: UInt64) {
        only = plan.only?.document
        rate = plan.rate
        kinds = plan.orderedKinds.map(\.rawValue)
        self.seed = seed
        resetSeconds = plan.resetAfter.timeInterval
        slowSeconds = plan.slowBy.timeInterval
        commitSeconds = plan.commitDelay.timeInterval
    }

    enum CodingKeys: String, CodingKey {
        case rate, kinds, seed, only
        case resetSeconds = "reset_seconds"
        case slowSeconds = "slow_seconds"
        case commitSeconds = "commit_seconds"
    }
}

extension FaultPlan {
    /// The keys a `PUT /_sandbox/faults` body may have.
    static let documentKeys: Set<String> = ["rate", "kinds", "seed", "reset_seconds", "slow_seconds", "commit_seconds", "only"]

    /// Reads a `PUT /_sandbox/faults` body. Only `rate` is required; `kinds` defaults to `all` (``FaultKind/everyday``),
    /// the durations to ``defaultReset``, ``defaultSlow`` and ``defaultCommitDelay``; unknown keys are refused so a typo is not silently ignored.
    ///
    /// - Throws: ``FaultPlanError`` saying which field is wrong and what it should be.
    static func fromJSON(_ body: JSONValue?) throws(FaultPlanError) -> FaultPlan {
        guard case .object(let fields)? = body else {
            throw malformed("The body must be a JSON object like {\"rate\": 0.3, \"kinds\": [\"server_error\"], \"seed\": 42, \"reset_seconds\": 2, \"slow_seconds\": 1.5, \"commit_seconds\": 3}.")
        }
        if let unknown = fields.keys.sorted().first(where: { !documentKeys.contains($0) }) {
            throw malformed("\"\(unknown)\" is not a fault plan field; use \(documentKeys.sorted().joined(separator: ", ")).")
        }
        guard let rate = fields["rate"].flatMap(number) else {
            throw FaultPlanError(code: .invalidRate, message: "\"rate\" must be a number from 0 to 1 (0 turns faults off).")
        }
        var plan = try FaultPlan(
            rate: rate,
            kinds: try kinds(fields["kinds"]),
            seed: try seed(fields["seed"]),
            resetAfter: try seconds(fields["reset_seconds"], named: "reset_seconds") ?? defaultReset,
            slowBy: try seconds(fields["slow_seconds"], named: "slow_seconds") ?? defaultSlow,
            commitDelay: try seconds(fields["commit_seconds"], named: "commit_seconds") ?? defaultCommitDelay
        )
        switch fields["only"] {
        case nil, .null?: break
        case .object(let target)?: plan.only = try FaultTarget.fromJSON(target)
        default: throw malformed("\"only\" must be like {\"request\": \"POST /2/tweets\", \"skip\": 2, \"count\": 1}")
        }
        return plan
    }

    private static func kinds(_ value: JSONValue?) throws(FaultPlanError) -> Set<FaultKind> {
        switch value {
        // Left out, it means `all`: the everyday kinds. `credits_depleted` stops every X account, so only a plan that names it gets it.
        case nil, .null?: return Set(FaultKind.everyday)
        case .array(let items)?:
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else { throw malformed("\"kinds\" must be an array of names: \(FaultKind.names).") }
                names.append(name)
            }
            return try parseKinds(names)
        default: throw malformed("\"kinds\" must be an array of names: \(FaultKind.names).")
        }
    }

    private static func seed(_ value: JSONValue?) throws(FaultPlanError) -> UInt64? {
        switch value {
        case nil, .null?: return nil
        case .integer(let seed)? where seed >= 0: return UInt64(seed)
        default: throw malformed("\"seed\" must be a whole number of at least 0.")
        }
    }

    private static func seconds(_ value: JSONValue?, named name: String) throws(FaultPlanError) -> Duration? {
        guard let value, value != .null else { return nil }
        guard let seconds = number(value), seconds.isFinite, seconds >= 0, seconds <= longest.timeInterval else {
            throw FaultPlanError(code: .invalidDuration, message: "\"\(name)\" must be a number of seconds, more than 0 and at most 3600.")
        }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    private static func malformed(_ message: String) -> FaultPlanError {
        FaultPlanError(code: .malformedBody, message: message)
    }
}
