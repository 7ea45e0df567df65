/// What the command line may say over the configuration file.
package struct DaemonOptions: Sendable {
    package var configPath: String?
    package var sandbox: Bool = false
    package var stateDirectory: String?
    package var socketPath: String?
    package var logLevel: String?
    package var logFormat: String?

    package init() {}
}

extension DaemonConfiguration {
    /// The configuration file (if any) with the command line applied on top.
    package static func resolve(_ options: DaemonOptions, environment: [String: String]) throws(ConfigurationError) -> (DaemonConfiguration, source: String) {
        var configuration = DaemonConfiguration()
        var source = "embedded defaults"
        if let path = ConfigurationLoader.path(explicit: options.configPath, environment: environment) {
            configuration = try ConfigurationLoader.load(path: path)
            configuration.configurationFile = path
            source = path
        }
        if options.sandbox { configuration.sandbox = true }
        if let stateDirectory = options.stateDirectory { configuration.stateDirectory = stateDirectory }
        if let socketPath = options.socketPath { configuration.socketPath = socketPath }
        if let level = options.logLevel {
            guard let parsed = Logger.Level(rawValue: level) else {
                throw ConfigurationError("--log-level '\(level)' is not one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.logLevel = parsed
        }
        if let format = options.logFormat {
            guard let parsed = LogFormat(rawValue: format) else { throw ConfigurationError("--log-format '\(format)' is not \(LogFormat.choices)") }
            configuration.logFormat = parsed
        }
        if !configuration.sandbox, configuration.runs.map?.tiles == RunMapSettings.sandboxTiles {
            throw ConfigurationError("\(source): runs.map.tiles = \"sandbox\" draws the sandbox's made-up tiles and needs --sandbox; "
                + "give a tile server's address, such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\"")
        }
        if !configuration.sandbox, configuration.x.consumerKey != nil, configuration.x.consumerSecretFile == nil,
           environment["CREDENTIALS_DIRECTORY"] == nil {
            throw ConfigurationError("\(source): networks.x.consumer_key is set but networks.x.consumer_secret_file is not")
        }
        return (configuration, source)
    }
}

import Logging
import SchedulerServices
