import Logging
import SchedulerServer

/// Passes events on to another handler with their metadata redacted (``LogRedaction``): the text format is
/// swift-log's `StreamLogHandler` behind one of these, so both formats mask the same things.
package struct RedactingLogHandler<Wrapped: LogHandler>: LogHandler {
    private var wrapped: Wrapped

    package init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    package var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    package var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    package var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = LogRedaction.redact(newValue) }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue.map { LogRedaction.redact($0, key: key) } }
    }

    package func log(event: LogEvent) {
        var event = event
        event.metadata = event.metadata.map(LogRedaction.redact)
        wrapped.log(event: event)
    }
}
