import Connectors
import Foundation
import SchedulerCore

/// The API versions the daemon speaks that are retired or retire within 60 days, checked at start: LinkedIn
/// then refuses every call (426), and Graph silently serves an older version, so a person should hear
/// about it before, not after.
public struct APIVersionWarnings {
    /// One network's warning, naming the setting to change.
    public struct Warning: Sendable, Equatable {
        public var network: Network
        public var message: String
    }

    /// The warnings for the networks `configuration` publishes to (every one in sandbox mode) at `now`.
    public static func check(_ configuration: DaemonConfiguration, now: Date) -> [Warning] {
        var warnings: [Warning] = []
        if configuration.sandbox || configuration.facebook.appID != nil,
           let message = GraphVersions.lifetime(of: configuration.facebook.graphVersion).warning(setting: "networks.facebook.graph_version", now: now) {
            warnings.append(Warning(network: .facebook, message: message))
        }
        if configuration.sandbox || configuration.linkedin.clientID != nil,
           let message = LinkedInVersions.lifetime(of: configuration.linkedin.version).warning(setting: "networks.linkedin.version", now: now) {
            warnings.append(Warning(network: .linkedin, message: message))
        }
        return warnings
    }
}
