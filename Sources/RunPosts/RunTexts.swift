import Foundation
import RunSummary
import SchedulerCore

/// The text of a run's post for each network, from the built-in templates or the person's own.
public struct RunTexts: Sendable {
    public init() {}

    public func text(for network: Network, summary: RunSummary, units: Units) throws -> String {
        summary.title
    }
}
