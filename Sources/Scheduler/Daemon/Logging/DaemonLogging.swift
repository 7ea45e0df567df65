import Logging

/// The daemon's log handlers: text or JSON lines on standard error (the journal, under systemd), at the configured
/// level, secrets masked either way.
package enum DaemonLogging {
    /// Installs the handlers once, at start; `LoggingSystem.bootstrap` may be called only once per process.
    package static func bootstrap(format: LogFormat, level: Logger.Level) {
        LoggingSystem.bootstrap { label in handler(label: label, format: format, level: level) }
    }

    /// A handler for `label`; `write` replaces standard error for the JSON format (tests read it).
    package static func handler(label: String, format: LogFormat, level: Logger.Level,
                               write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) -> any LogHandler {
        switch format {
        case .text:
            var handler = RedactingLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        case .json:
            var handler = JSONLogHandler(label: label, metadataProvider: LoggingSystem.metadataProvider, write: write)
            handler.logLevel = level
            return handler
        }
    }
}
