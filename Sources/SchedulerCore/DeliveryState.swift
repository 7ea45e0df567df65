/// Where one (post, account) delivery stands; the store keeps these exact strings.
///
/// `scheduled` → `publishing` → `published`; `publishing` → `retrying` → `publishing`;
/// `publishing` → `failed` or `unknown`; `scheduled` → `handed_off` → `published` or `expired`;
/// `scheduled` → `missed`; any unfinished state → `cancelled`; `draft` → `scheduled` when the draft is given a time;
/// `awaiting_approval` → `scheduled` when an owner approves it, → `cancelled` when one rejects it.
public enum DeliveryState: String, Codable, Sendable, CaseIterable {
    /// A post kept without a time: validated, never due, until it is scheduled.
    case draft
    /// Scheduled by an editor where `[web] require_approval` is on: it has its time but is never due until an owner
    /// approves it (and then follows the lateness rules like any post that comes due late).
    case awaitingApproval = "awaiting_approval"
    case scheduled
    case publishing
    case retrying
    case published
    case failed
    case unknown
    case handedOff = "handed_off"
    case expired
    case missed
    case cancelled

    /// States from which a delivery can still be published or cancelled.
    public var isUnfinished: Bool {
        switch self {
        case .draft, .awaitingApproval, .scheduled, .publishing, .retrying, .unknown, .handedOff: true
        case .published, .failed, .expired, .missed, .cancelled: false
        }
    }
}

/// The names `schedctl list --state` accepts: one delivery state, or a group of them.
public enum StateFilter: Sendable, Equatable {
    case states(Set<DeliveryState>)
    case all

    /// Every unfinished delivery that is still waiting for its time or its retry.
    public static let pending = StateFilter.states([.scheduled, .retrying, .publishing])

    /// Parses `pending`, `all`, or a delivery state name such as `published` or `handed_off`.
    public init?(name: String) {
        let normalized = name.lowercased().replacingOccurrences(of: "-", with: "_")
        switch normalized {
        case "all": self = .all
        case "pending": self = .pending
        default:
            guard let state = DeliveryState(rawValue: normalized) else { return nil }
            self = .states([state])
        }
    }

    /// Whether a delivery in `state` is one this filter asks for.
    public func matches(_ state: DeliveryState) -> Bool {
        switch self {
        case .all: true
        case .states(let states): states.contains(state)
        }
    }

    /// The names a person may type, for error messages and help.
    public static var acceptedNames: [String] {
        ["pending", "all"] + DeliveryState.allCases.map(\.rawValue)
    }
}
