import Connectors
import Foundation
import SchedulerCore

/// The API versions the daemon speaks that are retired or retire within 60 days, checked at start: LinkedIn
/// then refuses every call (426), and Graph silently serves an older version, so a person should hear
/// about it before, not after.
package struct APIVersionWarnings {
    /// One network's warning, naming the setting to change.
    package struct Warning: Sendable, Equatable {
        package var network: Network
        package var message: String
    }

    /// The warnings for the networks `configuration` publishes to (every one in sandbox mode) at `now`.
    package static func check(_ configuration: DaemonConfiguration, now: Date) -> [Warning] {
        configuredVersions(configuration).compactMap { version in
            version.lifetime.warning(setting: version.setting, now: now).map { Warning(network: version.lifetime.network, message: $0) }
        }
    }

    /// The versions the apps `configuration` publishes with speak (every app's in sandbox mode), each with the setting
    /// that names it: what the start-up warnings and `schedctl doctor` both judge.
    package static func configuredVersions(_ configuration: DaemonConfiguration) -> [(lifetime: APIVersionLifetime, setting: String)] {
        var versions: [(lifetime: APIVersionLifetime, setting: String)] = []
        if configuration.sandbox || configuration.facebook.appID != nil {
            versions.append((GraphVersions.lifetime(of: configuration.facebook.graphVersion), "networks.facebook.graph_version"))
        }
        if configuration.sandbox || configuration.linkedin.clientID != nil {
            versions.append((LinkedInVersions.lifetime(of: configuration.linkedin.version), "networks.linkedin.version"))
        }
        return versions
    }
}
