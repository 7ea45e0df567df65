import SchedulerCore

/// The colour of a state, the same on every screen: published green, failed and its kin red, waiting cyan, handed
/// to the person yellow, drafts dim, cancelled struck through.
public enum Style: String, Sendable, Equatable {
    case good = "32"
    case bad = "31"
    case waiting = "36"
    case person = "33"
    case dim = "2"
    case struck = "9;2"

    public init(_ state: DeliveryState) {
        self = switch state {
        case .published: .good
        case .failed, .missed, .expired, .unknown: .bad
        case .scheduled, .publishing, .retrying: .waiting
        case .handedOff, .awaitingApproval: .person
        case .draft: .dim
        case .cancelled: .struck
        }
    }

    /// `text` wrapped in this style's ANSI escape.
    public func paint(_ text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }
}
